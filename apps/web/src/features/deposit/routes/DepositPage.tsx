import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { FUNDING_COUNTDOWN_S } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { Button, buttonClasses } from '../../../components/Button';
import { AlertCircleIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { formatNaira } from '../../../lib/money';
import { readFundingState } from '../../../lib/deposit/funding-state';
import { PaymentDetailsCard, PermanentPill } from '../../../components/deposit/PaymentDetailsCard';
import { formatCountdown } from '../../../lib/deposit/use-countdown';
import { useFundingCheck } from '../../../lib/deposit/use-funding-check';

/**
 * Bank-transfer funding screen (spec §2): the account to pay into, handed over in navigation
 * state, the 10-minute countdown, the copy action and the status check (at zero, on unload, or
 * early with "I have paid").
 */
export function DepositPage() {
  const location = useLocation();
  const details = useMemo(() => readFundingState(location.state), [location.state]);
  const funding = useFundingCheck(details);

  if (!details) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-surface px-5">
        <ScreenHeader title="Bank transfer" backTo="/home" />
        <div className="mt-10 rounded-3xl bg-white p-6 text-center shadow-card">
          <div className="mx-auto mb-4 grid size-14 place-items-center rounded-full bg-accent-100 text-accent-600">
            <AlertCircleIcon size={26} />
          </div>
          <p className="font-semibold text-ink">{messages.swapNoTransactionData}</p>
          <p className="mt-1 text-sm text-muted">
            Start a deposit from the Deposit button on Home.
          </p>
          <Link to="/home" className={`${buttonClasses()} mt-6`}>
            Go to Home
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-surface">
      <div className="px-5 pt-[env(safe-area-inset-top)]">
        <ScreenHeader title="Bank transfer" backTo="/home" />
      </div>
      <div className="grid gap-4 px-5 pt-1 pb-6">
        <section className="flex flex-col items-center rounded-3xl bg-white px-4 pt-5 pb-4 text-center shadow-card">
          {details.permanent ? (
            <PermanentPill />
          ) : (
            <CountdownRing secondsLeft={funding.secondsLeft} />
          )}
          <p className="mt-3 text-sm text-muted">
            Transfer{details.permanent ? ' ' : ' exactly '}
            <strong className="font-semibold text-ink amount">
              {formatNaira(details.amountToPay)}
            </strong>{' '}
            {details.permanent
              ? 'to your permanent account, now or any time later.'
              : 'before the time runs out.'}
          </p>
        </section>

        <PaymentDetailsCard details={details} />

        <ol className="grid gap-3 rounded-3xl bg-white p-4 text-sm shadow-card">
          {[
            'Copy the account number above.',
            'Open your bank app and transfer the exact amount.',
            'Tap “I have paid”: your wallet is credited as soon as the money arrives.',
          ].map((step, index) => (
            <li key={step} className="flex gap-3">
              <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                {index + 1}
              </span>
              <span className="pt-0.5 text-ink">{step}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="sticky bottom-0 z-10 mt-auto border-t border-line bg-white/95 px-5 pt-3 backdrop-blur safe-bottom">
        <Button onClick={funding.check} loading={funding.checking}>
          I have paid
        </Button>
      </div>
    </main>
  );
}

/** The countdown as a draining ring, "Expires in m:ss" in words for everyone. */
function CountdownRing({ secondsLeft }: { secondsLeft: number }) {
  const radius = 44;
  const circumference = 2 * Math.PI * radius;
  const fraction = Math.min(1, secondsLeft / FUNDING_COUNTDOWN_S);
  const urgent = secondsLeft <= 60;
  return (
    <div className="relative grid size-32 place-items-center">
      <svg viewBox="0 0 100 100" className="absolute inset-0 -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="6" className="stroke-line" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - fraction)}
          className={`transition-[stroke-dashoffset] duration-1000 ease-linear ${
            urgent ? 'stroke-accent-500' : 'stroke-brand-600'
          }`}
        />
      </svg>
      <p role="timer" className="relative text-center">
        <span className="block text-xs text-muted">Expires in </span>
        <span className="block text-2xl font-bold text-ink amount">
          {formatCountdown(secondsLeft)}
        </span>
      </p>
    </div>
  );
}
