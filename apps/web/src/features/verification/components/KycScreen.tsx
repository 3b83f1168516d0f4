import type { FormEvent, ReactNode } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader';

const STEPS = ['Your details', 'Identity', 'Code'] as const;

interface KycScreenProps {
  /** 1-3: which step of the permanent-account journey this is. */
  step: 1 | 2 | 3;
  title: string;
  subtitle?: ReactNode;
  backTo: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** The bottom-pinned primary action. */
  actions: ReactNode;
}

/** Frame of the KYC screens: back, a three-step progress line, title, form, pinned action. */
export function KycScreen({
  step,
  title,
  subtitle,
  backTo,
  onSubmit,
  children,
  actions,
}: KycScreenProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-white px-6">
      <ScreenHeader backTo={backTo} trailing={<StepLabel step={step} />} />
      <ol aria-label="Progress" className="grid grid-cols-3 gap-1.5">
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index + 1 === step ? 'step' : undefined}
            className={`h-1.5 rounded-full ${index < step ? 'bg-brand-600' : 'bg-line'}`}
          >
            <span className="sr-only">{label}</span>
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
        <div className="pt-6">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm leading-relaxed text-muted">{subtitle}</p> : null}
        </div>
        <div className="mt-7 grid gap-5">{children}</div>
        <div className="mt-auto grid gap-3 pt-10 pb-[max(env(safe-area-inset-bottom),1.5rem)]">
          {actions}
        </div>
      </form>
    </main>
  );
}

function StepLabel({ step }: { step: number }) {
  return (
    <span className="text-xs font-semibold text-muted">
      Step {step} of {STEPS.length}
    </span>
  );
}
