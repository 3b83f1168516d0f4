import { useId, useState } from 'react';
import { adminMessages as t } from '@owo/shared/admin-messages';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { AlertCircleIcon } from '../../../../components/more-icons';

/**
 * The supplier confirmed a prepaid meter without its token (decision 0046): the admin types the
 * token from the supplier's records and approves with it. The server checks it again.
 */
export function TokenDialog({
  busy,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: (token: string) => void;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = () => {
    const digits = token.replace(/[\s-]/g, '');
    if (!/^\d{20}$/.test(digits)) {
      setError(t.tokenInvalid);
      return;
    }
    onConfirm(token.trim());
  };
  return (
    <Dialog
      open
      onClose={onCancel}
      icon={<AlertCircleIcon size={26} />}
      title={`${t.approve} transaction`}
      actions={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={submit}>
            {t.approve}
          </Button>
        </>
      }
    >
      <p>{t.orderNeedsToken}</p>
      <div className="mt-4 text-left">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
          {t.tokenLabel}
        </label>
        <input
          id={id}
          value={token}
          inputMode="numeric"
          autoComplete="off"
          maxLength={30}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setToken(event.target.value);
            setError(null);
          }}
          className={`w-full rounded-2xl border bg-white px-4 py-3 font-mono text-base text-ink focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none ${
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
