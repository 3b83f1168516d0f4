import { useState } from 'react';
import { beneficiaryLabelField, type BeneficiaryKind } from '@owo/shared/schemas/beneficiaries';
import { isApiError } from '../../lib/api';
import { useBeneficiaryActions, type BeneficiaryChoice } from '../../lib/beneficiaries';
import { toast } from '../../lib/toast';
import { BottomSheet } from '../BottomSheet';
import { Button } from '../Button';
import { TextField } from '../TextField';

interface ManageBeneficiariesSheetProps {
  open: boolean;
  onClose: () => void;
  kind: BeneficiaryKind;
  saved: BeneficiaryChoice[];
}

/** The saved beneficiaries of one kind, each renamed or removed in place. */
export function ManageBeneficiariesSheet({
  open,
  onClose,
  kind,
  saved,
}: ManageBeneficiariesSheetProps) {
  return (
    <BottomSheet open={open} onClose={onClose} title="Saved beneficiaries">
      {saved.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-6 text-center text-sm text-muted">
          Nothing saved yet.
        </p>
      ) : (
        <ul className="grid gap-2">
          {saved.map((choice) =>
            choice.saved ? <SavedRow key={choice._id} kind={kind} choice={choice} /> : null,
          )}
        </ul>
      )}
    </BottomSheet>
  );
}

function SavedRow({
  kind,
  choice,
}: {
  kind: BeneficiaryKind;
  choice: Extract<BeneficiaryChoice, { saved: true }>;
}) {
  const { rename, remove } = useBeneficiaryActions(kind);
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(choice.label);
  const [error, setError] = useState<string | null>(null);
  const problem = (e: unknown) =>
    isApiError(e) && e.serverMessage ? e.serverMessage : 'Something went wrong. Try again.';

  const saveName = () => {
    const parsed = beneficiaryLabelField.safeParse(label);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    rename.mutate(
      { id: choice._id, label: parsed.data },
      { onSuccess: () => setEditing(false), onError: (e) => setError(problem(e)) },
    );
  };

  const detail = [choice.verifiedName, choice.providerName, choice.number]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="rounded-2xl border border-line bg-white p-3">
      {editing ? (
        <div className="grid gap-3">
          <TextField
            label={`New name for ${choice.number}`}
            value={label}
            autoComplete="off"
            onChange={(e) => {
              setLabel(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                saveName();
              }
            }}
            error={error}
          />
          <div className="grid grid-cols-2 gap-2">
            <Button type="button" variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="button" onClick={saveName} loading={rename.isPending}>
              Save name
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink">{choice.label}</p>
            <p className="truncate text-xs text-muted amount">{detail}</p>
          </div>
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${choice.label}`}
            className="min-h-9 rounded-full px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Rename
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(choice._id, {
                onSuccess: () => toast.success(`${choice.label} removed`),
                onError: (e) => toast.error(problem(e)),
              })
            }
            aria-label={`Remove ${choice.label}`}
            className="min-h-9 rounded-full px-3 text-sm font-semibold text-danger hover:bg-danger/10 disabled:opacity-50"
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
}
