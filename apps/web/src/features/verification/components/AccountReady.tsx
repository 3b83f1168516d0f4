import { Link } from 'react-router';
import type { AccountDto } from '@owo/shared/api-types';
import { buttonClasses } from '../../../components/Button';
import { CheckIcon } from '../../../components/icons';
import { useAwaitingMoney } from '../../../lib/live-updates';
import { PermanentAccountCard } from '../../../components/deposit/PermanentAccountCard';

type Account = Pick<AccountDto, 'bankName' | 'accountName' | 'accountNumber'>;

/** The end of KYC: the customer's permanent account, ready to receive transfers. */
export function AccountReady({ account, fresh }: { account: Account; fresh: boolean }) {
  // The customer is likely to send money to the account now: the balance follows it closely.
  useAwaitingMoney();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-white px-6 pt-[max(env(safe-area-inset-top),2rem)]">
      <div className="flex flex-1 flex-col items-center pt-8 text-center">
        <div className="grid size-20 animate-pop-in place-items-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/60">
          <CheckIcon size={38} strokeWidth={2.4} />
        </div>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink">
          {fresh ? 'Your account is ready' : 'You are verified'}
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          This is your permanent bank account. Send money to it from any bank app and it lands in
          your wallet.
        </p>
        <div className="mt-8 w-full text-left">
          <PermanentAccountCard
            bankName={account.bankName}
            accountNumber={account.accountNumber}
            accountName={account.accountName}
          />
        </div>
      </div>
      <div className="pt-10 pb-[max(env(safe-area-inset-bottom),1.5rem)]">
        <Link to="/home" replace className={buttonClasses()}>
          Go to Home
        </Link>
      </div>
    </main>
  );
}
