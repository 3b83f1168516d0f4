/**
 * The Suppliers screen's calls: balances, thresholds and routes in one read; the threshold and
 * route changes. The server checks the admin role on the changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NetworkName } from '@owo/shared/networks';
import type { RoutableService, SupplierId, SuppliersReply } from '@owo/shared/suppliers';
import { apiRequest } from '../../../../lib/api';

export const suppliersKey = ['admin', 'suppliers'] as const;

export function useSuppliers() {
  return useQuery({
    queryKey: suppliersKey,
    queryFn: ({ signal }) => apiRequest<SuppliersReply>('/admin/suppliers', { signal }),
    // Balances move with every order: a returning admin sees a fresh read.
    staleTime: 15_000,
  });
}

export function useSetThreshold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { supplier: SupplierId; lowBalanceThreshold: string }) =>
      apiRequest(`/admin/suppliers/${input.supplier}/threshold`, {
        method: 'PUT',
        body: { lowBalanceThreshold: input.lowBalanceThreshold },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: suppliersKey }),
  });
}

export function useSetRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      service: RoutableService;
      network: NetworkName;
      suppliers: SupplierId[];
    }) => apiRequest('/admin/suppliers/routes', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: suppliersKey }),
  });
}
