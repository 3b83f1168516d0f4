import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, walletTransfers } from '../../db/schema';

export type WalletTransferRow = typeof walletTransfers.$inferSelect;

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

  async insert(
    tx: DbOrTx,
    values: typeof walletTransfers.$inferInsert,
  ): Promise<WalletTransferRow> {
    const [row] = await tx.insert(walletTransfers).values(values).returning();
    if (!row) throw new Error('insert returned no wallet transfer');
    return row;
  },
};
