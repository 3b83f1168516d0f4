import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { purchases } from '../../db/schema';
import type { PurchaseRow } from '../purchases/repository';

export const ogdamsWebhookRepository = {
  /**
   * The Ogdams order an event names: the reference we sent (supplier_request_id) or Ogdams's own
   * ref from its vend reply (supplier_reference), whichever the event carries.
   */
  async orderByReference(db: DbOrTx, reference: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(purchases)
      .where(
        and(
          eq(purchases.supplier, 'ogdams'),
          or(
            eq(purchases.supplierRequestId, reference),
            eq(purchases.supplierReference, reference),
          ),
        ),
      )
      .limit(1);
    return row;
  },
};
