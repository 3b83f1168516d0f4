import type { TransactionMetadata, ServiceType } from '@owo/shared/api-types';
import type { PurchaseOutcome } from '@owo/providers/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { crashPoint } from '../../lib/crash-points';
import type { Ledger } from '../../ledger/ledger';
import { refusalsRepository } from '../alerts/refusals-repository';
import type { LimitsService } from '../limits/service';
import type { PinService } from '../pin/service';
import type { SwitchableService } from '../switches/service';
import { transactionsRepository } from '../transactions/repository';
import { replayStored, requestHash, storeReply, type RequestContext } from './idempotency';
import { replyFor, type StoredReply } from './replies';
import { createReserve } from './reserve';
import { purchasesRepository, type PurchaseRow } from './repository';
import type { Settlement } from './settlement';
import { callSupplier, supplierOf, type SupplierRequest } from './supplier-calls';
import { customerPricing } from '../price-tiers/customer-pricing';
import type { TierPricing } from '../price-tiers/tier-price';
import type { TierCache } from '../price-tiers/tier-cache';

/** Everything an order needs, priced from our catalogue (never from the client). */
export interface OrderDraft {
  product: 'airtime' | 'data' | 'cable' | 'electricity' | 'betting';
  /** The shutdown switch that stops it; 'system' for products with only the global switch. */
  service: SwitchableService | 'system';
  serviceType: ServiceType;
  description: string;
  metadata: TransactionMetadata;
  sellingKobo: number;
  costKobo: number;
  request: SupplierRequest;
  /**
   * Airtime: the next suppliers of the routing table, in order, each tried on a definite failure
   * of the one before with the same reservation.
   */
  fallbacks?: NextRoute[];
}

/** Another supplier's request for the same order, and what that supplier charges us. */
export interface NextRoute {
  request: SupplierRequest;
  costKobo: number;
}

/**
 * A new request id for each further supplier: "F" for the first (as before the routing table),
 * then "F2", "F3". Distinct per attempt, so no supplier ever sees one id twice.
 */
export function nextRequestId(base: string, index: number): string {
  return index === 0 ? `${base}F` : `${base}F${index + 1}`;
}

/**
 * A client-sent price for a fixed-price plan, bundle or package is checked, never used: against
 * the price this customer pays (their tier's, decision 0090).
 */
export function checkPrice(priceKobo: number, clientKobo: number | undefined) {
  if (clientKobo !== undefined && clientKobo !== priceKobo) {
    throw new AppError('AMOUNT_MISMATCH');
  }
}

export interface OrderContext extends RequestContext {
  pin: string;
  /**
   * An order placed over the public API (decision 0087): the key replaces the PIN (the reserve
   * checks, in its statement, that the key is live, may purchase and the wallet is verified), and
   * the reseller's reference is kept on the order, unique per key. `pin` is then ignored.
   */
  apiKey?: { id: string; reference: string };
}

/**
 * A purchase, top to bottom (ARCHITECTURE.md "Money"):
 *   1. reserve: one transaction writes the order, the history row and wallet → in-flight;
 *   2. call the supplier outside any transaction;
 *   3. post or void (settlement.ts) — or, when the answer is unclear, leave it pending for the
 *      reconciler. Only a confirmed failure refunds.
 */
export function createOrderFlow(
  deps: AppDeps,
  ledger: Ledger,
  settlement: Settlement,
  pin: PinService,
  limits: LimitsService,
  tierCache: TierCache,
) {
  const { database, clock, providers, logger } = deps;

  // The first request is still waiting on its supplier (or its process died): a duplicate past
  // the wait answers from the order as it stands, without touching it.
  const fromOrder = async (transactionId: string) => {
    const row = await transactionsRepository.findById(database.db, transactionId);
    return row ? replyFor(row) : undefined;
  };
  const replay = (userId: string, key: string, hash: string) =>
    replayStored(database, userId, key, hash, fromOrder);
  const { reserve, refusalOf } = createReserve(deps, ledger, pin, limits);

  /**
   * Points the order at the next supplier in one transaction (supplier, request, request id,
   * cost; the history row's supplier), raising the refusing supplier's operator alert if it gave
   * one. Undefined when the order is no longer processing.
   */
  async function moveToNextSupplier(
    purchase: PurchaseRow,
    refusal: Extract<PurchaseOutcome, { status: 'failed' }>,
    next: NextRoute,
    supplierRequestId: string,
  ): Promise<PurchaseRow | undefined> {
    const supplier = supplierOf(next.request);
    const switched = await database.db.transaction(async (tx) => {
      const moved = await purchasesRepository.switchSupplier(tx, purchase.transactionId, {
        supplier,
        request: next.request as unknown as Record<string, unknown>,
        supplierRequestId,
        costKobo: next.costKobo,
        lastDescription: `${purchase.supplier} refused: ${refusal.description}`.slice(0, 500),
      });
      if (!moved) return false;
      await transactionsRepository.mergeMetadata(tx, purchase.transactionId, { supplier });
      if (refusal.alert) await settlement.raiseAlert(tx, purchase, refusal);
      // The order's row now names the next supplier: the refusal counts in the failure-rate alert.
      await refusalsRepository.record(tx, {
        supplier: purchase.supplier,
        transactionId: purchase.transactionId,
        createdAt: clock.now(),
      });
      return true;
    });
    if (!switched) return undefined;
    return { ...purchase, supplier, supplierRequestId, costKobo: next.costKobo };
  }

  /**
   * `buildDraft` prices the order at the customer's tier (the draft's sellingKobo is what they
   * pay); the tier is kept on the order for the margin figures.
   */
  return async function placeOrder(
    ctx: OrderContext,
    buildDraft: (tier: TierPricing) => Promise<OrderDraft>,
  ): Promise<StoredReply> {
    const hash = requestHash(ctx.route, ctx.body);
    const tier = ctx.priceTier
      ? await tierCache.pricingOf(ctx.priceTier)
      : await customerPricing(database.db, ctx.userId);
    const draft = await buildDraft(tier);

    crashPoint(deps.config, 'purchase:before-reserve');
    let reserved = await reserve(ctx, draft, hash, tier.code);
    if (reserved.outcome === 'pin_legacy') {
      // A PIN stored before PINs became keyed digests: checked (and re-stored) the old way once.
      await pin.checkPin(ctx.userId, ctx.pin);
      reserved = await reserve(ctx, draft, hash, tier.code);
    }
    if (reserved.outcome === 'key_taken' && ctx.idempotencyKey) {
      return replay(ctx.userId, ctx.idempotencyKey, hash);
    }
    if (reserved.outcome !== 'ok') {
      throw refusalOf(reserved) ?? new AppError('IDEMPOTENCY_IN_PROGRESS');
    }
    let purchase = reserved.purchase;
    // The history row as it stands (a move to the next supplier names it in the metadata).
    let current = reserved.row;
    crashPoint(deps.config, 'purchase:after-reserve');

    // Real time, not the app clock: what matters is how long we have been talking to suppliers.
    const firstCallAt = Date.now();
    let outcome = await callSupplier(providers, draft.request, purchase.supplierRequestId);
    crashPoint(deps.config, 'purchase:after-supplier');
    // The routing table's next suppliers, each only after a DEFINITE failure of the one before:
    // never on pending or an unclear answer (the money rule), and always on the same order and
    // reservation, so the customer is charged once and refunded only when every route failed.
    const baseRequestId = purchase.supplierRequestId;
    for (const [index, next] of (draft.fallbacks ?? []).entries()) {
      if (outcome.status !== 'failed') break;
      // The reconciler may requery the order once PROCESSING_GRACE_MS is over; a call it could
      // overtake would read as "never received". Only a call that can end inside the grace is made
      // (config.ts keeps the grace above two timeouts, so the first next supplier always fits).
      const elapsedMs = Date.now() - firstCallAt;
      if (elapsedMs + deps.config.providerTimeoutMs >= deps.config.processingGraceMs) break;
      const moved = await moveToNextSupplier(
        purchase,
        outcome,
        next,
        nextRequestId(baseRequestId, index),
      );
      // Resolved meanwhile (an admin or the reconciler): settle() below finds it resolved too.
      if (!moved) break;
      logger.info(
        { order: purchase.transactionId, from: purchase.supplier, to: moved.supplier },
        'a supplier refused the order; the next one on its route is tried',
      );
      purchase = moved;
      current = { ...current, metadata: { ...current.metadata, supplier: moved.supplier } };
      outcome = await callSupplier(providers, next.request, moved.supplierRequestId);
    }

    if (outcome.status === 'pending') {
      if (await settlement.markPending(purchase, outcome)) {
        deps.metrics?.purchase(purchase.supplier, 'pending');
        const reply = replyFor(current);
        await storeReply(database.db, ctx, reply);
        return reply;
      }
    } else {
      const key = ctx.idempotencyKey;
      crashPoint(deps.config, 'purchase:before-settle');
      const settled = await settlement.settle(purchase, outcome, undefined, key);
      crashPoint(deps.config, 'purchase:after-post');
      // The row as stored: what the settlement changed over the fields the reserve wrote.
      if (settled) return replyFor({ ...current, ...settled });
    }
    // The reconciler resolved it first (a very slow supplier): answer from the order as it is.
    const row = await transactionsRepository.findById(database.db, purchase.transactionId);
    const reply = replyFor(row ?? current);
    await storeReply(database.db, ctx, reply);
    return reply;
  };
}

export type PlaceOrder = ReturnType<typeof createOrderFlow>;
