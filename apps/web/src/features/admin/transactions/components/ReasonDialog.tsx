import { useId, useState } from 'react';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { ADMIN_REASON_MAX } from '@owo/shared/constants';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { AlertCircleIcon } from '../../../../components/more-icons';
import { actionLabel } from './action-words';

/** Refund and Reverse move money: the admin says why, then confirms. */
export function ReasonDialog({
  action,
  busy,
  onCancel,
  onConfirm,
}: {
  action: 'refund' | 'reverse';
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = () => {
    const text = reason.trim();
    if (!text) {
      setError(t.reasonRequired);
      return;
    }
    onConfirm(text);
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      tone="danger"
      icon={<AlertCircleIcon size={26} />}
      title={`${actionLabel[action]} transaction`}
      actions={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            className="bg-danger! text-white!"
            loading={busy}
            onClick={submit}
          >
            {actionLabel[action]}
          </Button>
        </>
      }
    >
      <p>{action === 'refund' ? t.refundConfirm : t.reverseConfirm}</p>
      <div className="mt-4 text-left">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
          {t.reasonLabel}
        </label>
        <textarea
          id={id}
          value={reason}
          rows={3}
          maxLength={ADMIN_REASON_MAX}
          placeholder={t.reasonPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          className={`w-full resize-none rounded-2xl border bg-white px-4 py-3 text-base text-ink placeholder:text-muted focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none ${
            error ? 'border-danger' : 'border-line'
          }`}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
