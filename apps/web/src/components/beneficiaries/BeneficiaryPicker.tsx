import { lazy, Suspense, type ReactNode } from 'react';
import type { BeneficiaryKind } from '@owo/shared/schemas/beneficiaries';
import type { BeneficiaryChoice, NewBeneficiary } from '../../lib/beneficiaries';

// The chips, sheets and their calls load after the screen: the form is usable at once and the
// route's first download stays within its budget (tests/build/route-sizes.test.ts).
const ChoicesStrip = lazy(() =>
  import('./BeneficiaryChoices').then((m) => ({ default: m.ChoicesStrip })),
);
const SaveLink = lazy(() => import('./BeneficiaryChoices').then((m) => ({ default: m.SaveLink })));

/** The number now in the form, complete enough to be saved. */
export type CurrentNumber = Omit<NewBeneficiary, 'label' | 'kind'> & {
  /** Offered as the name (the verified owner's, when the screen knows it). */
  suggestedName?: string;
};

export interface BeneficiaryPickerProps {
  kind: BeneficiaryKind;
  /** One tap fills the form with it. */
  onPick: (choice: BeneficiaryChoice) => void;
  /** The number in the form when it is valid (null otherwise): offered to be saved. */
  current: CurrentNumber | null;
  /** The number field itself, shown between the choices and the Save link. */
  children: ReactNode;
}

/**
 * Saved beneficiaries and recent numbers above a screen's number field, and "Save as
 * beneficiary" under it once the typed number is complete.
 */
export function BeneficiaryPicker({ kind, onPick, current, children }: BeneficiaryPickerProps) {
  return (
    // minmax(0, 1fr): a long name or address truncates instead of widening the card.
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <Suspense fallback={null}>
        <ChoicesStrip kind={kind} onPick={onPick} />
      </Suspense>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <SaveLink kind={kind} current={current} />
        </Suspense>
      ) : null}
    </div>
  );
}
