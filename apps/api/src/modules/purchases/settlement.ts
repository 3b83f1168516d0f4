import type { PurchaseOutcome } from '@owo/providers/types';
import type { AppDeps } from '../../deps';
import { shardIndex } from '../../ledger/ledger';
import type { Tx } from '../../db/client';
import { alertsRepository } from './alerts-repository';
import { hotPathRepository, type SettledFields, type SettleInput } from './hot-path-repository';
import { purchasesRepository, type PurchaseRow } from './repository';

/**
 * Requery backoff: soon at first (most pending orders settle within minutes), then every 15
 * minutes until the needs-a-decision age; an order is never failed for want of an answer
 * (decision 0043: was 30 s … 1 h, which left a few requeries in the old 24 h).
 */
const BACKOFF_MS = [15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000];

export function nextCheckDelayMs(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)] ?? 900_000;
}

type Terminal = Extract<PurchaseOutcome, { status: 'delivered' | 'failed' }>;

/** Largest supplier reply kept on an order for the admin (a broken supplier can send megabytes). */
const MAX_ANSWER_CHARS = 4_000;

/** The supplier's reply as the admin will read it: what it said, bounded in size. */
export function answerOf(outcome: PurchaseOutcome): unknown {
  const at = new Date().toISOString();
  let raw: unknown = outcome.raw ?? null;
  try {
    const text = JSON.stringify(raw) ?? 'null';
    if (text.length > MAX_ANSWER_CHARS) raw = { truncated: text.slice(0, MAX_ANSWER_CHARS) };
  } catch {
    raw = { unserialisable: String(raw).slice(0, MAX_ANSWER_CHARS) };
  }
  return { at, status: outcome.status, description: outcome.description.slice(0, 500), raw };
}

/**
 * Phase 3 of a purchase: post (in-flight → supplier float for the cost, in-flight → revenue for
 * the margin) or void (in-flight → wallet), in the one statement that moves the order to its
 * final state (owo_order_settle, sql/functions). Used by the paying request and by the
 * reconciler alike; the function's state condition makes the first of them win and the other a
 * no-op. Answers what the settlement changed on the history row (status, metadata), or undefined
 * when the order was resolved already.
 */
export function createSettlement({ database, clock, logger, metrics }: AppDeps) {
  async function settle(
    purchase: PurchaseRow,
    outcome: Terminal,
    /** More writes that must commit with the settlement (an admin's decision and its audit). */
    alsoInTransaction?: (tx: Tx, settled: SettledFields) => Promise<void>,
    /**
     * The paying request's idempotency key: marked in the same statement to answer from this
     * order, so a replay builds its reply from the row exactly as the paying request does.
     */
    answerKey?: string,
  ): Promise<SettledFields | undefined> {
    const extra: Record<string, unknown> = { processedAt: clock.now().toISOString() };
    if (outcome.status === 'delivered') {
      if (outcome.token) extra.token = outcome.token;
      if (outcome.units) extra.units = outcome.units;
    }
    const alert = outcome.status === 'failed' ? outcome.alert?.slice(0, 500) : undefined;
    const input: SettleInput = {
      transactionId: purchase.transactionId,
      state: outcome.status,
      supplierReference: outcome.status === 'delivered' ? outcome.providerReference : undefined,
      description: outcome.description.slice(0, 500),
      answer: answerOf(outcome),
      now: clock.now(),
      extra,
      shard: shardIndex(purchase.transactionId),
      alert,
      answerKey,
    };
    const settled = alsoInTransaction
      ? await database.db.transaction(async (tx) => {
          const row = await hotPathRepository.settle(tx, input);
          if (row) await alsoInTransaction(tx, row);
          return row;
        })
      : await hotPathRepository.settle(database.db, input);
    if (!settled) return undefined;
    if (alert) {
      logger.error(
        { order: purchase.transactionId, supplier: purchase.supplier, alert },
        'operator alert: a supplier refused us',
      );
    }
    // Counted once committed, by whichever resolver won (decision 0026).
    metrics?.purchase(purchase.supplier, outcome.status);
    return settled;
  }

  /**
   * Refunded (or rerouted), but the next order will meet the same wall until an operator fixes
   * it: an alert row in the caller's transaction, and an error in the log.
   */
  async function raiseAlert(
    tx: Tx,
    order: PurchaseRow,
    outcome: Extract<PurchaseOutcome, { status: 'failed' }>,
  ): Promise<void> {
    if (!outcome.alert) return;
    await alertsRepository.insert(tx, {
      supplier: order.supplier,
      message: outcome.alert.slice(0, 500),
      transactionId: order.transactionId,
      detail: outcome.description.slice(0, 500),
      createdAt: clock.now(),
    });
    logger.error(
      { order: order.transactionId, supplier: order.supplier, alert: outcome.alert },
      'operator alert: a supplier refused us',
    );
  }

  /**
   * False when the order was resolved meanwhile (it is then left as it is). The supplier's own id,
   * when this answer carried one, is kept: later requeries need it.
   */
  async function markPending(
    purchase: PurchaseRow,
    outcome: Extract<PurchaseOutcome, { status: 'pending' }>,
  ): Promise<boolean> {
    const values = {
      lastDescription: outcome.description.slice(0, 500),
      lastAnswer: answerOf(outcome),
      supplierReference: outcome.providerReference,
      nextCheckAt: new Date(clock.now().getTime() + nextCheckDelayMs(purchase.attempts)),
      needsDecisionAt: outcome.noLookup ? clock.now() : undefined,
    };
    const alert = outcome.alert?.slice(0, 500);
    if (!alert) return purchasesRepository.markPending(database.db, purchase.transactionId, values);
    // A reply no source documents as a failure: held, and an operator told in the same
    // transaction (once per order and message, however often a requery repeats it).
    const { marked, raised } = await database.db.transaction(async (tx) => {
      const ok = await purchasesRepository.markPending(tx, purchase.transactionId, values);
      const fresh =
        ok &&
        (await alertsRepository.insertOnce(tx, {
          supplier: purchase.supplier,
          message: alert,
          transactionId: purchase.transactionId,
          detail: outcome.description.slice(0, 500),
          createdAt: clock.now(),
        }));
      return { marked: ok, raised: fresh };
    });
    if (raised) {
      logger.error(
        { order: purchase.transactionId, supplier: purchase.supplier, alert },
        'operator alert: a supplier reply held pending, not refunded',
      );
    }
    return marked;
  }

  return { settle, markPending, raiseAlert };
}

export type Settlement = ReturnType<typeof createSettlement>;
