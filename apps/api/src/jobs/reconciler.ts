import type { AppDeps } from '../deps';
import { forEachBoundedByKey } from '../lib/bounded-by-key';
import { purchasesRepository } from '../modules/purchases/repository';
import type { Settlement } from '../modules/purchases/settlement';
import { requerySupplier } from '../modules/purchases/supplier-calls';

/** A claimed order is someone's for this long; a crashed reconciler's claims expire by themselves. */
const LEASE_MS = 60_000;
const BATCH = 20;
/**
 * Requeries one supplier gets from one process at once: a batch finishes in about the time of its
 * slowest calls rather than their sum, and no supplier sees a burst from us.
 */
export const REQUERIES_PER_SUPPLIER = 4;

export interface ReconcileResult {
  checked: number;
  delivered: number;
  failed: number;
  stillPending: number;
}

/**
 * Finishes orders the paying request could not: requeries each due order by its request id and
 * posts or voids it on a definite answer, or schedules the next requery with backoff. An order
 * older than NEEDS_DECISION_AFTER_MS is left alone: it waits in the admin's "needs a decision"
 * queue and is never refunded by itself. Every node runs it at once (its job is not exclusive):
 * claims use FOR UPDATE SKIP LOCKED plus a lease, so the nodes share the due orders, and
 * settlement's conditional state change resolves each order once whatever happens. Within a pass
 * the claimed orders are requeried side by side, a few per supplier at a time.
 */
export function createReconciler(deps: AppDeps, settlement: Settlement) {
  const { database, clock, providers, logger } = deps;

  async function runOnce(): Promise<ReconcileResult> {
    const now = clock.now();
    const claimed = await database.db.transaction((tx) =>
      purchasesRepository.claimDue(
        tx,
        now,
        new Date(now.getTime() + LEASE_MS),
        BATCH,
        new Date(now.getTime() - deps.config.needsDecisionAfterMs),
      ),
    );
    const result: ReconcileResult = { checked: 0, delivered: 0, failed: 0, stillPending: 0 };
    await forEachBoundedByKey(
      claimed,
      (purchase) => purchase.supplier,
      REQUERIES_PER_SUPPLIER,
      async (purchase) => {
        result.checked += 1;
        const outcome = await requerySupplier(providers, purchase);
        if (outcome.status === 'pending') {
          await settlement.markPending(purchase, outcome);
          result.stillPending += 1;
          return;
        }
        const settled = await settlement.settle(purchase, outcome);
        if (settled) {
          result[outcome.status] += 1;
          logger.info(
            { order: purchase.transactionId, outcome: outcome.status },
            'reconciler resolved an order',
          );
        }
      },
    );
    return result;
  }

  /** One background pass (jobs/job-runner.ts): true when a full batch says more is due now. */
  async function pass(): Promise<boolean> {
    return (await runOnce()).checked === BATCH;
  }

  return { runOnce, pass };
}

export type Reconciler = ReturnType<typeof createReconciler>;
