/**
 * Which services are switched on (GET /system/services; admins toggle them). Screens treat an
 * unknown state (still loading, or the call failed) as available: the purchase itself is refused
 * by the server when a service is off, so the client never blocks on this check.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceStatus } from '@owo/shared/api-types';
import { apiRequest } from './api';

export type { ServiceStatus };

export type ServiceName = Exclude<keyof ServiceStatus, 'system'>;

export const serviceStatusKey = ['system', 'services'] as const;

/**
 * An admin may switch a service off at any moment: the state is fresh for 15 s only, refetched
 * when the customer comes back to the app, and every minute while a screen shows it.
 */
const SERVICE_STATUS_STALE_MS = 15_000;
const SERVICE_STATUS_POLL_MS = 60_000;

export const serviceStatusQuery = queryOptions({
  queryKey: serviceStatusKey,
  staleTime: SERVICE_STATUS_STALE_MS,
  queryFn: ({ signal }) =>
    apiRequest<{ success: true; data: Partial<ServiceStatus> }>('/system/services', {
      signal,
    }).then((reply) => reply.data),
});

export function useServiceStatus() {
  return useQuery({
    ...serviceStatusQuery,
    refetchOnWindowFocus: true,
    refetchInterval: SERVICE_STATUS_POLL_MS,
  });
}

/**
 * False only when the server said the service (or the whole system) is off. 'system' asks about
 * the products only the system switch stops (betting, airtime to cash).
 */
export function isServiceAvailable(
  status: Partial<ServiceStatus> | undefined,
  service: ServiceName | 'system',
): boolean {
  if (!status) return true;
  return status.system !== false && status[service] !== false;
}
