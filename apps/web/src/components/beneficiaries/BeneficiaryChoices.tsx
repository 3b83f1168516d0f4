import { useState, type ReactNode } from 'react';
import type { BeneficiaryKind } from '@owo/shared/schemas/beneficiaries';
import {
  choiceTitle,
  useBeneficiaries,
  type BeneficiaryChoice,
  type NewBeneficiary,
} from '../../lib/beneficiaries';
import { Skeleton } from '../Skeleton';
import { ManageBeneficiariesSheet } from './ManageBeneficiariesSheet';
import { SaveBeneficiarySheet } from './SaveBeneficiarySheet';
import { StarIcon } from './StarIcon';

/** The number now in the form, complete enough to be saved. */
export type CurrentNumber = Omit<NewBeneficiary, 'label' | 'kind'> & {
  /** Offered as the name (the verified owner's, when the screen knows it). */
  suggestedName?: string;
};

interface BeneficiaryPickerProps {
  kind: BeneficiaryKind;
  /** One tap fills the form with it. */
  onPick: (choice: BeneficiaryChoice) => void;
  /** The number in the form when it is valid (null otherwise): offered to be saved. */
  current: CurrentNumber | null;
  /** The number field itself, shown between the choices and the Save link. */
  children: ReactNode;
}

const sameNumber = (choice: BeneficiaryChoice, current: CurrentNumber) =>
  choice.number === current.number &&
  (choice.kind === 'phone' || choice.kind === 'recipient' || choice.provider === current.provider);

/**
 * Saved beneficiaries (starred) and recent numbers above a screen's number field, and a
 * "Save as beneficiary" link under it once the typed number is complete and not saved yet.
 */
export function BeneficiaryPicker({ kind, onPick, current, children }: BeneficiaryPickerProps) {
  const choices = useBeneficiaries(kind);
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const list = choices.data ?? [];
  const saved = list.filter((c) => c.saved);
  const alreadySaved = current ? saved.some((c) => sameNumber(c, current)) : false;

  return (
    // minmax(0, 1fr): a long name or address truncates instead of widening the card.
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      {choices.isPending ? (
        <div
          role="status"
          aria-label="Loading saved numbers"
          className="flex gap-2 overflow-hidden"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-32 shrink-0 rounded-2xl" />
          ))}
        </div>
      ) : list.length > 0 ? (
        <section aria-label="Recent and saved">
          <div className="mb-2 flex items-center justify-between">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">
              Recent &amp; saved
            </p>
            {saved.length > 0 ? (
              <button
                type="button"
                onClick={() => setManaging(true)}
                className="-my-2 min-h-9 rounded-full px-2 text-xs font-semibold text-brand-700 hover:bg-brand-50"
              >
                Manage
              </button>
            ) : null}
          </div>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
            {list.map((choice) => (
              <li key={`${choice.saved ? 's' : 'r'}:${choice.provider ?? ''}:${choice.number}`}>
                <ChoiceChip choice={choice} onPick={() => onPick(choice)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {children}
      {current && !alreadySaved && !choices.isPending ? (
        <button
          type="button"
          onClick={() => setSaving(true)}
          className="-mt-1 inline-flex min-h-9 items-center gap-1.5 justify-self-start rounded-full px-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          <StarIcon size={16} />
          Save as beneficiary
        </button>
      ) : null}
      {current && saving ? (
        <SaveBeneficiarySheet open onClose={() => setSaving(false)} kind={kind} current={current} />
      ) : null}
      <ManageBeneficiariesSheet
        open={managing}
        onClose={() => setManaging(false)}
        kind={kind}
        saved={saved}
      />
    </div>
  );
}

function ChoiceChip({ choice, onPick }: { choice: BeneficiaryChoice; onPick: () => void }) {
  const title = choiceTitle(choice);
  const provider =
    choice.providerName && choice.providerName !== title ? choice.providerName : null;
  const detail = [provider, choice.number].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      onClick={onPick}
      aria-label={`Use ${title}, ${choice.number}${choice.saved ? ' (saved)' : ''}`}
      className="flex h-14 w-max max-w-60 min-w-36 items-center gap-2.5 rounded-2xl border border-line bg-white px-2.5 text-left transition-colors hover:border-brand-300 active:scale-[0.98]"
    >
      <span
        aria-hidden="true"
        className="relative grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
      >
        {(title.trim()[0] ?? '?').toUpperCase()}
        {choice.saved ? (
          <span className="absolute -right-1 -bottom-1 grid size-4.5 place-items-center rounded-full bg-white text-accent-500 shadow-sm">
            <StarIcon size={12} filled />
          </span>
        ) : null}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-ink">{title}</span>
        <span className="block truncate text-[11px] text-muted amount">{detail}</span>
      </span>
    </button>
  );
}
