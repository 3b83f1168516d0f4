import type { FormEvent, ReactNode } from 'react';
import { ScreenHeader } from './ScreenHeader';

/** Frame of the service screens: a sticky header (back, title, trailing) over a column. */
export function ScreenLayout({
  title,
  backTo,
  trailing,
  titleIsHeading,
  children,
}: {
  title: string;
  backTo?: string;
  trailing?: ReactNode;
  /** False when the body carries the screen's <h1> (see ScreenHeader). */
  titleIsHeading?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-surface">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader
          title={title}
          backTo={backTo}
          trailing={trailing}
          titleIsHeading={titleIsHeading}
        />
      </div>
      {children}
    </main>
  );
}

/** The bottom-pinned action bar (Continue, Pay, Submit …), above the safe area. */
export function PinnedFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 mt-auto border-t border-line bg-white/95 px-5 pt-3 backdrop-blur safe-bottom">
      {children}
    </div>
  );
}

/**
 * A form screen (purchases, transfer, betting): back to home, title, trailing, the form's cards,
 * and its submit action pinned below.
 */
export function FormScreen({
  title,
  trailing,
  onSubmit,
  action,
  children,
  after,
}: {
  title: string;
  trailing?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The bottom-pinned action. */
  action: ReactNode;
  children: ReactNode;
  /** Rendered after the form (sheets, dialogs). */
  after?: ReactNode;
}) {
  return (
    <ScreenLayout title={title} backTo="/home" trailing={trailing}>
      <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
        <div className="grid grid-cols-1 gap-4 px-5 pt-1 pb-6">{children}</div>
        <PinnedFooter>{action}</PinnedFooter>
      </form>
      {after}
    </ScreenLayout>
  );
}

/** A white card with an optional small heading, the building block of the service forms. */
export function Card({
  title,
  aside,
  children,
  className,
}: {
  title?: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={
        className
          ? `rounded-3xl bg-white p-4 shadow-card ${className}`
          : 'rounded-3xl bg-white p-4 shadow-card'
      }
    >
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
