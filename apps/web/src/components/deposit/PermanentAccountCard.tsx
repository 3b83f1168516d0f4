import { CopyButton } from '../CopyButton';
import { BankIcon } from '../icons';

interface PermanentAccountCardProps {
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** One line under the number ("Transfers to this account fund your wallet."). */
  note?: string;
}

/** A verified customer's own account number, with the copy action. */
export function PermanentAccountCard({
  bankName,
  accountNumber,
  accountName,
  note,
}: PermanentAccountCardProps) {
  return (
    <section
      aria-label="Your permanent account"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 p-4 text-white shadow-card"
    >
      <div
        aria-hidden="true"
        className="absolute -top-12 -right-8 size-32 rounded-full bg-white/8"
      />
      <div className="relative flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white/15">
          <BankIcon size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs text-brand-100">Your permanent account</p>
          <p className="truncate text-sm font-semibold">{bankName}</p>
        </div>
      </div>
      <div className="relative mt-3 flex items-center justify-between gap-2 rounded-2xl bg-white/10 py-1 pr-1 pl-4">
        <span
          data-testid="permanent-account-number"
          className="text-xl font-bold tracking-widest amount"
        >
          {accountNumber}
        </span>
        <CopyButton
          value={accountNumber}
          label="Account number"
          withText
          className="bg-white text-brand-800 hover:bg-brand-50"
        />
      </div>
      <p className="relative mt-2 truncate text-xs text-brand-100">{accountName}</p>
      {note ? <p className="relative mt-1 text-xs text-brand-100">{note}</p> : null}
    </section>
  );
}
