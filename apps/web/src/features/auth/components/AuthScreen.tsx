import type { FormEvent, ReactNode } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader';

interface AuthScreenProps {
  title: string;
  subtitle?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** Primary button(s), pinned to the bottom of the screen. */
  actions: ReactNode;
  backTo?: string;
  /** Extra content under the button (links). */
  footer?: ReactNode;
}

/** Shared frame of the sign-in screens: back button, title, form, bottom-pinned action. */
export function AuthScreen({
  title,
  subtitle,
  onSubmit,
  children,
  actions,
  backTo,
  footer,
}: AuthScreenProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-white px-6">
      <ScreenHeader backTo={backTo} />
      <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
        <div className="pt-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm leading-relaxed text-muted">{subtitle}</p> : null}
        </div>
        <div className="mt-8 grid gap-5">{children}</div>
        <div className="mt-auto grid gap-4 pt-10 pb-[max(env(safe-area-inset-bottom),1.5rem)]">
          {actions}
          {footer}
        </div>
      </form>
    </main>
  );
}
