import { alertIncidentParams, alertSettingsBody } from '@owo/shared/alerts';
import { authOf } from '../../plugins/authenticate';
import type { Services } from '../../services';
import type { Api } from '../../lib/route-validation';

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

  app.get('/admin/alerts/incidents', staff, async () => alerts.list());

  app.post(
    '/admin/alerts/incidents/:id/acknowledge',
    { ...admin, schema: { params: alertIncidentParams } },
    async (request) => alerts.acknowledge(actor(request), request.params.id),
  );

  app.get('/admin/alerts/settings', staff, async () => alerts.settings());

  app.put('/admin/alerts/settings', { ...admin, schema: { body: alertSettingsBody } }, async (r) =>
    alerts.setSettings(actor(r), r.body),
  );
}
