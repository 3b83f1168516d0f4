import { randomUUID } from 'node:crypto';
import { messages } from '@owo/shared/messages';
import { assertKobo, formatKobo, koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { LedgerError, type Ledger } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import { auditRepository, type Actor } from '../audit/repository';
import { limitsRepository } from '../limits/repository';
import {
  assertKeyFree,
  claimKey,
  KeyTaken,
  replayIfUsed,
  replayStored,
  requestHash,
  storeReply,
  type RequestContext,
} from '../purchases/idempotency';
import type { StoredReply } from '../purchases/replies';
import { transactionsRepository } from '../transactions/repository';
import { toTransactionDto } from '../transactions/dto';

export const MAX_OPERATOR_CREDIT_KOBO = 10_000_000 * 100;

/**
 * Who credits: an admin ({id, email}), or an operator without an account — the CLI's
 * {id: null, email: 'cli:<os user>'}, or a bare name ('test') meaning the same with no user id.
 */
export type CreditActor = Actor | string;

export interface AdjustmentInput {
  userId: string;
  amountKobo: number;
  reason: string;
  actor: CreditActor;
  /**
   * An admin's Idempotency-Key (the API's; the CLI sends none): a replay answers the first reply
   * and moves nothing, the same key with another body is refused (422). Keys are the admin's own.
   */
  idempotencyKey?: string;
}

type Direction = 'credit' | 'debit';

/**
 * The name the customer's history row carries: the admin's e-mail, or for an operator without
 * an account only the part before the colon ('cli'), keeping the OS login in the audit log only.
 */
function creditedBy(actor: Actor): string {
  return actor.id === null ? actor.email.split(':', 1)[0]! : actor.email;
}

/**
 * Operator adjustments: money from the adjustments account into a wallet (credit) or back out of
 * it (debit), with its reason, as one history row, one ledger transfer and one audit entry in one
 * transaction. A debit never takes a wallet below zero: the ledger's conditional update refuses
 * it in the same statement that would move the money, so two admins debiting at once cannot both
 * pass on one balance. Used by `npm run cli -- credit` and the admin endpoints (corrections).
 */
export function createAdjustmentService({ database, clock }: AppDeps, ledger: Ledger) {
  async function write(tx: Tx, direction: Direction, input: AdjustmentInput, actor: Actor) {
    const reason = input.reason.trim();
    const wallet = await ledgerRepository.walletOf(tx, input.userId);
    if (!wallet) throw new AppError('NOT_FOUND');
    const now = clock.now();
    const created = await transactionsRepository.insert(tx, {
      userId: input.userId,
      type: direction,
      serviceType: 'adjustment',
      amountKobo: input.amountKobo,
      status: 'success',
      reference: `ADJ-${randomUUID()}`,
      description: direction === 'credit' ? 'Wallet credit' : 'Wallet debit',
      metadata: {
        note: reason,
        [direction === 'credit' ? 'creditedBy' : 'debitedBy']: creditedBy(actor),
        processedAt: now.toISOString(),
      },
      createdAt: now,
      updatedAt: now,
    });
    const adjustments = await ledger.account('adjustments', tx);
    await ledger.apply(tx, [
      direction === 'credit'
        ? {
            debitAccountId: adjustments,
            creditAccountId: wallet.id,
            amountKobo: input.amountKobo,
            code: 'operator_credit',
            transactionId: created.id,
          }
        : {
            debitAccountId: wallet.id,
            creditAccountId: adjustments,
            amountKobo: input.amountKobo,
            code: 'operator_debit',
            transactionId: created.id,
          },
    ]);
    await auditRepository.record(
      tx,
      actor,
      {
        action: `wallet.${direction}`,
        entity: 'user',
        entityId: input.userId,
        before: null,
        after: { amountKobo: input.amountKobo, reason, reference: created.reference },
        reason,
      },
      now,
    );
    const after = await ledgerRepository.walletOf(tx, input.userId);
    const reply: StoredReply = {
      status: 200,
      body: {
        success: true as const,
        message: `${direction === 'credit' ? 'Credited' : 'Debited'} ${formatKobo(input.amountKobo)}`,
        data: {
          transaction: toTransactionDto(created),
          accountBalance: koboToNaira(after?.balanceKobo ?? 0),
        },
      },
    };
    return { reply, transactionId: created.id };
  }

  async function adjust(direction: Direction, input: AdjustmentInput): Promise<StoredReply> {
    const actor: Actor =
      typeof input.actor === 'string' ? { id: null, email: input.actor } : input.actor;
    assertKobo(input.amountKobo);
    if (input.amountKobo <= 0 || input.amountKobo > MAX_OPERATOR_CREDIT_KOBO) {
      throw new AppError('VALIDATION_FAILED', { message: messages.invalidAmount });
    }
    if (!input.reason.trim()) {
      throw new AppError('VALIDATION_FAILED', { message: 'A reason is required.' });
    }
    // Keys belong to the admin who sent them; the CLI (no user id) has none.
    const ctx: RequestContext | undefined =
      input.idempotencyKey && actor.id
        ? {
            userId: actor.id,
            route: `admin.${direction}`,
            body: { userId: input.userId, amountKobo: input.amountKobo, reason: input.reason },
            idempotencyKey: input.idempotencyKey,
          }
        : undefined;
    const hash = ctx ? requestHash(ctx.route, ctx.body) : '';
    if (ctx) {
      const replayed = await replayIfUsed(database, ctx.userId, ctx.idempotencyKey, hash);
      if (replayed) return replayed;
    }
    try {
      return await database.db.transaction(async (tx) => {
        if (ctx) {
          // The wallet first: a duplicate of this key that queued on the lock behind the first
          // request sees its committed key here and replays, instead of being judged again on a
          // balance the first request already used.
          await limitsRepository.lockWallets(tx, [input.userId]);
          await assertKeyFree(tx, ctx.userId, ctx.idempotencyKey);
        }
        const { reply, transactionId } = await write(tx, direction, input, actor);
        if (ctx) {
          await claimKey(tx, ctx, hash, transactionId);
          await storeReply(tx, ctx, reply);
        }
        return reply;
      });
    } catch (error) {
      if (error instanceof KeyTaken && ctx?.idempotencyKey) {
        return replayStored(database, ctx.userId, ctx.idempotencyKey, hash);
      }
      if (error instanceof LedgerError && error.code === 'insufficient_funds') {
        const wallet = await ledgerRepository.walletOf(database.db, input.userId);
        throw new AppError('INSUFFICIENT_FUNDS', {
          message: `The wallet holds ${formatKobo(wallet?.balanceKobo ?? 0)}: a debit of ${formatKobo(input.amountKobo)} would take it below zero.`,
        });
      }
      throw error;
    }
  }

  return {
    /** The reply body of an operator credit (200). */
    async credit(input: AdjustmentInput) {
      return (await adjust('credit', input)).body as CreditReply;
    },
    /** The reply of a credit with its status, for the API (a replayed key answers as stored). */
    creditReply: (input: AdjustmentInput) => adjust('credit', input),
    debitReply: (input: AdjustmentInput) => adjust('debit', input),
  };
}

export interface CreditReply {
  success: true;
  message: string;
  data: { transaction: ReturnType<typeof toTransactionDto>; accountBalance: number };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
