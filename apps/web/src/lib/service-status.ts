/**
 * Which services are switched on (GET /system/services; admins toggle them). Screens treat an
 * unknown state (still loading, or the call failed) as available: the purchase itself is refused
 * by the server when a service is off, so the client never blocks on this check.
 */
import { useQuery } from '@tanstack/react-query';
import type { ServiceStatus } from '@owo/shared/api-types';
import { apiRequest } from './api';

export type { ServiceStatus };

export type ServiceName = Exclude<keyof ServiceStatus, 'system'>;

export const serviceStatusKey = ['system', 'services'] as const;

export function useServiceStatus() {
  return useQuery({
    queryKey: serviceStatusKey,
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: Partial<ServiceStatus> }>('/system/services', {
        signal,
      }).then((reply) => reply.data),
  });
}

/** False only when the server said the service (or the whole system) is off. */
export function isServiceAvailable(
  status: Partial<ServiceStatus> | undefined,
  service: ServiceName,
): boolean {
  if (!status) return true;
  return status.system !== false && status[service] !== false;
}
