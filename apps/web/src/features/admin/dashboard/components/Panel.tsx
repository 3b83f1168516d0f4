import type { ReactNode } from 'react';
import { adminMessages } from '@owo/shared/admin-messages';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { Skeleton } from '../../../../components/Skeleton';

/** A titled dashboard card; `busy` marks it while its figures load (tests and screen readers). */
export function Panel({
  title,
  aside,
  busy = false,
  children,
  className = '',
}: {
  title: string;
  aside?: ReactNode;
  busy?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      aria-busy={busy || undefined}
      className={`rounded-3xl bg-white p-4 shadow-card ${className}`}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-ink">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** What a panel shows when its call failed: the spec's text and a retry. */
export function PanelError({
  onRetry,
  tone = 'light',
}: {
  onRetry: () => void;
  tone?: 'light' | 'dark';
}) {
  const dark = tone === 'dark';
  return (
    <div
      role="alert"
      className={`flex items-center gap-3 rounded-2xl px-3 py-3 text-sm ${
        dark ? 'bg-white/10 text-white' : 'bg-danger/5 text-ink'
      }`}
    >
      <AlertCircleIcon size={20} className={`shrink-0 ${dark ? 'text-white' : 'text-danger'}`} />
      <p className="flex-1">{adminMessages.genericError}</p>
      <button
        type="button"
        onClick={onRetry}
        className={`min-h-10 shrink-0 rounded-xl px-3 text-sm font-semibold ${
          dark ? 'bg-white text-brand-800' : 'bg-white text-brand-700 ring-1 ring-line'
        }`}
      >
        Retry
      </button>
    </div>
  );
}

/** A label over a figure; the figure is a skeleton while undefined. */
export function Figure({
  label,
  value,
  testId,
  dot,
  icon,
  className = '',
}: {
  label: string;
  value: string | undefined;
  testId: string;
  dot?: string;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={`flex min-w-0 flex-col justify-between gap-1 rounded-2xl bg-surface px-3 py-3 ${className}`}
    >
      <p className="flex items-center gap-1.5 text-xs leading-tight font-medium text-muted">
        {icon ? (
          <span className="grid size-6 shrink-0 place-items-center rounded-lg bg-white text-brand-700">
            {icon}
          </span>
        ) : null}
        {dot ? (
          <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${dot}`} />
        ) : null}
        {label}
      </p>
      {value === undefined ? (
        <Skeleton className="mt-1 ml-auto h-5 w-16" />
      ) : (
        <p data-figure className="truncate text-right text-base font-bold amount">
          {value}
        </p>
      )}
    </div>
  );
}
