import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/BottomSheet';
import { Button } from '../../../components/Button';
import type { PaymentDetails } from '../../../lib/deposit/deposit-api';
import { toFundingState } from '../../../lib/deposit/funding-state';
import {
  CountdownPill,
  PaymentDetailsCard,
  PermanentPill,
} from '../../../components/deposit/PaymentDetailsCard';
import { useFundingCheck } from '../../../lib/deposit/use-funding-check';
import { useSandboxMode } from '../../../lib/sandbox/use-sandbox-mode';

// Sandbox only: a live deployment never downloads it, and no route's first load carries it.
const SandboxAddMoney = lazy(() =>
  import('../../../components/sandbox/SandboxAddMoney').then((m) => ({
    default: m.SandboxAddMoney,
  })),
);

interface PaymentDetailsSheetProps {
  details: PaymentDetails;
  onClose: () => void;
}

/**
 * Where to send the money, with the spec's "Expires in m:ss" countdown for a one-off checkout
 * account (a permanent account never expires and says so instead). At zero (or on "I have
 * paid") the status is checked and the outcome told; the full funding screen shows the same.
 */
export function PaymentDetailsSheet({ details, onClose }: PaymentDetailsSheetProps) {
  const navigate = useNavigate();
  const funding = useFundingCheck(details, onClose);
  const sandbox = useSandboxMode();
  return (
    <BottomSheet
      open
      onClose={onClose}
      title="Payment details"
      description={
        details.permanent
          ? 'Transfer the amount to your permanent account from any bank app.'
          : 'Transfer the exact amount to this account from any bank app.'
      }
    >
      <div className="mb-3 flex justify-center">
        {details.permanent ? (
          <PermanentPill />
        ) : (
          <CountdownPill secondsLeft={funding.secondsLeft} />
        )}
      </div>
      <PaymentDetailsCard details={details} />
      <p className="mt-3 text-center text-xs text-muted">
        Your wallet is credited as soon as the transfer arrives.
      </p>
      <div className="mt-5 grid gap-2">
        {/* A checkout or a permanent account alike; renders nothing outside sandbox mode. */}
        {sandbox ? (
          <Suspense fallback={null}>
            <SandboxAddMoney depositId={details.depositId} onPaid={funding.check} />
          </Suspense>
        ) : null}
        <Button onClick={funding.check} loading={funding.checking}>
          I have paid
        </Button>
        <Button
          variant="ghost"
          onClick={() => navigate('/deposit', { state: toFundingState(details) })}
        >
          Open funding screen
        </Button>
      </div>
    </BottomSheet>
  );
}
