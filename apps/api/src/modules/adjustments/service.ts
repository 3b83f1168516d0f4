import { randomUUID } from 'node:crypto';
import { messages } from '@owo/shared/messages';
import { assertKobo, formatKobo, koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { LedgerError, type Ledger } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import { auditRepository, type Actor } from '../audit/repository';
import type { StoredReply } from '../purchases/replies';
import { transactionsRepository } from '../transactions/repository';
import { toTransactionDto } from '../transactions/dto';

export const MAX_OPERATOR_CREDIT_KOBO = 10_000_000 * 100;

/** The second person of an approved request, named in the audit entry and the history row. */
export interface FourEyes {
  requestId: string;
  requestedBy: Actor;
  /** Why the approver let a credit pass the wallet's balance cap, when they did. */
  capOverrideReason?: string;
}

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
}

type Direction = 'credit' | 'debit';

/**
 * The ledger's refusal of a debit past the balance as the admin reads it (the wallet's balance
 * now); any other error as it was.
 */
export async function debitRefusal(
  db: DbOrTx,
  error: unknown,
  userId: string,
  amountKobo: number,
): Promise<unknown> {
  if (!(error instanceof LedgerError) || error.code !== 'insufficient_funds') return error;
  const wallet = await ledgerRepository.walletOf(db, userId);
  return new AppError('INSUFFICIENT_FUNDS', {
    message: `The wallet holds ${formatKobo(wallet?.balanceKobo ?? 0)}: a debit of ${formatKobo(amountKobo)} would take it below zero.`,
  });
}

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
  async function write(
    tx: Tx,
    direction: Direction,
    input: AdjustmentInput,
    actor: Actor,
    fourEyes?: FourEyes,
  ) {
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
        ...(fourEyes
          ? { requestedBy: creditedBy(fourEyes.requestedBy), requestId: fourEyes.requestId }
          : {}),
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
        after: {
          amountKobo: input.amountKobo,
          reason,
          reference: created.reference,
          // Both people of a four-eyes adjustment: the actor approved, this one asked.
          ...(fourEyes
            ? {
                requestId: fourEyes.requestId,
                requestedBy: fourEyes.requestedBy.email,
                approvedBy: actor.email,
                ...(fourEyes.capOverrideReason
                  ? { capOverrideReason: fourEyes.capOverrideReason }
                  : {}),
              }
            : {}),
        },
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
    try {
      return (await database.db.transaction((tx) => write(tx, direction, input, actor))).reply;
    } catch (error) {
      throw await debitRefusal(database.db, error, input.userId, input.amountKobo);
    }
  }

  return {
    /**
     * A credit posted at once, with no second person: test and seed funding only (the harness,
     * the bench and crash seeds). No route and no CLI command reaches it; staff go through
     * requests (requests-service.ts, decision 0047).
     */
    async credit(input: AdjustmentInput) {
      return (await adjust('credit', input)).body as CreditReply;
    },
    /**
     * The posting of an approved request, in the approval's transaction (with the wallet already
     * locked): the history row, the ledger transfer and the audit entry naming both people.
     */
    post: (
      tx: Tx,
      direction: Direction,
      input: AdjustmentInput,
      approver: Actor,
      fourEyes: FourEyes,
    ) => write(tx, direction, input, approver, fourEyes),
  };
}

export interface CreditReply {
  success: true;
  message: string;
  data: { transaction: ReturnType<typeof toTransactionDto>; accountBalance: number };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
