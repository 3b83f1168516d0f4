import { z } from 'zod/mini';
import { dataReply } from './common';

/** GET health: the process is up. */
export const healthReplySchema = z.object({ success: z.literal(true), status: z.literal('ok') });

/** GET ready (200): the database answers and its migrations are applied. */
export const readyReplySchema = z.object({ success: z.literal(true), status: z.literal('ready') });

/** GET ready (503): not yet, or no longer; a load balancer sends no traffic here. */
export const notReadyReplySchema = z.object({
  success: z.literal(false),
  status: z.literal('not ready'),
});

/** GET config: runtime settings the web app needs (PublicConfig; no envelope). */
export const publicConfigSchema = z.object({
  appName: z.string(),
  googleClientId: z.nullable(z.string()),
  chatPropertyId: z.nullable(z.string()),
  /** https://wa.me/<number> from SUPPORT_WHATSAPP; null: no WhatsApp link anywhere. */
  supportWhatsappUrl: z.nullable(z.string()),
  /** Sandbox mode (simulated suppliers, not production): the sandbox banner and mailbox show. */
  sandbox: z.boolean(),
});

/** Which services are on; "system" off turns every one off (ServiceStatus). */
export const serviceStatusSchema = z.object({
  airtime: z.boolean(),
  data: z.boolean(),
  'cable-tv': z.boolean(),
  utility: z.boolean(),
  system: z.boolean(),
});

/** GET system/services. */
export const serviceStatusReplySchema = dataReply(serviceStatusSchema);

/** Our webhook routes, each `POST /api/webhooks/<supplier>` (the suppliers call them). */
export const WEBHOOK_ROUTES = ['palmpay', 'ogdams', 'vtpass'] as const;

/**
 * GET webhooks/<supplier>: the go-live probe (`cli live-check`, decision 0045). Moves and records
 * nothing; echoes the caller's nonce so the answer is known to be ours.
 */
export const webhookProbeReplySchema = z.object({
  webhook: z.enum(WEBHOOK_ROUTES),
  /** The method suppliers use on this path. */
  accepts: z.literal('POST'),
  /** The caller's nonce, or null when it sent none (or not a plain one). */
  probe: z.nullable(z.string()),
});
