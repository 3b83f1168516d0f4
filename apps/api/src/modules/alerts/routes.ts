import { alertIncidentParams, alertSettingsBody } from '@owo/shared/alerts';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';
import {
  alertAcknowledgeReplySchema,
  alertIncidentsReplySchema,
  alertSettingsReplySchema,
} from '@owo/shared/replies/admin-alerts';

/**
 * Admin e-mail alerts: the open and recently cleared conditions and their settings (staff read
 * them), acknowledging an alert and changing the settings (admins only, both audited).
 */
export function alertRoutes(app: Api, { alerts, guards }: Services) {
  const staff = { onRequest: guards.requireStaff };
  const admin = { onRequest: guards.requireAdmin };
  const actor = (request: Parameters<typeof authOf>[0]) => {
    const { id, email } = authOf(request).user;
    return { id, email };
  };

  app.get(
    '/admin/alerts/incidents',
    { ...staff, schema: { response: { 200: alertIncidentsReplySchema } } },
    async () => alerts.list(),
  );

  app.post(
    '/admin/alerts/incidents/:id/acknowledge',
    {
      ...admin,
      schema: { params: alertIncidentParams, response: { 200: alertAcknowledgeReplySchema } },
    },
    async (request) => alerts.acknowledge(actor(request), request.params.id),
  );

  app.get(
    '/admin/alerts/settings',
    { ...staff, schema: { response: { 200: alertSettingsReplySchema } } },
    async () => alerts.settings(),
  );

  app.put(
    '/admin/alerts/settings',
    { ...admin, schema: { body: alertSettingsBody, response: { 200: alertSettingsReplySchema } } },
    async (r) => alerts.setSettings(actor(r), r.body),
  );
}
