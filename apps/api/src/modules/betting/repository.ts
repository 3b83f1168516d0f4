import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { purchases } from '../../db/schema';
import type { PurchaseRow } from '../purchases/repository';

/** The SQL of betting beyond the purchase flow's own. */
export const bettingRepository = {
  /** The betting order PalmPay calls outOrderNo (our request id; unique per supplier). */
  async orderByOutOrderNo(db: DbOrTx, outOrderNo: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.supplier, 'palmpay'), eq(purchases.supplierRequestId, outOrderNo)))
      .limit(1);
    return row;
  },
};
