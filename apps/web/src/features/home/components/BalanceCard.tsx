import { useState } from 'react';
import type { UserDto } from '@owo/shared/api-types';
import { EyeIcon, EyeOffIcon, PlusIcon, SendIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/Skeleton';
import { formatNaira } from '../../../lib/money';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

interface BalanceCardProps {
  user: UserDto;
  /** True until this visit's balance arrives: a stale balance is never shown as current. */
  loading: boolean;
  onTransfer: () => void;
  onDeposit: () => void;
}

export function BalanceCard({ user, loading, onTransfer, onDeposit }: BalanceCardProps) {
  const [hidden, setHidden] = useState(
    () => readJson<boolean>(localStorage, storageKeys.balanceHidden) === true,
  );
  const toggle = () => {
    setHidden(!hidden);
    writeJson(localStorage, storageKeys.balanceHidden, !hidden);
  };
  const account = user.accountDetails;

  return (
    <section
      aria-label="Wallet balance"
      className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-5 text-white shadow-card"
    >
      <div
        aria-hidden="true"
        className="absolute -top-16 -right-10 size-44 rounded-full bg-white/8"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-20 left-16 size-40 rounded-full bg-accent-400/10"
      />

      <div className="relative flex items-center gap-2 text-sm text-brand-100">
        <span>Wallet balance</span>
        <button
          type="button"
          onClick={toggle}
          aria-label={hidden ? 'Show balance' : 'Hide balance'}
          className="-my-2 grid size-11 place-items-center rounded-full hover:bg-white/10"
        >
          {hidden ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      </div>
      <div className="relative mt-1 h-10" aria-live="polite">
        {loading ? (
          <>
            <Skeleton className="h-9 w-44 bg-white/20" />
            <span className="sr-only">Loading balance</span>
          </>
        ) : (
          <p data-testid="wallet-balance" className="text-[2rem] leading-10 font-bold amount">
            {hidden ? '***' : formatNaira(user.accountBalance)}
          </p>
        )}
      </div>
      {account?.accountNumber ? (
        <p className="relative mt-2 text-xs text-brand-100 amount">
          {account.bankName} · {account.accountNumber}
        </p>
      ) : null}

      <div className="relative mt-5 grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onTransfer}
          className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-white/12 font-semibold ring-1 ring-white/20 transition-colors hover:bg-white/20"
        >
          <SendIcon size={18} />
          Transfer
        </button>
        <button
          type="button"
          onClick={onDeposit}
          className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-white font-semibold text-brand-800 transition-colors hover:bg-brand-50"
        >
          <PlusIcon size={18} />
          Deposit
        </button>
      </div>
    </section>
  );
}
