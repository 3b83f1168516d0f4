import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import { AmountBanner, PinStep, SummaryRow } from '../../../components/PinStep';
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
          <AmountBanner label="You're paying" amount={formatNaira(checkout.amount)} />
          <dl className="mt-4 divide-y divide-line">
            {checkout.rows.map((row) => (
              <SummaryRow key={row.label} label={row.label} value={row.value} />
            ))}
          </dl>
          <Button className="mt-5" onClick={flow.proceed} data-autofocus>
            Continue
          </Button>
        </div>
      ) : null}

      {checkout && step === 'pin' ? (
        <PinStep
          flow={flow}
          description={checkout.description}
          amount={formatNaira(checkout.amount)}
        />
      ) : null}
    </BottomSheet>
  );
}
