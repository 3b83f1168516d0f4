import { useState } from 'react';
import { BankIcon } from '../../../../components/icons';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { TextField } from '../../../../components/TextField';

/**
 * A bank payout needs the reference of the transfer made to the customer (spec 02 §4): Confirm
 * works only with a non-empty reference. Mount it per question so the field starts from
 * `initialReference`: the reference given when the payout was approved, so completing it does not
 * make the admin type it again (they may still correct it).
 */
export function PayoutReferenceDialog({
  open,
  title,
  initialReference = '',
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  initialReference?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reference: string) => void;
}) {
  const [reference, setReference] = useState(initialReference);
  const trimmed = reference.trim();
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      role="dialog"
      tone="brand"
      icon={<BankIcon size={26} />}
      title={title}
      actions={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button disabled={!trimmed} loading={busy} onClick={() => onConfirm(trimmed)}>
            Confirm
          </Button>
        </>
      }
    >
      <p>Enter the reference of the bank transfer you made to the customer.</p>
      <TextField
        label="Payout reference"
        className="mt-4 text-left"
        value={reference}
        maxLength={100}
        autoFocus
        data-autofocus
        onChange={(event) => setReference(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && trimmed && !busy) onConfirm(trimmed);
        }}
      />
    </Dialog>
  );
}
