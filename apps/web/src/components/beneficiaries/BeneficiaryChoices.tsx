import { useState } from 'react';
import { choiceTitle, useBeneficiaries, type BeneficiaryChoice } from '../../lib/beneficiaries';
import { Skeleton } from '../Skeleton';
import { ManageBeneficiariesSheet } from './ManageBeneficiariesSheet';
import { SaveBeneficiarySheet } from './SaveBeneficiarySheet';
import { StarIcon } from './StarIcon';
import type { BeneficiaryPickerProps, CurrentNumber } from './BeneficiaryPicker';

const sameNumber = (choice: BeneficiaryChoice, current: CurrentNumber) =>
  choice.number === current.number &&
  (choice.kind === 'phone' || choice.kind === 'recipient' || choice.provider === current.provider);

/**
 * The saved beneficiaries (starred) and recent numbers of a kind, as chips: one tap fills the
 * form. Loaded apart from the screen (BeneficiaryPicker), so the route's first load stays small.
 */
export function ChoicesStrip({ kind, onPick }: Pick<BeneficiaryPickerProps, 'kind' | 'onPick'>) {
  const choices = useBeneficiaries(kind);
  const [managing, setManaging] = useState(false);
  const list = choices.data ?? [];
  const saved = list.filter((c) => c.saved);
  if (choices.isPending) {
    return (
      <div role="status" aria-label="Loading saved numbers" className="flex gap-2 overflow-hidden">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-36 shrink-0 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (list.length === 0) return null;
  return (
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
      <ManageBeneficiariesSheet
        open={managing}
        onClose={() => setManaging(false)}
        kind={kind}
        saved={saved}
      />
    </section>
  );
}

/** "Save as beneficiary" under the field, once the number is complete and not saved yet. */
export function SaveLink({
  kind,
  current,
}: Pick<BeneficiaryPickerProps, 'kind'> & { current: CurrentNumber }) {
  const choices = useBeneficiaries(kind);
  const [saving, setSaving] = useState(false);
  const saved = (choices.data ?? []).filter((c) => c.saved);
  if (choices.isPending || saved.some((c) => sameNumber(c, current))) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setSaving(true)}
        className="-mt-1 inline-flex min-h-9 items-center gap-1.5 justify-self-start rounded-full px-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <StarIcon size={16} />
        Save as beneficiary
      </button>
      {saving ? (
        <SaveBeneficiarySheet open onClose={() => setSaving(false)} kind={kind} current={current} />
      ) : null}
    </>
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
      // The name holds every visible word (the provider too), after the verb (WCAG 2.5.3).
      aria-label={`Use ${title}, ${detail}${choice.saved ? ' (saved)' : ''}`}
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
