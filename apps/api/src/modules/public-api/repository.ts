import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderActions, purchases, transactions } from '../../db/schema';
import type { TransactionRow } from '../transactions/repository';

export interface OrderOfReference {
  row: TransactionRow;
  clientReference: string | null;
  /** Delivered, then taken back (an admin's Reverse or the supplier's reversal notice). */
  reversed: boolean;
}

/** The reads of the reseller API's requery. */
export const publicApiRepository = {
  /**
   * An order of this user by the reseller's reference (unique per key, so this key's) or by our
   * reference (any order of the user's); undefined for another user's order or none.
   */
  async findOrder(
    db: DbOrTx,
    userId: string,
    keyId: string,
    reference: string,
  ): Promise<OrderOfReference | undefined> {
    const select = () =>
      db
        .select({
          row: transactions,
          clientReference: purchases.clientReference,
          reversed: sql<boolean>`exists (select 1 from ${orderActions}
            where ${orderActions.transactionId} = ${transactions.id}
              and ${orderActions.action} = 'reverse')`,
        })
        .from(transactions)
        .leftJoin(purchases, eq(purchases.transactionId, transactions.id));
    const [byClient] = await select()
      .where(
        and(
          eq(purchases.apiKeyId, keyId),
          eq(purchases.clientReference, reference),
          eq(transactions.userId, userId),
        ),
      )
      .limit(1);
    if (byClient) return byClient;
    const [ours] = await select()
      .where(and(eq(transactions.reference, reference), eq(transactions.userId, userId)))
      .limit(1);
    return ours;
  },
};
