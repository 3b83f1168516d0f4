import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RecipientReply, TransferMetadata, TransferReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import type { transferSchema } from '@owo/shared/schemas/transfers';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { crashPoint } from '../../lib/crash-points';
import { LedgerError, type Ledger } from '../../ledger/ledger';
import type { LimitsService } from '../limits/service';
import { createLookupGuard } from '../lookups/limits';
import type { PinService } from '../pin/service';
import {
  KeyTaken,
  assertKeyFree,
  claimKey,
  replayIfUsed,
  replayStored,
  requestHash,
  storeReply,
  type RequestContext,
} from '../purchases/idempotency';
import type { StoredReply } from '../purchases/replies';
import { toTransactionDto } from '../transactions/dto';
import { transactionsRepository } from '../transactions/repository';
import { transfersRepository, type Party } from './repository';

type TransferInput = z.output<typeof transferSchema>;

const nameOf = (p: Party) => `${p.firstName} ${p.lastName}`.trim() || p.email;

/**
 * Money between two users of the product (spec §4 Transfer flow): one database transaction locks
 * both wallets in account order, checks the sender's daily limit and the recipient's balance cap,
 * writes a history row for each side, the wallet_transfers row and one ledger transfer.
 * No supplier is involved, so there is no pending state: it happens whole or not at all.
 */
export function createTransferService(
  { database, clock, config }: AppDeps,
  ledger: Ledger,
  pin: PinService,
  limits: LimitsService,
) {
  const lookups = createLookupGuard({ database, clock });
  /**
   * A recipient the sender may pay: any account other than the sender's own. A suspended account
   * still receives (decision 0028): suspension stops money out, never money in.
   */
  async function recipientFor(senderId: string, identifier: string): Promise<Party> {
    const party = identifier.includes('@')
      ? await transfersRepository.partyByEmail(database.db, identifier.toLowerCase())
      : await transfersRepository.partyById(database.db, identifier);
    if (!party) throw new AppError('RECIPIENT_NOT_FOUND');
    if (party.id === senderId) throw new AppError('TRANSFER_TO_SELF');
    return party;
  }

  async function verifyRecipient(senderId: string, email: string): Promise<RecipientReply> {
    // Every answer that tells an e-mail's owner apart from nobody comes after the budget.
    await lookups.take('recipient', senderId);
    const party = await recipientFor(senderId, email);
    return {
      success: true,
      message: messages.recipientFound,
      data: {
        _id: party.id,
        email: party.email,
        firstName: party.firstName,
        lastName: party.lastName,
      },
    };
  }

  async function transfer(ctx: RequestContext, input: TransferInput): Promise<StoredReply> {
    const hash = requestHash(ctx.route, ctx.body);
    const replayed = await replayIfUsed(database, ctx.userId, ctx.idempotencyKey, hash);
    if (replayed) return replayed;

    // The PIN first: its answer (no PIN set, wrong, locked) is the same whoever the recipient is,
    // so it cannot tell which e-mails have an account.
    await pin.checkPin(ctx.userId, input.transactionPin);
    // An e-mail is a look-up like verify-recipient and spends the same budget; the app sends the
    // _id verify-recipient answered, and a uuid cannot be guessed, so it costs nothing.
    if (input.recipientIdentifier.includes('@')) await lookups.take('recipient', ctx.userId);
    const recipient = await recipientFor(ctx.userId, input.recipientIdentifier);

    try {
      const reply = await move(ctx, input, recipient, hash);
      crashPoint(config, 'transfer:after-commit');
      return reply;
    } catch (error) {
      if (error instanceof KeyTaken && ctx.idempotencyKey) {
        return replayStored(database, ctx.userId, ctx.idempotencyKey, hash);
      }
      if (error instanceof LedgerError && error.code === 'insufficient_funds') {
        throw new AppError('INSUFFICIENT_FUNDS');
      }
      throw error;
    }
  }

  function move(
    ctx: RequestContext,
    input: TransferInput,
    recipient: Party,
    hash: string,
  ): Promise<StoredReply> {
    const amountKobo = input.amount;
    return database.db.transaction(async (tx) => {
      // Both wallets, in account-id order (the order ledger.apply updates them in): A→B and
      // B→A at the same moment queue on the first wallet instead of deadlocking.
      const locked = await limits.lockWallets(tx, [ctx.userId, recipient.id]);
      await assertKeyFree(tx, ctx.userId, ctx.idempotencyKey);
      const senderWallet = locked.find((w) => w.userId === ctx.userId);
      const recipientWallet = locked.find((w) => w.userId === recipient.id);
      if (!senderWallet || !recipientWallet) throw new AppError('NOT_FOUND');
      await limits.assertCanSpend(tx, senderWallet, amountKobo);

      const sender = await transfersRepository.partyById(tx, ctx.userId);
      if (!sender) throw new AppError('NOT_FOUND');
      if (senderWallet.balanceKobo < amountKobo) throw new AppError('INSUFFICIENT_FUNDS');
      // The money has not left yet, so a transfer past the recipient's cap is refused rather than
      // kept and flagged (docs/decisions/0011). The recipient's figures are not disclosed.
      const recipientLimits = limits.limitsFor(recipientWallet.isKycVerified);
      if (recipientWallet.balanceKobo + amountKobo > recipientLimits.balanceCapKobo) {
        throw new AppError('RECIPIENT_CANNOT_RECEIVE');
      }

      const now = clock.now();
      const base = `TRF-${randomUUID()}`;
      const side = (other: Party, direction: 'out' | 'in'): TransferMetadata => ({
        note: input.note,
        direction,
        counterpartyId: other.id,
        counterpartyEmail: other.email,
        counterpartyName: nameOf(other),
        processedAt: now.toISOString(),
      });
      const debit = await transactionsRepository.insert(tx, {
        userId: ctx.userId,
        type: 'debit',
        serviceType: 'transfer',
        amountKobo,
        status: 'success',
        reference: base,
        description: `Transfer to ${nameOf(recipient)}`,
        metadata: { ...side(recipient, 'out') },
        createdAt: now,
        updatedAt: now,
      });
      const credit = await transactionsRepository.insert(tx, {
        userId: recipient.id,
        type: 'credit',
        serviceType: 'transfer',
        amountKobo,
        status: 'success',
        reference: `${base}-CR`,
        description: `Transfer from ${nameOf(sender)}`,
        metadata: { ...side(sender, 'in') },
        createdAt: now,
        updatedAt: now,
      });
      await transfersRepository.insert(tx, {
        senderId: ctx.userId,
        recipientId: recipient.id,
        amountKobo,
        note: input.note,
        debitTransactionId: debit.id,
        creditTransactionId: credit.id,
        createdAt: now,
      });

      const body: TransferReply = {
        success: true,
        message: messages.transferSuccessful,
        data: toTransactionDto(debit),
      };
      const reply: StoredReply = { status: 200, body };
      await claimKey(tx, ctx, hash, debit.id);
      await storeReply(tx, ctx, reply);
      await ledger.apply(tx, [
        {
          debitAccountId: senderWallet.walletId,
          creditAccountId: recipientWallet.walletId,
          amountKobo,
          code: 'wallet_transfer',
          transactionId: debit.id,
        },
      ]);
      crashPoint(config, 'transfer:before-commit');
      return reply;
    });
  }

  return { verifyRecipient, transfer };
}

export type TransferService = ReturnType<typeof createTransferService>;
