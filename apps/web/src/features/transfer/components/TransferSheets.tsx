import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { AmountBanner, PinStep, SummaryRow } from '../../../components/PinStep';
import { formatNaira } from '../../../lib/money';
import type { Recipient } from '../api/transfer-api';
import type { TransferFlow } from './use-transfer-flow';

export function recipientName(recipient: Recipient): string {
  return `${recipient.firstName} ${recipient.lastName}`.trim() || recipient.email;
}

function initials(recipient: Recipient): string {
  const letters = [recipient.firstName, recipient.lastName]
    .map((part) => part.trim().charAt(0))
    .join('');
  return (letters || recipient.email.charAt(0)).toUpperCase();
}

/**
 * The Summary sheet (recipient, amount, narration, Continue) and, after Continue, the PIN step:
 * one sheet whose content changes, as on the purchase screens.
 */
export function TransferSheets({ flow }: { flow: TransferFlow }) {
  const { step, draft } = flow;
  const open = (step === 'summary' || step === 'pin') && draft !== null;
  return (
    <BottomSheet
      open={open}
      onClose={flow.close}
      title={step === 'pin' ? 'Enter Transaction PIN' : 'Summary'}
      description={step === 'pin' ? 'Enter your 4-digit PIN to approve this transfer.' : undefined}
    >
      {draft && step === 'summary' ? (
        <div>
          <AmountBanner label="You're sending" amount={formatNaira(draft.body.amount)} />
          <p className="mt-4 mb-2 text-xs font-semibold tracking-wide text-muted uppercase">To</p>
          <div className="flex items-center gap-3 rounded-2xl border border-line px-3 py-3">
            <span
              aria-hidden="true"
              className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-600 font-semibold text-white"
            >
              {initials(draft.recipient)}
            </span>
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{recipientName(draft.recipient)}</p>
              <p className="truncate text-sm text-muted">{draft.recipient.email}</p>
            </div>
          </div>
          <dl className="mt-2 divide-y divide-line">
            <SummaryRow label="Amount" value={formatNaira(draft.body.amount)} />
            <SummaryRow label="Narration" value={draft.body.note || '—'} />
          </dl>
          <Button className="mt-5" onClick={flow.proceed} data-autofocus>
            Continue
          </Button>
        </div>
      ) : null}

      {draft && step === 'pin' ? (
        <PinStep
          flow={flow}
          description={`Transfer to ${recipientName(draft.recipient)}`}
          amount={formatNaira(draft.body.amount)}
        />
      ) : null}
    </BottomSheet>
  );
}
