import { useId, useState } from 'react';
import { adjustmentMessages as t } from '@owo/shared/adjustment-messages';
import { ADMIN_REASON_MAX } from '@owo/shared/constants';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { AlertCircleIcon } from '../../../../components/more-icons';

export type DecisionKind = 'approve' | 'reject' | 'recover' | 'write-off';

const titles: Record<DecisionKind, string> = {
  approve: t.approveTitle,
  reject: t.rejectTitle,
  recover: t.recoverTitle,
  'write-off': t.writeOffTitle,
};
const confirms: Record<DecisionKind, string> = {
  approve: t.approve,
  reject: t.reject,
  recover: t.recover,
  'write-off': t.writeOff,
};

/**
 * Confirms a decision. Reject, recover and write off need a reason; an approval needs one only
 * when it lets a credit pass the balance cap (`overCap` shows the warning and the switch).
 */
export function DecisionDialog({
  kind,
  text,
  overCap,
  error,
  busy,
  onCancel,
  onConfirm,
}: {
  kind: DecisionKind;
  text: string;
  overCap: string | null;
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (input: { reason: string; overrideCap: boolean }) => void;
}) {
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState(false);
  const [missing, setMissing] = useState(false);
  const id = useId();
  const needsReason = kind !== 'approve' || override;
  const label =
    kind === 'reject' ? t.rejectReasonLabel : kind === 'approve' ? t.overrideReasonLabel : 'Reason';
  const submit = () => {
    if (needsReason && !reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm({ reason: reason.trim(), overrideCap: kind === 'approve' && override });
  };
  const shownError = missing ? t.reasonRequired : error;
  return (
    <Dialog
      open
      onClose={onCancel}
      tone={kind === 'approve' ? 'accent' : 'danger'}
      icon={<AlertCircleIcon size={26} />}
      title={titles[kind]}
      actions={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={kind === 'approve' ? 'primary' : 'danger'}
            className={kind === 'approve' ? undefined : 'bg-danger! text-white!'}
            loading={busy}
            onClick={submit}
          >
            {confirms[kind]}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      <div className="mt-4 grid gap-3 text-left">
        {overCap ? (
          <>
            <p className="rounded-2xl bg-amber-50 px-3 py-2 text-sm text-amber-700">{overCap}</p>
            <label className="flex items-center gap-2 text-sm font-medium text-ink">
              <input
                type="checkbox"
                checked={override}
                onChange={(event) => {
                  setOverride(event.target.checked);
                  setMissing(false);
                }}
                className="size-5 accent-brand-600"
              />
              {t.overrideCap}
            </label>
          </>
        ) : null}
        {needsReason ? (
          <div>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
              {label}
            </label>
            <textarea
              id={id}
              value={reason}
              rows={3}
              maxLength={ADMIN_REASON_MAX}
              aria-invalid={missing ? true : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
              className={`w-full resize-none rounded-2xl border bg-white px-4 py-3 text-base text-ink focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none ${
                missing ? 'border-danger' : 'border-line'
              }`}
            />
          </div>
        ) : null}
        {shownError ? (
          <p role="alert" className="rounded-2xl bg-red-50 px-3 py-2 text-sm text-danger">
            {shownError}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
