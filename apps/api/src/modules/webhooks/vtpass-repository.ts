import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operatorAlerts, purchases } from '../../db/schema';
import type { PurchaseRow } from '../purchases/repository';

export const vtpassWebhookRepository = {
  /** The VTpass order a callback names: the request id we sent on pay. */
  async orderByRequestId(db: DbOrTx, requestId: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.supplier, 'vtpass'), eq(purchases.supplierRequestId, requestId)))
      .limit(1);
    return row;
  },

  /**
   * Whether an operator alert with this message about this order is still open: VTpass resends a
   * callback up to 5 times, and one open alert is enough for an admin to act on.
   */
  async openAlertExists(db: DbOrTx, transactionId: string, message: string): Promise<boolean> {
    const [row] = await db
      .select({ id: operatorAlerts.id })
      .from(operatorAlerts)
      .where(
        and(
          eq(operatorAlerts.transactionId, transactionId),
          eq(operatorAlerts.message, message),
          isNull(operatorAlerts.acknowledgedAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
