import { randomUUID } from 'node:crypto';
import { AIRTIME_NETWORK_SWITCHES, PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { makeVtpassRequestId } from '@owo/providers/vtpass/request-id';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Ledger } from '../../ledger/ledger';
import type { LimitsService } from '../limits/service';
import { spendRefusalOf } from '../limits/spend-refusals';
import type { PinService } from '../pin/service';
import { hotPathRepository, type HistoryRow, type ReserveOutcome } from './hot-path-repository';
import type { OrderContext, OrderDraft } from './order-flow';
import type { PurchaseRow } from './repository';
import { supplierOf } from './supplier-calls';

/**
 * Phase 1 of a purchase (decision 0040): the reserve as one database statement, and what its
 * refusals mean to the customer.
 */
export function createReserve(
  deps: AppDeps,
  ledger: Ledger,
  pin: PinService,
  limits: LimitsService,
) {
  const { database, clock } = deps;

  /** The shutdown switches that stop a draft: the system's, its service's, airtime's network. */
  function switchesOf({ service, metadata }: OrderDraft): string[] {
    if (service === 'system') return ['system'];
    const names = ['system', service];
    const network = String(metadata.network ?? '').toUpperCase();
    const own = AIRTIME_NETWORK_SWITCHES[network as keyof typeof AIRTIME_NETWORK_SWITCHES];
    if (service === 'airtime' && own) names.push(own);
    return names;
  }

  /**
   * Phase 1 in one statement (owo_purchase_reserve, decision 0040): the key, the switches, the
   * PIN, the daily limit and the balance are checked and the order, its history row and
   * wallet → in-flight written, or nothing but a wrong PIN's count is.
   */
  async function reserve(ctx: OrderContext, draft: OrderDraft, hash: string, priceTier: string) {
    const now = clock.now();
    const transactionId = randomUUID();
    const reference = makeVtpassRequestId(now);
    const metadata = JSON.parse(JSON.stringify(draft.metadata)) as Record<string, unknown>;
    const nextCheckAt = new Date(now.getTime() + deps.config.processingGraceMs);
    const limits = deps.config.walletLimits;
    const outcome = await hotPathRepository.reserve(database.db, {
      userId: ctx.userId,
      key: ctx.idempotencyKey,
      requestHash: hash,
      transactionId,
      now,
      switches: switchesOf(draft),
      pinDigest: ctx.apiKey ? null : pin.digestOf(ctx.userId, ctx.pin),
      pinMaxFailures: PIN_MAX_FAILURES,
      pinLockMs: PIN_LOCK_MS,
      dailyLimitUnverifiedKobo: limits.unverified.dailyOutKobo,
      dailyLimitVerifiedKobo: limits.verified.dailyOutKobo,
      inFlightAccountId: await ledger.account('in_flight', database.db, transactionId),
      order: {
        serviceType: draft.serviceType,
        amountKobo: draft.sellingKobo,
        reference,
        description: draft.description,
        metadata,
        product: draft.product,
        supplier: supplierOf(draft.request),
        request: draft.request as unknown as Record<string, unknown>,
        costKobo: draft.costKobo,
        nextCheckAt: nextCheckAt.toISOString(),
        priceTier,
        ...(ctx.apiKey
          ? {
              apiKeyId: ctx.apiKey.id,
              clientReference: ctx.apiKey.reference,
              keyPurchasesPerMinute: deps.config.apiKeyRate.purchasesPerMinute,
            }
          : {}),
      },
    });
    if (outcome.outcome !== 'ok') return outcome;
    // The rows as the function wrote them (the reply and the settlement start from these).
    const row: HistoryRow = {
      id: transactionId,
      userId: ctx.userId,
      type: 'debit',
      serviceType: draft.serviceType,
      amountKobo: draft.sellingKobo,
      status: 'pending',
      reference,
      description: draft.description,
      metadata,
      createdAt: now,
      updatedAt: now,
    };
    const purchase: PurchaseRow = {
      transactionId,
      userId: ctx.userId,
      product: draft.product,
      supplier: supplierOf(draft.request),
      state: 'processing',
      request: draft.request as unknown as Record<string, unknown>,
      supplierRequestId: reference,
      supplierReference: null,
      sellingKobo: draft.sellingKobo,
      costKobo: draft.costKobo,
      attempts: 0,
      nextCheckAt,
      leaseUntil: null,
      lastDescription: '',
      lastAnswer: null,
      needsDecisionAt: null,
      resolvedAt: null,
      apiKeyId: ctx.apiKey?.id ?? null,
      clientReference: ctx.apiKey?.reference ?? null,
      priceTier,
      createdAt: now,
      updatedAt: now,
    };
    return { outcome: 'ok' as const, row, purchase };
  }

  /** A refused reserve as the customer hears it; undefined for a key another request holds. */
  function refusalOf(outcome: Exclude<ReserveOutcome, { outcome: 'ok' }>): AppError | undefined {
    switch (outcome.outcome) {
      case 'key_taken':
        return undefined;
      case 'service_off':
        return new AppError('SERVICE_UNAVAILABLE');
      case 'no_wallet':
        return new AppError('UNAUTHORIZED');
      case 'key_refused':
        return new AppError('API_KEY_INVALID');
      case 'not_verified':
        return new AppError('API_WALLET_NOT_VERIFIED');
      case 'key_rate': {
        const waitMs = new Date(outcome.retryAt).getTime() - clock.now().getTime();
        return new AppError('RATE_LIMITED', { retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) });
      }
      default:
        return spendRefusalOf(outcome, limits);
    }
  }

  return { reserve, refusalOf };
}
