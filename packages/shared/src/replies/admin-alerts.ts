import { z } from 'zod/mini';
import { ALERT_KINDS } from '../alert-messages';
import { alertSettingsBody } from '../alerts';
import { adminDataReply, adminPaginationSchema, count } from './admin-common';

/** One occurrence of a watched condition (decision 0030). */
export const alertIncidentDtoSchema = z.object({
  _id: z.string(),
  kind: z.enum(ALERT_KINDS),
  subject: z.string(),
  summary: z.string(),
  // The figures behind the alert; each kind of condition has its own (free-form by design).
  detail: z.record(z.string(), z.unknown()),
  openedAt: z.string(),
  lastSeenAt: z.string(),
  clearedAt: z.nullable(z.string()),
  acknowledgedAt: z.nullable(z.string()),
  acknowledgedBy: z.nullable(z.string()),
  mailed: z.boolean(),
});

/** GET admin/alerts/incidents: conditions that hold now, and the last cleared ones. */
export const alertIncidentsReplySchema = adminDataReply(
  z.object({ open: z.array(alertIncidentDtoSchema), recent: z.array(alertIncidentDtoSchema) }),
);

/** POST admin/alerts/incidents/{id}/acknowledge. */
export const alertAcknowledgeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: alertIncidentDtoSchema,
});

/** GET admin/alerts/settings (no message) and PUT (with one). */
export const alertSettingsReplySchema = z.object({
  success: z.literal(true),
  message: z.optional(z.string()),
  data: alertSettingsBody,
});

/** A supplier problem an operator must fix. */
export const operatorAlertDtoSchema = z.object({
  _id: z.string(),
  supplier: z.string(),
  message: z.string(),
  transactionId: z.nullable(z.string()),
  detail: z.string(),
  createdAt: z.string(),
});

/** GET admin/alerts?page=: newest first; `open` counts the unacknowledged ones. */
export const operatorAlertsReplySchema = z.object({
  success: z.literal(true),
  data: z.array(operatorAlertDtoSchema),
  open: count(),
  pagination: adminPaginationSchema,
});
