import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { TransactionPinKeypad } from '../../../components/PinStep';
import { formatWholeNaira } from '../../../lib/money';
import { BillerLogo } from './BillerLogo';
import type { BettingCheckoutFlow } from './use-betting-checkout';

/**
 * "Enter Transaction PIN" (spec §2 Betting): Platform, User ID and Amount, a 4-digit masked PIN,
 * Cancel and Confirm. The backdrop closes it and clears the PIN.
 */
export function BettingPinSheet({ flow }: { flow: BettingCheckoutFlow }) {
  const checkout = flow.checkout;
  return (
    <BottomSheet
      open={checkout !== null}
      onClose={flow.close}
      title="Enter Transaction PIN"
      description="Approve this top-up with your 4-digit PIN."
    >
      {checkout ? (
        <div>
          <div className="mb-5 rounded-2xl bg-surface px-4 py-1">
            <dl className="divide-y divide-line">
              <div className="flex min-h-12 items-center justify-between gap-4 py-2">
                <dt className="text-sm text-muted">Platform</dt>
                <dd className="flex min-w-0 items-center gap-2 text-sm font-semibold text-ink">
                  <BillerLogo name={checkout.platformName} icon={checkout.platformIcon} size={24} />
                  <span className="truncate">{checkout.platformName}</span>
                </dd>
              </div>
              <div className="flex min-h-12 items-center justify-between gap-4 py-2">
                <dt className="text-sm text-muted">User ID</dt>
                <dd className="min-w-0 text-sm font-semibold break-all text-ink">
                  {checkout.order.rechargeAccount}
                </dd>
              </div>
              <div className="flex min-h-12 items-center justify-between gap-4 py-2">
                <dt className="text-sm text-muted">Amount</dt>
                <dd className="text-base font-bold text-ink amount">
                  {formatWholeNaira(checkout.order.amount)}
                </dd>
              </div>
            </dl>
          </div>
          <TransactionPinKeypad flow={flow} />
          <div className="mt-5 grid grid-cols-2 gap-3">
            <Button variant="outline" onClick={flow.close} disabled={flow.busy}>
              Cancel
            </Button>
            <Button onClick={() => void flow.confirm()} loading={flow.busy}>
              Confirm
            </Button>
          </div>
        </div>
      ) : null}
    </BottomSheet>
  );
}
