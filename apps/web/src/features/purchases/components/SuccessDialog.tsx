import type { ReactNode } from 'react';
import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CheckIcon } from '../../../components/icons';
import { ClockIcon } from '../../../components/more-icons';
import { formatNaira } from '../../../lib/money';
import type { PurchaseFlow } from './use-purchase-flow';

/**
 * "Payment Successful" (spec §2); a pending order says it is processing instead. OK goes home.
 * `children` adds what the service needs (the data-balance code, the electricity token).
 */
export function SuccessDialog({ flow, children }: { flow: PurchaseFlow; children?: ReactNode }) {
  const reply = flow.result;
  const pending = reply?.status === 'pending';
  const amount = reply?.data?.amount ?? flow.checkout?.amount;
  return (
    <Dialog
      open={flow.step === 'done' && reply !== null}
      onClose={flow.finish}
      tone={pending ? 'accent' : 'brand'}
      icon={pending ? <ClockIcon size={28} /> : <CheckIcon size={28} strokeWidth={2.4} />}
      title={pending ? 'Payment Processing' : messages.paymentSuccessful}
      actions={
        <Button onClick={flow.finish} data-autofocus>
          OK
        </Button>
      }
    >
      {reply ? (
        <div className="grid gap-3">
          {amount !== undefined ? (
            <p className="text-2xl font-bold text-ink amount">{formatNaira(amount)}</p>
          ) : null}
          <p>{reply.message}</p>
          {children}
        </div>
      ) : null}
    </Dialog>
  );
}
