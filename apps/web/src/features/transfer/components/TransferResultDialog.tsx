import { messages } from '@owo/shared/messages';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { formatNaira } from '../../../lib/money';
import { recipientName } from './TransferSheets';
import type { TransferFlow } from './use-transfer-flow';

/** Success ("Transfer Successful") or failure ("Transfer Failed") after an answered attempt. */
export function TransferResultDialog({ flow }: { flow: TransferFlow }) {
  const result = flow.result;
  const open = flow.step === 'result' && result !== null;
  if (!result) return null;
  const name = recipientName(result.draft.recipient);
  if (!result.ok) {
    return (
      <Dialog
        open={open}
        onClose={flow.dismissResult}
        tone="danger"
        icon={<CloseIcon size={26} strokeWidth={2.4} />}
        title={messages.transferFailedTitle}
        actions={
          <Button onClick={flow.dismissResult} data-autofocus>
            OK
          </Button>
        }
      >
        <p>{result.message}</p>
      </Dialog>
    );
  }
  const amount = result.reply.data?.amount ?? result.draft.body.amount;
  return (
    <Dialog
      open={open}
      onClose={flow.dismissResult}
      tone="brand"
      icon={<CheckIcon size={28} strokeWidth={2.4} />}
      title="Transfer Successful"
      actions={
        <Button onClick={flow.dismissResult} data-autofocus>
          Done
        </Button>
      }
    >
      <div className="grid gap-2">
        <p className="text-2xl font-bold text-ink amount">{formatNaira(amount)}</p>
        <p>
          Sent to <span className="font-semibold text-ink">{name}</span>
          <br />
          <span className="break-all">{result.draft.recipient.email}</span>
        </p>
        {result.draft.body.note ? (
          <p className="rounded-xl bg-surface px-3 py-2 text-ink">“{result.draft.body.note}”</p>
        ) : null}
      </div>
    </Dialog>
  );
}
