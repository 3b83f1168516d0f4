/**
 * The purchase draft kept locally (spec §3: amount, number, DataId, NetworkId, type, cableName,
 * cablePlan, meterType, DiscoName) so a reload keeps the form. One draft per screen, stored under
 * its own localStorage key (never in `root`) and tied to the signed-in user: another user on the
 * same device starts with empty forms.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from '../../../lib/storage';
import { useSession } from '../../../lib/session-store';

export type PurchaseType = 'data' | 'airtime' | 'utility' | 'cable';

export interface PurchaseDraft {
  type: PurchaseType;
  /** Naira, as typed. */
  amount: string;
  /** Phone (data, airtime), meter number (utility) or smart-card number (cable). */
  number: string;
  /** The chosen plan's key (`source:id`): the supplier part decides the purchase route (§4). */
  DataId: string;
  NetworkId: number | null;
  cableName: string;
  /** cablePlanID as text ('' when none). */
  cablePlan: string;
  meterType: 'prepaid' | 'postpaid';
  /** The electricity provider's VTpass serviceID. */
  DiscoName: string;
}

const emptyDraft = (type: PurchaseType): PurchaseDraft => ({
  type,
  amount: '',
  number: '',
  DataId: '',
  NetworkId: null,
  cableName: '',
  cablePlan: '',
  meterType: 'prepaid',
  DiscoName: '',
});

interface DraftState {
  owner: string;
  drafts: Partial<Record<PurchaseType, PurchaseDraft>>;
  update: (owner: string, type: PurchaseType, patch: Partial<PurchaseDraft>) => void;
  clear: (type: PurchaseType) => void;
}

const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      owner: '',
      drafts: {},
      update: (owner, type, patch) =>
        set((state) => {
          const drafts = state.owner === owner ? state.drafts : {};
          return {
            owner,
            drafts: { ...drafts, [type]: { ...emptyDraft(type), ...drafts[type], ...patch } },
          };
        }),
      clear: (type) =>
        set((state) => {
          const { [type]: _removed, ...rest } = state.drafts;
          return { drafts: rest };
        }),
    }),
    {
      name: storageKeys.purchaseDraft,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ owner: state.owner, drafts: state.drafts }),
    },
  ),
);

/** This screen's draft and a setter that merges a patch into it. */
export function usePurchaseDraft(type: PurchaseType) {
  const owner = useSession((s) => s.user._id || s.user.email);
  const stored = useDraftStore((s) => (s.owner === owner ? s.drafts[type] : undefined));
  const update = useDraftStore((s) => s.update);
  const clear = useDraftStore((s) => s.clear);
  return {
    draft: stored ?? emptyDraft(type),
    /** True when the form starts from a saved draft. */
    restored: stored !== undefined,
    setDraft: (patch: Partial<PurchaseDraft>) => update(owner, type, patch),
    clearDraft: () => clear(type),
  };
}
