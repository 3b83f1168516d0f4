import { PIN_LENGTH } from '@owo/shared/constants';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { LockIcon } from '../../../components/icons';
import { PinKeypad } from '../../../components/PinKeypad';
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
          <div className="rounded-2xl bg-brand-50 px-4 py-4 text-center">
            <p className="text-xs font-medium text-brand-700">You're sending</p>
            <p className="mt-1 text-3xl font-bold tracking-tight text-ink amount">
              {formatNaira(draft.body.amount)}
            </p>
          </div>
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
            <Row label="Amount" value={formatNaira(draft.body.amount)} />
            <Row label="Narration" value={draft.body.note || '—'} />
          </dl>
          <Button className="mt-5" onClick={flow.proceed} data-autofocus>
            Continue
          </Button>
        </div>
      ) : null}

      {draft && step === 'pin' ? (
        <div>
          <div className="mb-6 flex items-center gap-3 rounded-2xl bg-surface px-4 py-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-brand-700">
              <LockIcon size={18} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-muted">
                Transfer to {recipientName(draft.recipient)}
              </p>
              <p className="text-lg font-bold text-ink amount">{formatNaira(draft.body.amount)}</p>
            </div>
          </div>
          <PinKeypad
            label="Transaction PIN"
            value={flow.pin}
            onChange={flow.setPin}
            disabled={flow.busy}
            errorKey={flow.errorKey}
            message={
              <p role="alert" className="text-danger">
                {flow.pinError ?? ''}
              </p>
            }
          />
          <Button
            className="mt-5"
            onClick={() => void flow.confirm()}
            disabled={flow.pin.length !== PIN_LENGTH}
            loading={flow.busy}
          >
            Confirm
          </Button>
        </div>
      ) : null}
    </BottomSheet>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-semibold break-words text-ink amount">
        {value}
      </dd>
    </div>
  );
}
