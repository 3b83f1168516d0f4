/**
 * The admin alerts' calls: the open and recently cleared conditions, acknowledging one, and the
 * settings. The server checks the role on each (staff read, admins change).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AlertAcknowledgeReply,
  AlertIncidentsReply,
  AlertSettings,
  AlertSettingsReply,
} from '@owo/shared/alerts';
import { apiRequest } from '../../../../lib/api';

export const alertIncidentsKey = ['admin', 'alert-incidents'] as const;
export const alertSettingsKey = ['admin', 'alert-settings'] as const;

export function useAlertIncidents() {
  return useQuery({
    queryKey: alertIncidentsKey,
    queryFn: ({ signal }) => apiRequest<AlertIncidentsReply>('/admin/alerts/incidents', { signal }),
    // Conditions open and clear on the server's schedule: a returning admin sees fresh ones.
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useAlertSettings() {
  return useQuery({
    queryKey: alertSettingsKey,
    queryFn: ({ signal }) => apiRequest<AlertSettingsReply>('/admin/alerts/settings', { signal }),
  });
}

export async function acknowledgeAlert(client: QueryClient, id: string) {
  const reply = await apiRequest<AlertAcknowledgeReply>(
    `/admin/alerts/incidents/${encodeURIComponent(id)}/acknowledge`,
    { method: 'POST' },
  );
  await client.invalidateQueries({ queryKey: alertIncidentsKey });
  return reply;
}

export async function saveAlertSettings(client: QueryClient, settings: AlertSettings) {
  const reply = await apiRequest<AlertSettingsReply>('/admin/alerts/settings', {
    method: 'PUT',
    body: settings,
  });
  client.setQueryData(alertSettingsKey, reply);
  return reply;
}
