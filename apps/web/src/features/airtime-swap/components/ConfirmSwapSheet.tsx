import { SWAP_RATE, SWAP_RATE_PERCENT } from '@owo/shared/constants';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import type { SwapRequest } from '../api/swap-api';
import { DetailRows, type DetailRow } from './DetailRows';
import { PinField } from './PinField';
import { naira, paymentMethodLabel, payoutAt } from './swap-format';
import type { CreateSwapFlow } from './use-create-swap';

/** "Confirm Conversion": what the customer sends and receives, Confirm and Cancel (spec 02 §2). */
export function ConfirmSwapSheet({
  flow,
  pin,
  onPin,
}: {
  flow: CreateSwapFlow;
  pin: string;
  onPin: (pin: string) => void;
}) {
  const { request } = flow;
  return (
    <BottomSheet
      open={request !== null}
      onClose={flow.close}
      title="Confirm Conversion"
      description="Check the details before you convert."
    >
      {request ? (
        <div>
          <div className="rounded-2xl bg-brand-50 px-4 py-4 text-center">
            <p className="text-xs font-medium text-brand-700">You'll receive</p>
            <p className="mt-1 text-3xl font-bold tracking-tight text-ink amount">
              {naira(payoutAt(request.amount, SWAP_RATE))}
            </p>
            <p className="mt-1 text-xs text-muted">
              for {naira(request.amount)} {request.network} airtime
            </p>
          </div>
          <div className="mt-4">
            <DetailRows label="Conversion summary" rows={summaryRows(request)} />
          </div>
          {flow.askPin ? (
            <div className="mt-4">
              <PinField value={pin} onChange={onPin} error={flow.pinError} autoFocus />
            </div>
          ) : null}
          {flow.pinError && !flow.askPin ? (
            <p role="alert" className="mt-3 text-sm text-danger">
              {flow.pinError}
            </p>
          ) : null}
          <div className="mt-5 grid gap-2">
            <Button onClick={() => void flow.confirm(pin)} loading={flow.busy} data-autofocus>
              Confirm
            </Button>
            <Button variant="ghost" onClick={flow.close} disabled={flow.busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </BottomSheet>
  );
}

function summaryRows(request: SwapRequest): DetailRow[] {
  const rows: DetailRow[] = [
    { label: 'Network', value: request.network },
    { label: 'Phone number', value: request.userPhone },
    { label: 'Airtime amount', value: naira(request.amount) },
    { label: 'Rate', value: `${SWAP_RATE_PERCENT}%` },
    { label: 'Payment method', value: paymentMethodLabel(request.paymentMethod) },
  ];
  if (request.bankDetails) {
    rows.push(
      { label: 'Bank', value: request.bankDetails.bank },
      { label: 'Account number', value: request.bankDetails.accountNumber },
      { label: 'Account name', value: request.bankDetails.accountName },
    );
  } else if (request.walletEmail) {
    rows.push({ label: 'Wallet email', value: request.walletEmail, stack: true });
  }
  return rows;
}
