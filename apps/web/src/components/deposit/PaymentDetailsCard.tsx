import type { ReactNode } from 'react';
import { CopyButton } from '../CopyButton';
import { BankIcon, CheckIcon } from '../icons';
import { ClockIcon } from '../more-icons';
import { formatNaira } from '../../lib/money';
import type { PaymentDetails } from '../../lib/deposit/deposit-api';
import { formatCountdown } from '../../lib/deposit/use-countdown';

/**
 * The account to pay into: bank, account number (copy: "Account number copied to clipboard!"),
 * account name and the exact amount. Used by the home payment-details sheet and /deposit.
 */
export function PaymentDetailsCard({ details }: { details: PaymentDetails }) {
  return (
    <div className="overflow-hidden rounded-3xl border border-line bg-white">
      <div className="bg-brand-50 px-4 py-4 text-center">
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">Amount to pay</p>
        <p data-testid="amount-to-pay" className="mt-1 text-3xl font-bold text-ink amount">
          {formatNaira(details.amountToPay)}
        </p>
      </div>
      <dl className="divide-y divide-line px-4">
        <Row label="Bank name">
          <span className="inline-flex items-center gap-2">
            <BankIcon size={16} className="text-brand-600" />
            {details.bankName}
          </span>
        </Row>
        <Row label="Account number">
          <span className="flex items-center justify-end gap-1">
            <span
              data-testid="account-number"
              className="text-lg font-bold tracking-wider text-ink amount"
            >
              {details.accountNumber}
            </span>
            <CopyButton value={details.accountNumber} label="Account number" className="-mr-3" />
          </span>
        </Row>
        <Row label="Account name">{details.accountName}</Row>
      </dl>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-13 items-center justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-semibold break-words text-ink">{children}</dd>
    </div>
  );
}

/** "Expires in m:ss"; turns amber in the last minute. */
export function CountdownPill({ secondsLeft }: { secondsLeft: number }) {
  const urgent = secondsLeft <= 60;
  return (
    <p
      role="timer"
      aria-live="off"
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold amount ${
        urgent ? 'bg-accent-100 text-accent-600' : 'bg-surface text-ink'
      }`}
    >
      <ClockIcon size={16} />
      Expires in {formatCountdown(secondsLeft)}
    </p>
  );
}

/** A permanent account in place of the countdown: it never expires. */
export function PermanentPill() {
  return (
    <p
      data-testid="permanent-pill"
      className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700"
    >
      <CheckIcon size={16} />
      Your permanent account · never expires
    </p>
  );
}
