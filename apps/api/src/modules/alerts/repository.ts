import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { AlertKind } from '@owo/shared/alerts';
import type { DbOrTx } from '../../db/client';
import { alertIncidents, users } from '../../db/schema';

export type AlertIncidentRow = typeof alertIncidents.$inferSelect;

/** A condition that holds now, as an evaluation saw it. */
export interface ActiveCondition {
  key: string;
  kind: AlertKind;
  subject: string;
  summary: string;
  detail: Record<string, unknown>;
}

/** Occurrences of the watched conditions (schema-alerts.ts); the only SQL of the alerts. */
export const alertsRepository = {
  /**
   * Opens an occurrence of the condition unless one is open. The partial unique index on the open
   * key decides: of two racing raises the second waits for the first and then inserts nothing,
   * so "true" (a new occurrence, to be mailed) is answered once per occurrence across all nodes.
   * An occurrence already open gets the latest figures.
   */
  async raise(db: DbOrTx, condition: ActiveCondition, now: Date): Promise<boolean> {
    const inserted = await db
      .insert(alertIncidents)
      .values({ ...condition, openedAt: now, lastSeenAt: now })
      .onConflictDoNothing({ target: alertIncidents.key, where: isNull(alertIncidents.clearedAt) })
      .returning({ id: alertIncidents.id });
    if (inserted.length > 0) return true;
    await db
      .update(alertIncidents)
      .set({ summary: condition.summary, detail: condition.detail, lastSeenAt: now })
      .where(and(eq(alertIncidents.key, condition.key), isNull(alertIncidents.clearedAt)));
    return false;
  },

  /** Clears the open occurrences of these kinds whose key is not among those that still hold. */
  async clearExcept(db: DbOrTx, kinds: AlertKind[], holding: string[], now: Date) {
    if (kinds.length === 0) return;
    await db
      .update(alertIncidents)
      .set({ clearedAt: now })
      .where(
        and(
          isNull(alertIncidents.clearedAt),
          inArray(alertIncidents.kind, kinds),
          holding.length > 0 ? notInArray(alertIncidents.key, holding) : undefined,
        ),
      );
  },

  /**
   * Takes the open occurrences whose mail has not gone out for `leaseUntil`. The conditional
   * update is the claim: a racing node re-reads a row it waited on, finds the lease taken and
   * skips it, so two passes never mail the same occurrence at once; a node that dies mid-send
   * leaves the lease to expire and the next pass mails whom it had not reached.
   */
  async claimUnmailed(db: DbOrTx, now: Date, leaseUntil: Date): Promise<AlertIncidentRow[]> {
    return db
      .update(alertIncidents)
      .set({ notifyLeaseUntil: leaseUntil })
      .where(
        and(
          isNull(alertIncidents.clearedAt),
          isNull(alertIncidents.notifiedAt),
          or(isNull(alertIncidents.notifyLeaseUntil), lt(alertIncidents.notifyLeaseUntil, now)),
        ),
      )
      .returning();
  },

  async markMailed(db: DbOrTx, id: string, email: string) {
    await db
      .update(alertIncidents)
      .set({ mailedTo: sql`${alertIncidents.mailedTo} || jsonb_build_array(${email}::text)` })
      .where(eq(alertIncidents.id, id));
  },

  async markNotified(db: DbOrTx, id: string, now: Date) {
    await db
      .update(alertIncidents)
      .set({ notifiedAt: now, notifyLeaseUntil: null })
      .where(eq(alertIncidents.id, id));
  },

  /** The addresses alerts go to: every active admin (support staff only read the screens). */
  async adminEmails(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .orderBy(asc(users.email));
    return rows.map((r) => r.email);
  },

  /** Open occurrences oldest first, then the latest cleared ones. */
  async list(db: DbOrTx, recent: number) {
    const [open, cleared] = await Promise.all([
      db
        .select()
        .from(alertIncidents)
        .where(isNull(alertIncidents.clearedAt))
        .orderBy(asc(alertIncidents.openedAt), asc(alertIncidents.id)),
      db
        .select()
        .from(alertIncidents)
        .where(isNotNull(alertIncidents.clearedAt))
        .orderBy(desc(alertIncidents.clearedAt), desc(alertIncidents.id))
        .limit(recent),
    ]);
    return { open, cleared };
  },

  async find(db: DbOrTx, id: string): Promise<AlertIncidentRow | undefined> {
    const [row] = await db.select().from(alertIncidents).where(eq(alertIncidents.id, id));
    return row;
  },

  /** Acknowledges an open, unacknowledged occurrence; undefined when it is not one. */
  async acknowledge(
    db: DbOrTx,
    id: string,
    actor: { id: string; email: string },
    now: Date,
  ): Promise<AlertIncidentRow | undefined> {
    const [row] = await db
      .update(alertIncidents)
      .set({ acknowledgedAt: now, acknowledgedById: actor.id, acknowledgedByEmail: actor.email })
      .where(
        and(
          eq(alertIncidents.id, id),
          isNull(alertIncidents.acknowledgedAt),
          isNull(alertIncidents.clearedAt),
        ),
      )
      .returning();
    return row;
  },
};
