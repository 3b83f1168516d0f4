import type { PublicConfig } from '@owo/shared/api-types';
import type { Services } from '../../services';
import { sandboxEnabled } from '../sandbox/service';
import type { Api } from '../../lib/route-validation';
import {
  healthReplySchema,
  notReadyReplySchema,
  publicConfigSchema,
  readyReplySchema,
  serviceStatusReplySchema,
} from '@owo/shared/replies/system';

export function systemRoutes(app: Api, { deps, switches, guards }: Services) {
  /** Process up. */
  app.get('/health', { schema: { response: { 200: healthReplySchema } } }, async () => ({
    success: true as const,
    status: 'ok' as const,
  }));

  /** Database reachable and migrations applied: safe to send traffic. */
  app.get(
    '/ready',
    { schema: { response: { 200: readyReplySchema, 503: notReadyReplySchema } } },
    async (_request, reply) => {
      const ready = await deps.database.isReady();
      return ready
        ? reply.status(200).send({ success: true, status: 'ready' })
        : reply.status(503).send({ success: false, status: 'not ready' });
    },
  );

  /** Runtime settings the web app needs (the build is the same for every deployment). */
  app.get(
    '/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (): Promise<PublicConfig> => ({
      appName: deps.config.appName,
      googleClientId: deps.config.googleClientId ?? null,
      chatPropertyId: deps.config.chatPropertyId ?? null,
      // Null hides the WhatsApp link: the app shows no number that is not configured.
      supportWhatsappUrl: deps.config.supportWhatsapp
        ? `https://wa.me/${deps.config.supportWhatsapp}`
        : null,
      // The web app shows the sandbox banner, mailbox and add-money button only when this is true.
      sandbox: sandboxEnabled(deps.config),
    }),
  );

  /** Which services are on (the Airtime tile shows "Service Unavailable" when it is off). */
  app.get(
    '/system/services',
    { onRequest: guards.requireUser, schema: { response: { 200: serviceStatusReplySchema } } },
    async () => ({
      success: true as const,
      message: 'Service status',
      data: await switches.status(),
    }),
  );
}
