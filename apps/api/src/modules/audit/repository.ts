import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** Who did it: a signed-in admin, or the operator running the CLI (no user id). */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  /** Dotted verb: plan.price, plan.availability, system.shutdown, order.refund … */
  action: string;
  entity: string;
  entityId?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string;
}

export interface AuditFilter {
  /** An actor's user id, or an email for CLI entries. */
  actor?: string;
  action?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function where(filter: AuditFilter) {
  const actor = filter.actor
    ? UUID.test(filter.actor)
      ? eq(auditLog.actorId, filter.actor)
      : and(isNull(auditLog.actorId), eq(auditLog.actorEmail, filter.actor))
    : undefined;
  return and(actor, filter.action ? eq(auditLog.action, filter.action) : undefined);
}

export const auditRepository = {
  /**
   * Records an admin action. Call it with the transaction that makes the change, so the entry
   * and the change commit (or roll back) together.
   */
  async record(tx: DbOrTx, actor: Actor, entry: AuditEntry, at?: Date): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? '',
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason ?? '',
      ...(at ? { createdAt: at } : {}),
    });
  },

  /** Newest first. */
  async list(db: DbOrTx, filter: AuditFilter, limit: number, offset: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where(filter))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(auditLog).where(where(filter)),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The filter choices: everyone who acted, and every action recorded. */
  async filters(db: DbOrTx) {
    const [actors, actions] = await Promise.all([
      db
        .selectDistinct({ id: auditLog.actorId, email: auditLog.actorEmail })
        .from(auditLog)
        .orderBy(auditLog.actorEmail),
      db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    ]);
    return { actors, actions: actions.map((a) => a.action) };
  },

  /** Test and ops helper: how many entries an action has. */
  async countAction(db: DbOrTx, action: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, action));
    return row?.n ?? 0;
  },
};
