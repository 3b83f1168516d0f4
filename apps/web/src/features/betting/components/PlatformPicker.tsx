import type { BillerDto } from '@owo/shared/api-types';
import { BETTING_PLATFORMS_SHOWN } from '@owo/shared/constants';
import { Skeleton } from '../../../components/Skeleton';
import { BillerLogo } from './BillerLogo';

interface PlatformPickerProps {
  billers: readonly BillerDto[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selected: string | null;
  onSelect: (biller: BillerDto) => void;
  expanded: boolean;
  onExpand: () => void;
  error?: string;
}

/**
 * The platform icons (spec §2 Betting): the first three and a "More" tile that shows them all.
 */
export function PlatformPicker({
  billers,
  loading,
  failed,
  onRetry,
  selected,
  onSelect,
  expanded,
  onExpand,
  error,
}: PlatformPickerProps) {
  if (loading) {
    return (
      <ul aria-label="Loading betting platforms" className="grid grid-cols-4 gap-2">
        {Array.from({ length: BETTING_PLATFORMS_SHOWN + 1 }, (_, i) => (
          <li key={i} className="flex flex-col items-center gap-2 py-2">
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-3 w-12" />
          </li>
        ))}
      </ul>
    );
  }
  if (failed || !billers) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface px-4 py-3">
        <p className="text-sm text-muted">Betting platforms could not be loaded.</p>
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Try again
        </button>
      </div>
    );
  }
  if (billers.length === 0) {
    return <p className="text-sm text-muted">No betting platforms are available right now.</p>;
  }

  const collapsible = billers.length > BETTING_PLATFORMS_SHOWN;
  const shown = expanded || !collapsible ? billers : billers.slice(0, BETTING_PLATFORMS_SHOWN);
  return (
    <div>
      <ul
        id="betting-platforms"
        aria-label="Betting platforms"
        className="grid grid-cols-4 gap-x-2 gap-y-1"
      >
        {shown.map((biller) => {
          const active = biller.billerId === selected;
          return (
            <li key={biller.billerId}>
              <button
                type="button"
                onClick={() => onSelect(biller)}
                aria-pressed={active}
                className="group flex w-full flex-col items-center gap-1.5 rounded-2xl px-1 py-2 text-center transition-colors hover:bg-surface"
              >
                <span
                  className={`relative rounded-full p-0.5 ring-2 transition-colors ${
                    active ? 'ring-brand-600' : 'ring-transparent'
                  }`}
                >
                  <BillerLogo name={biller.billerName} icon={biller.billerIcon} />
                  {active ? (
                    <span
                      aria-hidden="true"
                      className="absolute -right-0.5 -bottom-0.5 grid size-5 place-items-center rounded-full bg-brand-600 text-white ring-2 ring-white"
                    >
                      <TickIcon />
                    </span>
                  ) : null}
                </span>
                <span
                  className={`w-full truncate text-xs ${active ? 'font-semibold text-brand-800' : 'font-medium text-ink'}`}
                >
                  {biller.billerName}
                </span>
              </button>
            </li>
          );
        })}
        {collapsible && !expanded ? (
          <li>
            <button
              type="button"
              onClick={onExpand}
              aria-expanded={false}
              aria-controls="betting-platforms"
              className="flex w-full flex-col items-center gap-1.5 rounded-2xl px-1 py-2 text-center transition-colors hover:bg-surface"
            >
              <span className="p-0.5">
                <span className="grid size-12 place-items-center rounded-full bg-surface text-brand-700 ring-1 ring-line">
                  <GridIcon />
                </span>
              </span>
              <span className="w-full truncate text-xs font-medium text-ink">More</span>
            </button>
          </li>
        ) : null}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function GridIcon() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="6" cy="6" r="2" fill="currentColor" />
      <circle cx="12" cy="6" r="2" fill="currentColor" />
      <circle cx="18" cy="6" r="2" fill="currentColor" />
      <circle cx="6" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="18" cy="12" r="2" fill="currentColor" />
      <circle cx="6" cy="18" r="2" fill="currentColor" />
      <circle cx="12" cy="18" r="2" fill="currentColor" />
      <circle cx="18" cy="18" r="2" fill="currentColor" />
    </svg>
  );
}

function TickIcon() {
  return (
    <svg
      width={12}
      height={12}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}
