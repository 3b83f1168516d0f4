import { PIN_LENGTH } from '@owo/shared/constants';
import { useLocation, useNavigate } from 'react-router';
import { Button } from './Button';
import { LockIcon } from './icons';
import { PinKeypad } from './PinKeypad';

/** What a PIN step reads from its flow (purchase, transfer, betting). */
export interface PinEntry {
  pin: string;
  setPin: (value: string) => void;
  busy: boolean;
  /** Bumped on a wrong PIN, so the keypad shakes again. */
  errorKey: number;
  pinError: string | null;
}

/**
 * The masked 4-digit Transaction PIN keypad with its error line (tries left, or until when it is
 * locked) and "Forgot PIN?", which resets the PIN by an e-mailed code and comes back here.
 */
export function TransactionPinKeypad({ flow }: { flow: PinEntry }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
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
      extraKey={
        <button
          type="button"
          onClick={() =>
            navigate('/pin/create', { state: { returnPath: pathname, forgotPin: true } })
          }
          disabled={flow.busy}
          className="min-h-11 rounded-full px-2 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50"
        >
          Forgot PIN?
        </button>
      }
    />
  );
}

/** The PIN step of a checkout sheet: what is being approved, the keypad, and Confirm. */
export function PinStep({
  flow,
  description,
  amount,
}: {
  flow: PinEntry & { confirm: () => Promise<void> };
  /** One line above the amount ("Transfer to Ada Obi", "MTN 1GB data for 0803…"). */
  description: string;
  /** The formatted amount. */
  amount: string;
}) {
  return (
    <div>
      <div className="mb-6 flex items-center gap-3 rounded-2xl bg-surface px-4 py-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-white text-brand-700">
          <LockIcon size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-muted">{description}</p>
          <p className="text-lg font-bold text-ink amount">{amount}</p>
        </div>
      </div>
      <TransactionPinKeypad flow={flow} />
      <Button
        className="mt-5"
        onClick={() => void flow.confirm()}
        disabled={flow.pin.length !== PIN_LENGTH}
        loading={flow.busy}
      >
        Confirm
      </Button>
    </div>
  );
}

/** The big amount at the top of a Summary sheet ("You're paying ₦1,000.00"). */
export function AmountBanner({ label, amount }: { label: string; amount: string }) {
  return (
    <div className="rounded-2xl bg-brand-50 px-4 py-4 text-center">
      <p className="text-xs font-medium text-brand-700">{label}</p>
      <p className="mt-1 text-3xl font-bold tracking-tight text-ink amount">{amount}</p>
    </div>
  );
}

/** One label/value line of a Summary sheet (inside a `<dl>`). */
export function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm font-semibold break-words text-ink amount">
        {value}
      </dd>
    </div>
  );
}
