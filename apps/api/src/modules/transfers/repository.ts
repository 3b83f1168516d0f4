import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** A user as a transfer's counterparty sees them. */
export interface Party {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
}

const partyColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL of transfers between users. */
export const transfersRepository = {
  async partyByEmail(db: DbOrTx, email: string): Promise<Party | undefined> {
    const [row] = await db.select(partyColumns).from(users).where(eq(users.email, email)).limit(1);
    return row;
  },

  async partyById(db: DbOrTx, id: string): Promise<Party | undefined> {
    // Not a uuid: no such user (and no database error for a malformed id).
    if (!UUID.test(id)) return undefined;
    const [row] = await db.select(partyColumns).from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  /**
   * The sender and the recipient a transfer names (by e-mail or id) in one query. Either may be
   * missing; the recipient is the sender when they named themselves.
   */
  async parties(
    db: DbOrTx,
    senderId: string,
    identifier: string,
  ): Promise<{ sender: Party | undefined; recipient: Party | undefined }> {
    const named = identifier.toLowerCase();
    const byEmail = named.includes('@');
    const match = byEmail
      ? eq(users.email, named)
      : UUID.test(named)
        ? eq(users.id, named)
        : undefined;
    const rows = await db
      .select(partyColumns)
      .from(users)
      .where(match ? or(eq(users.id, senderId), match) : eq(users.id, senderId));
    return {
      sender: rows.find((r) => r.id === senderId),
      recipient: match
        ? rows.find((r) => (byEmail ? r.email === named : r.id === named))
        : undefined,
    };
  },
};
