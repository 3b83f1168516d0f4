/**
 * Saved beneficiaries and recent numbers (GET/POST/PATCH/DELETE /api/beneficiaries): what a
 * purchase or transfer screen offers to fill in with one tap.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BeneficiariesReply,
  BeneficiaryDto,
  BeneficiaryReply,
  RecentBeneficiaryDto,
} from '@owo/shared/beneficiaries';
import type { BeneficiaryKind } from '@owo/shared/schemas/beneficiaries';
import { apiRequest } from './api';
import { queryClient } from './query-client';

export type { BeneficiaryDto, RecentBeneficiaryDto };

/** A saved beneficiary or a recent number: what one tap fills the form with. */
export type BeneficiaryChoice =
  (BeneficiaryDto & { saved: true }) | (RecentBeneficiaryDto & { saved: false });

const keyOf = (kind: BeneficiaryKind) => ['beneficiaries', kind] as const;

export function useBeneficiaries(kind: BeneficiaryKind) {
  return useQuery({
    queryKey: keyOf(kind),
    queryFn: ({ signal }) =>
      apiRequest<BeneficiariesReply>(`/beneficiaries?kind=${kind}`, { signal }),
    // Fresh on every visit: the last purchase is the first recent.
    staleTime: 0,
    select: (reply): BeneficiaryChoice[] => [
      ...reply.data.map((b) => ({ ...b, saved: true as const })),
      ...reply.recent.map((r) => ({ ...r, saved: false as const })),
    ],
  });
}

export interface NewBeneficiary {
  kind: BeneficiaryKind;
  label: string;
  number: string;
  provider?: string;
  providerName?: string;
  meterType?: 'prepaid' | 'postpaid';
}

export function useBeneficiaryActions(kind: BeneficiaryKind) {
  const done = () => void queryClient.invalidateQueries({ queryKey: keyOf(kind) });
  const save = useMutation({
    mutationFn: (body: NewBeneficiary) =>
      apiRequest<BeneficiaryReply>('/beneficiaries', { method: 'POST', body }),
    onSuccess: done,
  });
  const rename = useMutation({
    mutationFn: ({ id, label }: { id: string; label: string }) =>
      apiRequest<BeneficiaryReply>(`/beneficiaries/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { label },
      }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: true }>(`/beneficiaries/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: done,
  });
  return { save, rename, remove };
}

/** The name a choice is shown under: the customer's own, else the verified one, else the provider. */
export function choiceTitle(choice: BeneficiaryChoice): string {
  if (choice.saved) return choice.label;
  return choice.verifiedName ?? choice.providerName ?? choice.number;
}
