import { useState } from 'react';
import { sandboxMessages } from '@owo/shared/sandbox-messages';
import { Button } from '../Button';
import { isApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { payCheckoutInSandbox } from '../../lib/sandbox/sandbox-checkout';
import { useSandboxMode } from '../../lib/sandbox/use-sandbox-mode';

/**
 * "Add money (sandbox)" on the payment details: plays the customer's transfer of the amount they
 * chose through the PalmPay simulator, whose signed webhook credits the wallet; then the usual
 * status check (`onPaid`) tells the outcome. Sandbox mode only.
 */
export function SandboxAddMoney({ depositId, onPaid }: { depositId: string; onPaid: () => void }) {
  const sandbox = useSandboxMode();
  const [busy, setBusy] = useState(false);
  if (sandbox !== true) return null;
  const play = async () => {
    setBusy(true);
    try {
      // The status check that follows tells the outcome (credited) in its own words.
      await payCheckoutInSandbox(depositId);
      onPaid();
    } catch (error) {
      toast.error(isApiError(error) ? error.message : sandboxMessages.addMoneyFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-2xl border border-dashed border-accent-400 bg-[#fff8ea] p-3">
      <Button variant="light" onClick={play} loading={busy}>
        {sandboxMessages.addMoney}
      </Button>
      <p className="mt-2 text-center text-xs text-[#7a4b05]">{sandboxMessages.addMoneyHint}</p>
    </div>
  );
}
