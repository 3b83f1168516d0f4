import { Link } from 'react-router';
import { messages } from '@owo/shared/messages';
import { formatKobo } from '@owo/shared/money';
import { BellIcon, ChevronRightIcon, LockIcon, SwapIcon } from '../../../components/icons';
import { swapAwaitsCustomer, type PendingSwap } from '../api/home-api';

interface NotificationCardProps {
  needsPin: boolean;
  pendingSwap: PendingSwap | null;
}

/** Things the user should finish: set a PIN, complete a pending airtime-to-cash swap. */
export function NotificationCard({ needsPin, pendingSwap: open }: NotificationCardProps) {
  const pendingSwap = swapAwaitsCustomer(open) ? open : null;
  if (!needsPin && !pendingSwap) return null;
  return (
    <section aria-labelledby="notification-title" className="rounded-3xl bg-white p-4 shadow-card">
      <h2 id="notification-title" className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <BellIcon size={16} className="text-accent-500" />
        Notification
      </h2>
      <ul className="divide-y divide-line">
        {needsPin ? (
          <li>
            <Link to="/pin/create" className="flex min-h-14 items-center gap-3 py-2">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-600">
                <LockIcon size={18} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{messages.setTransactionPin}</span>
                <span className="block text-xs text-muted">
                  Secure your payments with a 4-digit PIN.
                </span>
              </span>
              <ChevronRightIcon size={18} className="text-muted" />
            </Link>
          </li>
        ) : null}
        {pendingSwap ? (
          <li>
            <Link
              to="/pending-swap"
              state={{ pendingSwap }}
              className="flex min-h-14 items-center gap-3 py-2"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                <SwapIcon size={18} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">Complete Airtime to Cash Transfer</span>
                <span className="block text-xs text-muted">
                  {`You have a pending ${formatKobo(Math.round(Number(pendingSwap.amount) * 100))} ${String(pendingSwap.network).toUpperCase()} transfer`}
                </span>
              </span>
              <ChevronRightIcon size={18} className="text-muted" />
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
