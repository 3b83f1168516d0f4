import type { FormEvent, ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { Skeleton } from '../../../components/Skeleton';
import { PageSpinner } from '../../../components/Spinner';
import { WalletIcon } from '../../../components/more-icons';
import { useCurrentUser } from '../../../lib/current-user';
import { formatNaira } from '../../../lib/money';
import { useSession } from '../../../lib/session-store';
import { readJson, storageKeys } from '../../../lib/storage';

/** Frame of /transfer: back, title and balance on top, the form, the action pinned below. */
export function TransferScreen({
  onSubmit,
  action,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-surface">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title="Transfer" backTo="/home" trailing={<BalancePill />} />
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
        <div className="grid grid-cols-1 gap-4 px-5 pt-1 pb-6">{children}</div>
        <div className="sticky bottom-0 z-10 mt-auto border-t border-line bg-white/95 px-5 pt-3 backdrop-blur safe-bottom">
          {action}
        </div>
      </form>
    </main>
  );
}

/** The wallet balance, so the sender knows what they can send (respects "hide balance"). */
function BalancePill() {
  const userQuery = useCurrentUser();
  const balance = useSession((s) => s.user.accountBalance);
  const hidden = readJson<boolean>(localStorage, storageKeys.balanceHidden) === true;
  return (
    <p
      aria-label="Wallet balance"
      className="flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 shadow-card"
    >
      <WalletIcon size={16} className="text-brand-600" />
      {userQuery.isPending ? (
        <Skeleton className="h-4 w-16" />
      ) : (
        <span data-testid="transfer-balance" className="amount">
          {hidden ? '***' : formatNaira(balance)}
        </span>
      )}
    </p>
  );
}

/**
 * Sending money needs a transaction PIN (spec §6): without one the user sets it first and comes
 * back here. A stale "no PIN" from the stored user waits for the fresh one before deciding.
 */
export function RequireTransferPin({ children }: { children: ReactNode }) {
  const hasPin = useSession((s) => s.user.hasSetTransactionPin);
  const userQuery = useCurrentUser();
  if (hasPin) return children;
  if (userQuery.isPending) return <PageSpinner />;
  return <Navigate to="/pin/create" replace state={{ returnPath: '/transfer' }} />;
}

/** "Safe & secure" (spec §2 Transfer): what the screen does, and that it is protected. */
export function SafeBanner() {
  return (
    <section
      aria-label="Safe & secure"
      className="flex items-start gap-3 rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
        <ShieldIcon size={20} />
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-brand-800">Safe &amp; secure</p>
        <p className="mt-0.5 text-sm text-brand-800/80">
          Send money instantly to any Owo user with their email address. Every transfer is approved
          with your transaction PIN.
        </p>
      </div>
    </section>
  );
}
