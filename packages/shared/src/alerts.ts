/**
 * Admin e-mail alerts (decision 0030): the watched conditions' settings, the occurrences an admin
 * sees and acknowledges, and the screen's words.
 */
import { z } from 'zod/mini';
import type { AlertKind } from './alert-messages';

export { ALERT_KINDS, alertMessages, type AlertKind } from './alert-messages';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .check(
      z.int(`${label} must be a whole number from ${min} to ${max}.`),
      z.gte(min, `${label} must be a whole number from ${min} to ${max}.`),
      z.lte(max, `${label} must be a whole number from ${min} to ${max}.`),
    );

const enabled = z.boolean({ error: 'On or off must be true or false.' });

/** The failure-rate alert's longest window: supplier refusals older than it are pruned. */
export const ALERT_WINDOW_MAX_MINUTES = 1_440;

/** The whole settings object; a PUT replaces it (unknown keys are refused). */
export const alertSettingsBody = z.strictObject({
  pendingOrders: z.strictObject({
    enabled,
    /** An open order older than this is reported. */
    afterMinutes: whole('Pending for', 5, 10_080),
  }),
  failureRate: z.strictObject({
    enabled,
    /** Failed share of a supplier's settled orders at or above which it is reported. */
    percent: whole('Failure rate', 1, 100),
    windowMinutes: whole('Window', 5, ALERT_WINDOW_MAX_MINUTES),
    /** Fewer settled orders than this in the window say nothing (one failure is not 100 %). */
    minOrders: whole('Minimum orders', 1, 10_000),
  }),
  lowBalance: z.strictObject({ enabled }),
  ledgerAudit: z.strictObject({ enabled }),
});
export type AlertSettings = z.output<typeof alertSettingsBody>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  pendingOrders: { enabled: true, afterMinutes: 60 },
  failureRate: { enabled: true, percent: 20, windowMinutes: 60, minOrders: 10 },
  lowBalance: { enabled: true },
  ledgerAudit: { enabled: true },
};

export const alertIncidentParams = z.object({ id: z.uuid({ error: 'Not an alert id.' }) });

export interface AlertIncidentDto {
  _id: string;
  kind: AlertKind;
  /** The supplier it is about ('' when none). */
  subject: string;
  summary: string;
  detail: Record<string, unknown>;
  openedAt: string;
  lastSeenAt: string;
  /** Null while the condition holds. */
  clearedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  /** Every admin has been mailed. */
  mailed: boolean;
}

export interface AlertIncidentsReply {
  success: true;
  /** open: conditions that hold now, oldest first; recent: the last cleared ones. */
  data: { open: AlertIncidentDto[]; recent: AlertIncidentDto[] };
}

export interface AlertSettingsReply {
  success: true;
  message?: string;
  data: AlertSettings;
}

export interface AlertAcknowledgeReply {
  success: true;
  message: string;
  data: AlertIncidentDto;
}

/** How many cleared occurrences the screen lists under the open ones. */
export const RECENT_ALERTS = 10;
