/**
 * The customer catalogue endpoints the admin screen reuses for its pickers (networks, cable
 * providers, discos). Called here rather than through the purchases feature's hooks, which are
 * that feature's internals; the query keys differ so the two caches never mix shapes.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  CableProviderDto,
  ListReply,
  NetworkDto,
  UtilityProviderDto,
} from '@owo/shared/api-types';
import { apiRequest } from '../../../../lib/api';

function list<T>(path: string, signal: AbortSignal): Promise<T[]> {
  return apiRequest<ListReply<T>>(path, { signal }).then((reply) => reply.data ?? []);
}

const key = (name: string) => ['admin', 'pickers', name] as const;

export function useNetworks() {
  return useQuery({
    queryKey: key('networks'),
    queryFn: ({ signal }) => list<NetworkDto>('/transactions/networks', signal),
    staleTime: Infinity,
  });
}

export function useCableProviders() {
  return useQuery({
    queryKey: key('cable-list'),
    queryFn: ({ signal }) => list<CableProviderDto>('/transactions/cable-list', signal),
    staleTime: Infinity,
  });
}

export function useUtilityProviders() {
  return useQuery({
    queryKey: key('utility-providers'),
    queryFn: ({ signal }) => list<UtilityProviderDto>('/transactions/utility-providers', signal),
    staleTime: Infinity,
  });
}
