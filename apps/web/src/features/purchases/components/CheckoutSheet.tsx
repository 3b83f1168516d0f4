import { PIN_LENGTH } from '@owo/shared/constants';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { LockIcon } from '../../../components/icons';
import { PinKeypad } from '../../../components/PinKeypad';
import { formatNaira } from '../../../lib/money';
import type { PurchaseFlow } from './use-purchase-flow';

/**
 * The Summary sheet (Type, number, amount, Continue) and, after Continue, the PIN sheet: one
 * sheet whose content changes, so the step feels like a single motion.
 */
export function CheckoutSheet({ flow }: { flow: PurchaseFlow }) {
  const { step, checkout } = flow;
  const open = (step === 'summary' || step === 'pin') && checkout !== null;
  return (
    <BottomSheet
      open={open}
      onClose={flow.close}
      title={step === 'pin' ? 'Enter Transaction PIN' : 'Summary'}
      description={step === 'pin' ? 'Enter your 4-digit PIN to approve this payment.' : undefined}
    >
      {checkout && step === 'summary' ? (
        <div>
          <div className="rounded-2xl bg-brand-50 px-4 py-4 text-center">
            <p className="text-xs font-medium text-brand-700">You're paying</p>
            <p className="mt-1 text-3xl font-bold tracking-tight text-ink amount">
              {formatNaira(checkout.amount)}
            </p>
          </div>
          <dl className="mt-4 divide-y divide-line">
            {checkout.rows.map((row) => (
              <div
                key={row.label}
                className="flex min-h-12 items-center justify-between gap-4 py-2"
              >
                <dt className="shrink-0 text-sm text-muted">{row.label}</dt>
                <dd className="min-w-0 text-right text-sm font-semibold break-words text-ink amount">
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
          <Button className="mt-5" onClick={flow.proceed} data-autofocus>
            Continue
          </Button>
        </div>
      ) : null}

      {checkout && step === 'pin' ? (
        <div>
          <div className="mb-6 flex items-center gap-3 rounded-2xl bg-surface px-4 py-3">
            <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-brand-700">
              <LockIcon size={18} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm text-muted">{checkout.description}</p>
              <p className="text-lg font-bold text-ink amount">{formatNaira(checkout.amount)}</p>
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
