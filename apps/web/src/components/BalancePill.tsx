import { useCurrentUser } from '../lib/current-user';
import { formatNaira } from '../lib/money';
import { useSession } from '../lib/session-store';
import { readJson, storageKeys } from '../lib/storage';
import { WalletIcon } from './more-icons';
import { Skeleton } from './Skeleton';

/** The wallet balance as shown on the service screens: loading, or ₦ text ("***" when hidden). */
export function useShownBalance(): { loading: boolean; text: string } {
  const userQuery = useCurrentUser();
  const balance = useSession((s) => s.user.accountBalance);
  const hidden = readJson<boolean>(localStorage, storageKeys.balanceHidden) === true;
  return { loading: userQuery.isPending, text: hidden ? '***' : formatNaira(balance) };
}

/** The wallet balance, so the customer knows what they can spend (respects "hide balance"). */
export function BalancePill({ testId }: { testId: string }) {
  const balance = useShownBalance();
  return (
    <p
      aria-label="Wallet balance"
      className="flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 shadow-card"
    >
      <WalletIcon size={16} className="text-brand-600" />
      {balance.loading ? (
        <Skeleton className="h-4 w-16" />
      ) : (
        <span data-testid={testId} className="amount">
          {balance.text}
        </span>
      )}
    </p>
  );
}
