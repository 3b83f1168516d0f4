import type { SwapDto } from '@owo/shared/api-types';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { DetailRows, type DetailRow } from './DetailRows';
import { StatusBadge } from './StatusBadge';
import { formatDateGB, naira, paymentMethodLabel, swapNote } from './swap-format';

/** Every row of spec 02 §2's details sheet, then Close. */
export function SwapDetailsSheet({ swap, onClose }: { swap: SwapDto | null; onClose: () => void }) {
  return (
    <BottomSheet open={swap !== null} onClose={onClose} title="Swap Details">
      {swap ? (
        <div>
          <DetailRows label="Swap details" rows={detailRows(swap)} />
          <Button className="mt-5" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : null}
    </BottomSheet>
  );
}

function detailRows(swap: SwapDto): DetailRow[] {
  const details = swap.accountDetails ?? {};
  const rows: DetailRow[] = [
    { label: 'Swap ID', value: swap.swapId, copy: swap.swapId },
    { label: 'Status', value: <StatusBadge status={swap.status} /> },
    { label: 'Network', value: String(swap.network).toUpperCase() },
    { label: 'Amount', value: naira(swap.amount) },
    { label: 'Rate', value: `${swap.rate}%` },
    { label: 'Expected Payout', value: naira(swap.expectedPayout) },
    { label: 'Your Phone', value: swap.userPhone },
    { label: 'Send To', value: swap.recipientPhone, copy: swap.recipientPhone || undefined },
    { label: 'Payment Method', value: paymentMethodLabel(swap.paymentMethod) },
  ];
  if (swap.paymentMethod === 'wallet' && details.walletEmail) {
    rows.push({ label: 'Email', value: details.walletEmail, stack: true });
  }
  if (swap.paymentMethod === 'bank' && (details.bank || details.accountNumber)) {
    rows.push(
      { label: 'Bank', value: details.bank ?? '' },
      { label: 'Account', value: details.accountNumber ?? '' },
      { label: 'Name', value: details.accountName ?? '' },
    );
  }
  rows.push(
    { label: 'Screenshot', value: swap.screenshotUploaded ? 'Uploaded' : 'Not Uploaded' },
    { label: 'Created', value: formatDateGB(swap.createdAt) },
  );
  if (swap.verifiedAt) rows.push({ label: 'Verified', value: formatDateGB(swap.verifiedAt) });
  const note = swapNote(swap);
  if (note) rows.push({ label: 'Note', value: note });
  return rows;
}
