import type { PurchaseOutcome } from '@owo/providers/types';
import type { AppDeps } from '../../deps';
import { crashPoint } from '../../lib/crash-points';
import { supplierFloat } from '../../ledger/accounts';
import type { Ledger, Transfer } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import type { Tx } from '../../db/client';
import { transactionsRepository, type TransactionRow } from '../transactions/repository';
import { purchasesRepository, type PurchaseRow } from './repository';

/** Requery backoff: soon at first, then hourly; an order is never failed for want of an answer. */
const BACKOFF_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];

export function nextCheckDelayMs(attempts: number): number {
  return BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length - 1)] ?? 3_600_000;
}

type Terminal = Extract<PurchaseOutcome, { status: 'delivered' | 'failed' }>;

/**
 * Phase 3 of a purchase: post (in-flight → supplier float for the cost, in-flight → revenue for
 * the margin) or void (in-flight → wallet), in the transaction that moves the order to its final
 * state. Used by the paying request and by the reconciler alike; the conditional state update in
 * purchasesRepository.resolve makes the first of them win and the other a no-op.
 */
export function createSettlement({ database, clock, config }: AppDeps, ledger: Ledger) {
  async function settle(
    purchase: PurchaseRow,
    outcome: Terminal,
    alsoInTransaction?: (tx: Tx, row: TransactionRow) => Promise<void>,
  ): Promise<TransactionRow | undefined> {
    return database.db.transaction(async (tx) => {
      const resolved = await purchasesRepository.resolve(tx, purchase.transactionId, {
        state: outcome.status,
        supplierReference: outcome.status === 'delivered' ? outcome.providerReference : undefined,
        lastDescription: outcome.description.slice(0, 500),
        resolvedAt: clock.now(),
      });
      if (!resolved) return undefined;

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
  }

  /** False when the order was resolved meanwhile (it is then left as it is). */
  async function markPending(purchase: PurchaseRow, description: string): Promise<boolean> {
    return purchasesRepository.markPending(database.db, purchase.transactionId, {
      lastDescription: description.slice(0, 500),
      nextCheckAt: new Date(clock.now().getTime() + nextCheckDelayMs(purchase.attempts)),
    });
  }

  return { settle, markPending };
}

export type Settlement = ReturnType<typeof createSettlement>;
