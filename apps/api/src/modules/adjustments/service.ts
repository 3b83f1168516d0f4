import { randomUUID } from 'node:crypto';
import { messages } from '@owo/shared/messages';
import { assertKobo, formatKobo, koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Ledger } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import { auditRepository, type Actor } from '../audit/repository';
import { transactionsRepository } from '../transactions/repository';
import { toTransactionDto } from '../transactions/dto';

export const MAX_OPERATOR_CREDIT_KOBO = 10_000_000 * 100;

/**
 * Who credits: an admin ({id, email}), or an operator without an account — the CLI's
 * {id: null, email: 'cli:<os user>'}, or a bare name ('test') meaning the same with no user id.
 */
export type CreditActor = Actor | string;

/**
 * The name the customer's history row carries: the admin's e-mail, or for an operator without
 * an account only the part before the colon ('cli'), keeping the OS login in the audit log only.
 */
function creditedBy(actor: Actor): string {
  return actor.id === null ? actor.email.split(':', 1)[0]! : actor.email;
}

/**
 * Operator credits: money from the adjustments account into a wallet, with its reason, as one
 * history row and one transfer in one transaction. Used by `npm run cli -- credit` and the
 * admin endpoint until deposits exist, and afterwards for corrections.
 */
export function createAdjustmentService({ database, clock }: AppDeps, ledger: Ledger) {
  return {
    async credit(input: {
      userId: string;
      amountKobo: number;
      reason: string;
      actor: CreditActor;
    }) {
      const actor: Actor =
        typeof input.actor === 'string' ? { id: null, email: input.actor } : input.actor;
      assertKobo(input.amountKobo);
      if (input.amountKobo <= 0 || input.amountKobo > MAX_OPERATOR_CREDIT_KOBO) {
        throw new AppError('VALIDATION_FAILED', { message: messages.invalidAmount });
      }
      const reason = input.reason.trim();
      if (!reason) throw new AppError('VALIDATION_FAILED', { message: 'A reason is required.' });
      const row = await database.db.transaction(async (tx) => {
        const wallet = await ledgerRepository.walletOf(tx, input.userId);
        if (!wallet) throw new AppError('NOT_FOUND');
        const now = clock.now();
        const created = await transactionsRepository.insert(tx, {
          userId: input.userId,
          type: 'credit',
          serviceType: 'adjustment',
          amountKobo: input.amountKobo,
          status: 'success',
          reference: `ADJ-${randomUUID()}`,
          description: 'Wallet credit',
          metadata: {
            note: reason,
            creditedBy: creditedBy(actor),
            processedAt: now.toISOString(),
          },
          createdAt: now,
          updatedAt: now,
        });
        await ledger.apply(tx, [
          {
            debitAccountId: await ledger.account('adjustments', tx),
            creditAccountId: wallet.id,
            amountKobo: input.amountKobo,
            code: 'operator_credit',
            transactionId: created.id,
          },
        ]);
        await auditRepository.record(
          tx,
          actor,
          {
            action: 'wallet.credit',
            entity: 'user',
            entityId: input.userId,
            before: null,
            after: { amountKobo: input.amountKobo, reason, reference: created.reference },
            reason,
          },
          now,
        );
        return created;
      });
      const wallet = await ledgerRepository.walletOf(database.db, input.userId);
      return {
        success: true as const,
        message: `Credited ${formatKobo(input.amountKobo)}`,
        data: {
          transaction: toTransactionDto(row),
          accountBalance: koboToNaira(wallet?.balanceKobo ?? 0),
        },
      };
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
