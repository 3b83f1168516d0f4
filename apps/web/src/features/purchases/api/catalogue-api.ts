/** Purchase catalogues (spec §7 "Catalogues", all GET). Cached 60 s like every query. */
import { useQueries, useQuery } from '@tanstack/react-query';
import type {
  CablePlanDto,
  CableProviderDto,
  DataPlanDto,
  ListReply,
  OgdamsPlanDto,
  ProviderVariationDto,
  UtilityProviderDto,
  UtilityProvidersReply,
} from '@owo/shared/api-types';
import { VTPASS_DATA_SERVICE, type NetworkName } from '@owo/shared/networks';
import { plansForNetwork } from '@owo/shared/plan-groups';
import { apiRequest } from '../../../lib/api';

function list<T>(path: string, signal: AbortSignal): Promise<T[]> {
  return apiRequest<ListReply<T>>(path, { signal }).then((reply) => reply.data ?? []);
}

/** VTpass serviceIDs a network's DIRECT plans come from (§4: GLO also has glo-sme-data). */
export function dataServiceIds(network: NetworkName): string[] {
  const main = VTPASS_DATA_SERVICE[network];
  return network === 'GLO' ? [main, 'glo-sme-data'] : [main];
}

/**
 * Every plan a network offers, grouped (spec §9). The in-house list is required; the Airtel
 * (Ogdams) list and the provider's variations are extras: if one of them fails the others still
 * show.
 */
export function useNetworkPlans(network: NetworkName | null) {
  const dataPlans = useQuery({
    queryKey: ['catalogue', 'data-plans'],
    queryFn: ({ signal }) => list<DataPlanDto>('/transactions/data-plans', signal),
  });
  const ogdams = useQuery({
    queryKey: ['catalogue', 'data-plans', 'ogdams'],
    queryFn: ({ signal }) => list<OgdamsPlanDto>('/transactions/data-plans/ogdams', signal),
    enabled: network === 'AIRTEL',
    retry: false,
  });
  const variations = useQueries({
    queries: (network ? dataServiceIds(network) : []).map((serviceID) => ({
      queryKey: ['catalogue', 'vtpass-data', serviceID],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        list<ProviderVariationDto>(
          `/vtpass/data?serviceID=${encodeURIComponent(serviceID)}`,
          signal,
        ),
      retry: false,
    })),
  });

  const groups = network
    ? plansForNetwork(network, {
        dataPlans: dataPlans.data,
        ogdamsPlans: network === 'AIRTEL' ? ogdams.data : undefined,
        variations: variations.flatMap((q) => q.data ?? []),
      })
    : [];
  return {
    groups,
    /** The main list has not arrived yet (the extras join in when they come). */
    loading: network !== null && dataPlans.isPending,
    /** The main list failed and nothing else arrived. */
    failed: dataPlans.isError && groups.length === 0,
    retry: () => void dataPlans.refetch(),
  };
}

/** The discos and the current utility discount come in one reply, cached once. */
const utilityProvidersQuery = {
  queryKey: ['catalogue', 'utility-providers'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest<UtilityProvidersReply>('/transactions/utility-providers', { signal }),
};

export function useUtilityProviders() {
  return useQuery({
    ...utilityProvidersQuery,
    select: (reply): UtilityProviderDto[] => reply.data ?? [],
  });
}

/** Percent off electricity now (0 when none, or while unknown). */
export function useUtilityDiscount(): number {
  const query = useQuery({
    ...utilityProvidersQuery,
    select: (reply) => reply.discountPercentage ?? 0,
  });
  return query.data ?? 0;
}

export function useCableProviders() {
  return useQuery({
    queryKey: ['catalogue', 'cable-list'],
    queryFn: ({ signal }) => list<CableProviderDto>('/transactions/cable-list', signal),
  });
}

export function useCablePlans(cablename: string) {
  return useQuery({
    queryKey: ['catalogue', 'cable-plans', cablename],
    queryFn: ({ signal }) =>
      list<CablePlanDto>(
        `/transactions/cable-plans?cablename=${encodeURIComponent(cablename)}`,
        signal,
      ).then((plans) => plans.filter((plan) => plan.isAvailable !== false)),
    enabled: cablename !== '',
  });
}
