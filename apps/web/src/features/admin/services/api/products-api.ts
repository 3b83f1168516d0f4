/**
 * Admin product calls (spec 02 §7 "Admin products"): the plan lists as the admin sees them (cost
 * and selling price, unavailable plans too), the supplier fetches, the plan PATCHes and the
 * utility discount. The server checks the admin role on each of them.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdminCablePlanDto,
  AdminDataPlanDto,
  AdminListReply,
  AdminOgdamsPlanDto,
  AdminPlanUpdateReply,
  AdminVtpassPlanDto,
  AdminVtpassTvPlanDto,
  ErrorReply,
  PlanFetchReply,
  UtilityDiscountReply,
} from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { apiRequest, isApiError } from '../../../../lib/api';

export const productsKey = ['admin', 'products'] as const;

/** The five plan lists; each PATCHes at its own path (spec §7). */
export type PlanKind = 'datastation' | 'ogdams' | 'vtpass-data' | 'cable' | 'vtpass-tv';

const listPath: Record<PlanKind, string> = {
  datastation: 'data-plans',
  ogdams: 'ogdams-plans',
  'vtpass-data': 'vtpass/data-plans/list',
  cable: 'cable-plans',
  'vtpass-tv': 'vtpass/tv-plans',
};

const patchPath: Record<PlanKind, string> = {
  datastation: 'data-plans',
  ogdams: 'update-ogdams',
  'vtpass-data': 'vtpass/data-plans',
  cable: 'cable-plans',
  'vtpass-tv': 'vtpass/tv-plans',
};

function list<T>(kind: PlanKind, query: string, signal: AbortSignal): Promise<T[]> {
  return apiRequest<AdminListReply<T>>(`/admin/products/${listPath[kind]}${query}`, {
    signal,
  }).then((reply) => reply.data ?? []);
}

const listKey = (kind: PlanKind, param = '') => [...productsKey, kind, param] as const;
const q = (name: string, value: string) => `?${name}=${encodeURIComponent(value)}`;

export function useAdminDataPlans(network: string) {
  return useQuery({
    queryKey: listKey('datastation', network),
    queryFn: ({ signal }) => list<AdminDataPlanDto>('datastation', q('network', network), signal),
    enabled: network !== '',
  });
}

export function useAdminOgdamsPlans(enabled: boolean) {
  return useQuery({
    queryKey: listKey('ogdams'),
    queryFn: ({ signal }) => list<AdminOgdamsPlanDto>('ogdams', '', signal),
    enabled,
  });
}

/** Skipped when no service is chosen (spec §7). */
export function useAdminVtpassDataPlans(serviceID: string) {
  return useQuery({
    queryKey: listKey('vtpass-data', serviceID),
    queryFn: ({ signal }) =>
      list<AdminVtpassPlanDto>('vtpass-data', q('serviceID', serviceID), signal),
    enabled: serviceID !== '',
  });
}

export function useAdminCablePlans(cablename: string) {
  return useQuery({
    queryKey: listKey('cable', cablename),
    queryFn: ({ signal }) => list<AdminCablePlanDto>('cable', q('cablename', cablename), signal),
    enabled: cablename !== '',
  });
}

export function useAdminVtpassTvPlans(serviceID: string) {
  return useQuery({
    queryKey: listKey('vtpass-tv', serviceID),
    queryFn: ({ signal }) =>
      list<AdminVtpassTvPlanDto>('vtpass-tv', q('serviceID', serviceID), signal),
    enabled: serviceID !== '',
  });
}

// ---------------------------------------------------------------------------- supplier fetches

export type FetchSource = 'datastation' | 'ogdams' | 'vtpass-data' | 'vtpass-tv';

const fetchPath: Record<FetchSource, string> = {
  datastation: 'update-data',
  ogdams: 'update-ogdams',
  'vtpass-data': 'vtpass/data-plans',
  'vtpass-tv': 'tv-plans/update',
};

/** Which lists a fetch refreshes. */
const fetchRefreshes: Record<FetchSource, PlanKind[]> = {
  datastation: ['datastation', 'cable'],
  ogdams: ['ogdams'],
  'vtpass-data': ['vtpass-data'],
  'vtpass-tv': ['vtpass-tv'],
};

/** A fetch reads the supplier's catalogue, which can take a while. */
const FETCH_TIMEOUT_MS = 90_000;

export async function fetchSupplierPlans(
  client: QueryClient,
  source: FetchSource,
): Promise<PlanFetchReply['data']> {
  const reply = await apiRequest<PlanFetchReply>(`/admin/products/${fetchPath[source]}`, {
    timeoutMs: FETCH_TIMEOUT_MS,
  });
  await Promise.all(
    fetchRefreshes[source].map((kind) =>
      client.invalidateQueries({ queryKey: [...productsKey, kind] }),
    ),
  );
  return reply.data;
}

// ---------------------------------------------------------------------------- plan updates

export type PlanPatch = { sellingPrice: number } | { isAvailable: boolean };

/**
 * PATCHes one plan with only what changed, then puts the server's copy into every cached list of
 * that kind (the tile updates at once) and drops the customer catalogues this browser may hold.
 */
export async function updatePlan(
  client: QueryClient,
  kind: PlanKind,
  id: string,
  patch: PlanPatch,
): Promise<void> {
  const reply = await apiRequest<AdminPlanUpdateReply<Record<string, unknown>>>(
    `/admin/products/${patchPath[kind]}/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: patch },
  );
  const fresh = reply.data && typeof reply.data === 'object' ? reply.data : {};
  client.setQueriesData<{ _id: string }[]>({ queryKey: [...productsKey, kind] }, (old) =>
    old?.map((plan) => (plan._id === id ? { ...plan, ...patch, ...fresh } : plan)),
  );
  void client.invalidateQueries({ queryKey: ['catalogue'] });
}

/**
 * What a failed plan update shows (spec §8): VTpass data plans have fixed texts; every other plan
 * shows the first server error (error.data.errors[0].message).
 */
export function planUpdateError(error: unknown, kind: PlanKind, patch: PlanPatch): string {
  if (kind === 'vtpass-data') {
    return 'sellingPrice' in patch
      ? adminMessages.vtpassPriceFailed
      : adminMessages.vtpassAvailabilityFailed;
  }
  if (isApiError(error)) {
    const body = error.data as Partial<ErrorReply> | null;
    const first = body?.data?.errors?.[0]?.message;
    if (typeof first === 'string' && first.trim()) return first;
    if (error.serverMessage) return error.serverMessage;
  }
  return adminMessages.genericError;
}

// ---------------------------------------------------------------------------- utility discount

const discountKey = [...productsKey, 'utility-discount'] as const;

export function useUtilityDiscount() {
  return useQuery({
    queryKey: discountKey,
    queryFn: ({ signal }) =>
      apiRequest<UtilityDiscountReply>('/admin/products/utility-discount', { signal }).then(
        (reply) => reply.data.percentage,
      ),
  });
}

export async function updateUtilityDiscount(
  client: QueryClient,
  percentage: number,
): Promise<number> {
  const reply = await apiRequest<UtilityDiscountReply>('/admin/products/utility-discount', {
    method: 'PUT',
    body: { percentage },
  });
  client.setQueryData(discountKey, reply.data.percentage);
  void client.invalidateQueries({ queryKey: ['catalogue', 'utility-providers'] });
  return reply.data.percentage;
}
