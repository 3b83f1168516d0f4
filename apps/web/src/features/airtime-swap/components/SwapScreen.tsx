import type { ReactNode } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader';

/** Frame of the airtime-to-cash screens: sticky header, content column, optional pinned footer. */
export function SwapScreen({
  title,
  backTo,
  trailing,
  footer,
  children,
}: {
  title: string;
  backTo?: string;
  trailing?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-surface">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={title} backTo={backTo} trailing={trailing} />
      </div>
      <div className="grid flex-1 grid-cols-1 content-start gap-4 px-5 pt-1 pb-6">{children}</div>
      {footer ? (
        <div className="sticky bottom-0 z-10 mt-auto border-t border-line bg-white/95 px-5 pt-3 backdrop-blur safe-bottom">
          {footer}
        </div>
      ) : null}
    </main>
  );
}

/** A white card with an optional small heading. */
export function Card({
  title,
  aside,
  children,
  className = '',
}: {
  title?: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-3xl bg-white p-4 shadow-card ${className}`}>
      {title ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold">{title}</h2>
          {aside}
        </div>
      ) : null}
      {children}
    </section>
  );
}
