import type { ReactNode } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { LockIcon } from '../../../components/icons';
import { Spinner } from '../../../components/Spinner';

interface PinScreenProps {
  title: string;
  subtitle: ReactNode;
  busy?: boolean;
  /** Step indicator, e.g. "Step 2 of 3". */
  step?: string;
  children: ReactNode;
  backTo?: string;
  /** 'top' for a code typed on the phone's own keyboard, which would cover the foot. */
  placement?: 'bottom' | 'top';
}

/** Full-screen frame for PIN entry: heading on top, keypad towards the thumb. */
export function PinScreen({
  title,
  subtitle,
  busy = false,
  step,
  children,
  backTo,
  placement = 'bottom',
}: PinScreenProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-white px-6">
      <ScreenHeader backTo={backTo} />
      <div className="flex flex-col items-center pt-4 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <LockIcon size={26} />
        </span>
        {step ? (
          <p className="mt-4 text-xs font-semibold tracking-wide text-accent-600 uppercase">
            {step}
          </p>
        ) : null}
        <h1 className="mt-2 text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted">{subtitle}</p>
      </div>
      <div
        className={`relative pb-[max(env(safe-area-inset-bottom),2rem)] ${
          placement === 'top' ? 'pt-8' : 'mt-auto pt-10'
        }`}
      >
        {children}
        {busy ? (
          <div
            role="status"
            className="absolute inset-0 grid place-items-center bg-white/70 text-brand-600"
          >
            <Spinner size={28} />
            <span className="sr-only">Checking</span>
          </div>
        ) : null}
      </div>
    </main>
  );
}
