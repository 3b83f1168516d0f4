import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
/** A listed entry with the name of what it acted on, when that can be found. */
export type AuditListRow = AuditRow & { entityName: string | null };

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

/**
 * The entry's id as a uuid, or null when it is not one (a service name, a swap reference): the
 * case keeps the cast from failing, and the comparison can use the primary key.
 */
const entityUuid = sql`(case when ${auditLog.entityId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                        then ${auditLog.entityId}::uuid end)`;

/**
 * What an operator calls the entity: a user's name and e-mail, an order's description and
 * reference, a plan's network, type and size. One primary-key probe per listed entry (a page is
 * 30); ids of other kinds, and rows since deleted, give null and the screen shows the id.
 */
const entityName = sql<string | null>`case ${auditLog.entity}
  when 'user' then (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), '') || ' (' || u.email || ')', u.email)
                    from users u where u.id = ${entityUuid})
  when 'transaction' then (select concat_ws(' · ', nullif(t.description, ''), t.reference)
                           from transactions t where t.id = ${entityUuid})
  when 'plan' then (select concat_ws(' ', p.service, nullif(p.plan_type, ''),
                                     coalesce(nullif(p.size, ''), p.name))
                    from plans p where p.id = ${entityUuid})
  end`;

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

  /** Newest first, each with the name of its entity. */
  async list(db: DbOrTx, filter: AuditFilter, limit: number, offset: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...getTableColumns(auditLog), entityName })
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
