import type { PurchaseOutcome } from '@owo/providers/types';
import type { AppDeps } from '../../deps';
import { crashPoint } from '../../lib/crash-points';
import { supplierFloat } from '../../ledger/accounts';
import type { Ledger, Transfer } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import type { Tx } from '../../db/client';
import { transactionsRepository, type TransactionRow } from '../transactions/repository';
import { recordSettledNotice } from '../notifications/settled-notice';
import { alertsRepository } from './alerts-repository';
import { purchasesRepository, type PurchaseRow } from './repository';

/** Requery backoff: soon at first, then hourly; an order is never failed for want of an answer. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];

export function nextCheckDelayMs(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)] ?? 3_600_000;
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
 * the margin) or void (in-flight → wallet), in the transaction that moves the order to its final
 * state. Used by the paying request and by the reconciler alike; the conditional state update in
 * purchasesRepository.resolve makes the first of them win and the other a no-op.
 */
export function createSettlement(
  { database, clock, config, logger, metrics }: AppDeps,
  ledger: Ledger,
) {
  async function settle(
    purchase: PurchaseRow,
    outcome: Terminal,
    alsoInTransaction?: (tx: Tx, row: TransactionRow) => Promise<void>,
  ): Promise<TransactionRow | undefined> {
    const settled = await database.db.transaction(async (tx) => {
      const resolved = await purchasesRepository.resolve(tx, purchase.transactionId, {
        state: outcome.status,
        supplierReference: outcome.status === 'delivered' ? outcome.providerReference : undefined,
        lastDescription: outcome.description.slice(0, 500),
        lastAnswer: answerOf(outcome),
        resolvedAt: clock.now(),
      });
      if (!resolved) return undefined;
      await recordSettledNotice(tx, purchase, outcome.status, clock.now());
      if (outcome.status === 'failed' && outcome.alert) await raiseAlert(tx, resolved, outcome);

      const id = resolved.transactionId;
      const inFlight = await ledger.account('in_flight', tx, id);
      const transfers: Transfer[] = [];
      if (outcome.status === 'delivered') {
        const float = await ledger.account(supplierFloat(resolved.supplier), tx, id);
        const margin = resolved.sellingKobo - resolved.costKobo;
        transfers.push({
          debitAccountId: inFlight,
          creditAccountId: float,
          amountKobo: resolved.costKobo,
          code: 'purchase_cost',
          transactionId: id,
        });
        const revenue = await ledger.account('revenue', tx, id);
        if (margin > 0) {
          transfers.push({
            debitAccountId: inFlight,
            creditAccountId: revenue,
            amountKobo: margin,
            code: 'purchase_margin',
            transactionId: id,
          });
        } else if (margin < 0) {
          // Sold below cost (a price set too low): revenue carries the loss.
          transfers.push({
            debitAccountId: revenue,
            creditAccountId: inFlight,
            amountKobo: -margin,
            code: 'purchase_margin_loss',
            transactionId: id,
          });
        }
      } else {
        const wallet = await ledgerRepository.walletOf(tx, resolved.userId);
        if (!wallet) throw new Error(`wallet of ${resolved.userId} is missing`);
        transfers.push({
          debitAccountId: inFlight,
          creditAccountId: wallet.id,
          amountKobo: resolved.sellingKobo,
          code: 'purchase_void',
          transactionId: id,
        });
      }
      const extra: Record<string, unknown> = { processedAt: clock.now().toISOString() };
      if (outcome.status === 'delivered') {
        if (outcome.token) extra.token = outcome.token;
        if (outcome.units) extra.units = outcome.units;
      }
      const row = await transactionsRepository.setOutcome(
        tx,
        id,
        outcome.status === 'delivered' ? 'success' : 'failed',
        extra,
      );
      await alsoInTransaction?.(tx, row);
      crashPoint(config, 'purchase:before-post');
      // Last: the shared system rows stay locked only from here to the commit.
      await ledger.apply(tx, transfers);
      return row;
    });
    // Counted once committed, by whichever resolver won (decision 0026).
    if (settled) metrics?.purchase(purchase.supplier, outcome.status);
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
    return purchasesRepository.markPending(database.db, purchase.transactionId, {
      lastDescription: outcome.description.slice(0, 500),
      lastAnswer: answerOf(outcome),
      supplierReference: outcome.providerReference,
      nextCheckAt: new Date(clock.now().getTime() + nextCheckDelayMs(purchase.attempts)),
    });
  }

  return { settle, markPending, raiseAlert };
}

export type Settlement = ReturnType<typeof createSettlement>;
