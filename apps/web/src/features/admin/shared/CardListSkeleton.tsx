import { Skeleton } from '../../../components/Skeleton';

/**
 * What an admin list of cards (avatar, name, e-mail, status pill, detail lines) shows while its
 * first page loads.
 */
export function CardListSkeleton({ lines = 1, testId }: { lines?: number; testId?: string }) {
  return (
    <div className="grid gap-3" aria-hidden="true" data-testid={testId}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-3xl bg-white p-4 shadow-card">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-28" />
              <Skeleton className="h-3 w-40" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
          <div className="mt-4 space-y-2">
            {Array.from({ length: lines }, (_, line) => (
              <Skeleton key={line} className={`h-3 ${line % 2 ? 'w-3/4' : 'w-full'}`} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
