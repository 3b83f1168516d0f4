import type { ReactNode } from 'react';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { EmptyState } from '../../../../components/EmptyState';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { Skeleton } from '../../../../components/Skeleton';

/** A section's title line: its name and, when known, a count beside it. */
export function SectionTitle({
  id,
  title,
  aside,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <h2 id={id} className="text-base font-semibold text-ink">
        {title}
      </h2>
      {aside}
    </div>
  );
}

/** A failed first load: what failed and a retry. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={<AlertCircleIcon size={26} />}
      title={title}
      action={
        <Button variant="secondary" block={false} onClick={onRetry}>
          {t.tryAgain}
        </Button>
      }
    />
  );
}

/** Cards in the shape of the list they stand for, while its first page loads. */
export function CardsSkeleton({ withFooter }: { withFooter: boolean }) {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {[0, 1].map((i) => (
        <div key={i} className="overflow-hidden rounded-3xl bg-white shadow-card">
          <div className="flex items-center gap-3 p-4">
            <Skeleton className="size-10 rounded-2xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-32" />
              <Skeleton className="h-3 w-44" />
            </div>
            <Skeleton className="h-4 w-16" />
          </div>
          {withFooter ? (
            <div className="space-y-2 border-t border-line px-4 py-3">
              <Skeleton className="h-3 w-28" />
              <Skeleton className="h-3 w-4/5" />
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
