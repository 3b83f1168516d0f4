import type { FormEvent, ReactNode } from 'react';
import { messages } from '@owo/shared/messages';
import { AlertCircleIcon, WalletIcon } from '../../../components/more-icons';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { Skeleton } from '../../../components/Skeleton';
import { useCurrentUser } from '../../../lib/current-user';
import { formatNaira } from '../../../lib/money';
import { useSession } from '../../../lib/session-store';
import { readJson, storageKeys } from '../../../lib/storage';

interface PurchaseLayoutProps {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** The bottom-pinned action (Continue). */
  action: ReactNode;
  /** False when an admin switched the service off. */
  available?: boolean;
}

/** Frame of the purchase screens: back to home, title, wallet balance, cards, pinned action. */
export function PurchaseLayout({
  title,
  onSubmit,
  children,
  action,
  available = true,
}: PurchaseLayoutProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-surface">
      <div className="sticky top-0 z-20 bg-surface/95 px-5 pt-[env(safe-area-inset-top)] backdrop-blur">
        <ScreenHeader title={title} backTo="/home" trailing={<BalancePill />} />
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
        <div className="grid grid-cols-1 gap-4 px-5 pt-1 pb-6">
          {available ? null : (
            <p
              role="status"
              className="flex items-start gap-2 rounded-2xl bg-accent-100 px-4 py-3 text-sm text-accent-600"
            >
              <AlertCircleIcon size={18} className="mt-0.5 shrink-0" />
              {messages.serviceShutdown}
            </p>
          )}
          {children}
        </div>
        <div className="sticky bottom-0 z-10 mt-auto border-t border-line bg-white/95 px-5 pt-3 backdrop-blur safe-bottom">
          {action}
        </div>
      </form>
    </main>
  );
}

/** The wallet balance, so the customer knows what they can spend (respects "hide balance"). */
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
        <span data-testid="purchase-balance" className="amount">
          {hidden ? '***' : formatNaira(balance)}
        </span>
      )}
    </p>
  );
}

/** A white card with a small heading, the building block of the purchase forms. */
export function FormCard({
  title,
  children,
  aside,
}: {
  title?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="rounded-3xl bg-white p-4 shadow-card">
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
