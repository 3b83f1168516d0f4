/**
 * The shutdown switches (spec 02 §7 System), shared by the dashboard's whole-system switch and the
 * per-service switches on Manage Services: one status query, one way to switch. Both screens read
 * the same cache, so a change on one shows on the other at once. Toasts stay with each screen.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ShutdownReply, ShutdownStatusReply } from '@owo/shared/api-types';
import { SHUTDOWN_REASON_DEFAULT, type ShutdownService } from '@owo/shared/constants';
import { apiRequest } from '../../../lib/api';
import { serviceStatusKey } from '../../../lib/service-status';

export const systemStatusKey = ['admin', 'system', 'status'] as const;

export type SystemStatus = ShutdownStatusReply['data'];

export function useSystemStatus() {
  return useQuery({
    queryKey: systemStatusKey,
    queryFn: ({ signal }) =>
      apiRequest<ShutdownStatusReply>('/admin/system/status', { signal }).then(
        (reply) => reply.data,
      ),
    // A shutdown ends by itself when its time is up: look again now and then.
    refetchInterval: 60_000,
  });
}

/** Restore a service ("system" = all of them), or shut it down for one of the spec's durations. */
export type SystemChange =
  { service: ShutdownService; on: true } | { service: ShutdownService; on: false; minutes: number };

/**
 * Sends the change and writes the reply (the new status) straight into the cache. The customer
 * screens read GET /system/services, so that cache is dropped too. On failure the status is
 * fetched again (the change may have half-happened) and the error is thrown on.
 */
export async function switchService(client: QueryClient, change: SystemChange): Promise<void> {
  let reply: ShutdownReply;
  try {
    reply = change.on
      ? await apiRequest<ShutdownReply>('/admin/system/emergency-restore', {
          method: 'POST',
          body: { services: [change.service] },
        })
      : await apiRequest<ShutdownReply>('/admin/system/emergency-shutdown', {
          method: 'POST',
          // The spec's dashboard sends the duration as text ('10').
          body: {
            reason: SHUTDOWN_REASON_DEFAULT,
            duration: String(change.minutes),
            services: [change.service],
          },
        });
  } catch (error) {
    void client.invalidateQueries({ queryKey: systemStatusKey });
    throw error;
  }
  if (reply.data) client.setQueryData(systemStatusKey, reply.data);
  else void client.invalidateQueries({ queryKey: systemStatusKey });
  void client.invalidateQueries({ queryKey: serviceStatusKey });
}
