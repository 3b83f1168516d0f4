import {
  alertMessages,
  alertSettingsBody,
  DEFAULT_ALERT_SETTINGS,
  RECENT_ALERTS,
  type AlertAcknowledgeReply,
  type AlertIncidentDto,
  type AlertIncidentsReply,
  type AlertKind,
  type AlertSettings,
  type AlertSettingsReply,
} from '@owo/shared/alerts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { LedgerAudit } from '../../ledger/invariants';
import { auditRepository, type Actor } from '../audit/repository';
import { settingsRepository } from '../settings/repository';
import {
  failureRates,
  ledgerAuditFailure,
  lowBalances,
  pendingOrders,
  type LowBalanceSource,
} from './conditions';
import { alertMail } from './mail';
import { adjustmentsWaiting, refundedOrdersDelivered } from './staff-money-conditions';
import { alertsRepository, type ActiveCondition, type AlertIncidentRow } from './repository';

export const ALERT_SETTINGS_KEY = 'alert_settings';

/** How long a node owns an occurrence's mails before another may retry them. */
const MAIL_LEASE_MS = 5 * 60_000;

/**
 * Settings as flat fields for the audit log ("failureRate.percent": 20), so its screen lists
 * each changed figure on its own line instead of two nested objects.
 */
function auditFields(settings: AlertSettings): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(settings).flatMap(([condition, values]) =>
      Object.entries(values).map(([key, value]) => [`${condition}.${key}`, value]),
    ),
  );
}

/** Stored settings, or the defaults when none (or a shape from an older version) are stored. */
function settingsFrom(stored: unknown): AlertSettings {
  const parsed = alertSettingsBody.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
}

function toDto(row: AlertIncidentRow): AlertIncidentDto {
  return {
    _id: row.id,
    kind: row.kind,
    subject: row.subject,
    summary: row.summary,
    detail: row.detail,
    openedAt: row.openedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    clearedAt: row.clearedAt?.toISOString() ?? null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedByEmail ?? null,
    mailed: row.notifiedAt !== null,
  };
}

/**
 * Admin e-mail alerts (decision 0030). A pass evaluates the conditions, opens an occurrence for
 * each that starts holding, clears those that stopped, and mails every admin about the new
 * occurrences; the database decides what is new, so passes on several nodes send one mail. The
 * ledger audit is not re-run here: the scheduled audit job hands its result to `ledgerAudit`.
 */
export function createAlertService(
  deps: AppDeps,
  sources: { lowBalances?: LowBalanceSource } = {},
) {
  const { database, clock, logger, mailer, config } = deps;
  const db = database.db;

  const readSettings = async () =>
    settingsFrom(await settingsRepository.get<unknown>(db, ALERT_SETTINGS_KEY));

  /** Opens what holds among `kinds`, clears the rest of them. */
  async function apply(kinds: AlertKind[], active: ActiveCondition[], now: Date) {
    for (const condition of active) await alertsRepository.raise(db, condition, now);
    await alertsRepository.clearExcept(
      db,
      kinds,
      active.map((c) => c.key),
      now,
    );
  }

  async function evaluate(settings: AlertSettings, now: Date) {
    const kinds: AlertKind[] = [
      'orders_pending',
      'supplier_failure_rate',
      'adjustments_waiting',
      'refunded_order_delivered',
    ];
    const active = [
      ...(await adjustmentsWaiting(db)),
      ...(await refundedOrdersDelivered(db)),
      ...(settings.pendingOrders.enabled
        ? await pendingOrders(db, settings.pendingOrders, now)
        : []),
      ...(settings.failureRate.enabled ? await failureRates(db, settings.failureRate, now) : []),
    ];
    if (!settings.lowBalance.enabled) {
      kinds.push('supplier_low_balance');
    } else if (sources.lowBalances) {
      try {
        active.push(...(await lowBalances(sources.lowBalances)));
        kinds.push('supplier_low_balance');
      } catch (error) {
        // Balances unread say nothing either way: an open low-balance alert stays open.
        logger.warn({ err: error }, 'alerts: supplier balances could not be read');
      }
    }
    // The ledger condition is raised and cleared by the audit's own result; switched off, it ends.
    if (!settings.ledgerAudit.enabled) kinds.push('ledger_audit');
    await apply(kinds, active, now);
  }

  /** Mails every admin about each open occurrence not yet mailed (retrying partial sends). */
  async function mailNew(now: Date) {
    const claimed = await alertsRepository.claimUnmailed(
      db,
      now,
      new Date(now.getTime() + MAIL_LEASE_MS),
    );
    if (claimed.length === 0) return;
    const admins = await alertsRepository.adminEmails(db);
    for (const incident of claimed) {
      let complete = true;
      for (const to of admins.filter((a) => !incident.mailedTo.includes(a))) {
        try {
          await mailer.send({ to, ...alertMail(incident, config) });
          await alertsRepository.markMailed(db, incident.id, to);
        } catch (error) {
          complete = false;
          logger.error({ err: error, alert: incident.key, to }, 'alert mail failed');
        }
      }
      if (complete) await alertsRepository.markNotified(db, incident.id, clock.now());
    }
  }

  return {
    /** One evaluation and its mails (the alerts job's pass). */
    async pass(): Promise<boolean> {
      const now = clock.now();
      await evaluate(await readSettings(), now);
      await mailNew(now);
      return false;
    },

    /** The scheduled ledger audit's result: a failure opens the condition, a pass clears it. */
    async ledgerAudit(audit: LedgerAudit): Promise<void> {
      const settings = await readSettings();
      const active = settings.ledgerAudit.enabled ? ledgerAuditFailure(audit) : [];
      await apply(['ledger_audit'], active, clock.now());
    },

    async list(): Promise<AlertIncidentsReply> {
      const { open, cleared } = await alertsRepository.list(db, RECENT_ALERTS);
      return { success: true, data: { open: open.map(toDto), recent: cleared.map(toDto) } };
    },

    async settings(): Promise<AlertSettingsReply> {
      return { success: true, data: await readSettings() };
    },

    /** Replaces the settings; a change is written to the audit log in the same transaction. */
    async setSettings(actor: Actor, next: AlertSettings): Promise<AlertSettingsReply> {
      await database.db.transaction(async (tx) => {
        const before = settingsFrom(
          await settingsRepository.getForUpdate<unknown>(
            tx,
            ALERT_SETTINGS_KEY,
            DEFAULT_ALERT_SETTINGS,
          ),
        );
        await settingsRepository.set(tx, ALERT_SETTINGS_KEY, next);
        if (JSON.stringify(before) === JSON.stringify(next)) return;
        await auditRepository.record(
          tx,
          actor,
          {
            action: 'setting.alerts',
            entity: 'admin_setting',
            entityId: ALERT_SETTINGS_KEY,
            before: auditFields(before),
            after: auditFields(next),
          },
          clock.now(),
        );
      });
      return { success: true, message: alertMessages.settingsSaved, data: next };
    },

    async acknowledge(actor: Actor & { id: string }, id: string): Promise<AlertAcknowledgeReply> {
      const row = await database.db.transaction(async (tx) => {
        const now = clock.now();
        const acknowledged = await alertsRepository.acknowledge(tx, id, actor, now);
        if (!acknowledged) return undefined;
        await auditRepository.record(
          tx,
          actor,
          {
            action: 'alert.acknowledge',
            entity: 'alert',
            entityId: id,
            after: { summary: acknowledged.summary },
          },
          now,
        );
        return acknowledged;
      });
      if (row) return { success: true, message: alertMessages.acknowledged, data: toDto(row) };
      const existing = await alertsRepository.find(db, id);
      if (!existing) throw new AppError('NOT_FOUND');
      if (existing.clearedAt) throw new AppError('ALERT_CLEARED');
      throw new AppError('ALERT_ALREADY_ACKNOWLEDGED');
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
