import type { DbOrTx } from '../../db/client';
import { supplierRefusals } from '../../db/schema';

/** Refusals the airtime fallback rescued, for the failure-rate alert (schema-alerts.ts). */
export const refusalsRepository = {
  /** Called in the transaction that moves the order on, so the two commit together. */
  async record(db: DbOrTx, values: { supplier: string; transactionId: string; createdAt: Date }) {
    await db.insert(supplierRefusals).values(values);
  },
};
