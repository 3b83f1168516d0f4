import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RecipientReply, TransferMetadata, TransferReply } from '@owo/shared/api-types';
import { PIN_LOCK_MS, PIN_MAX_FAILURES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import type { transferSchema } from '@owo/shared/schemas/transfers';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { crashPoint } from '../../lib/crash-points';
import type { LimitsService } from '../limits/service';
import { spendRefusalOf } from '../limits/spend-refusals';
import { createLookupGuard } from '../lookups/limits';
import type { PinService } from '../pin/service';
import { replayStored, requestHash, type RequestContext } from '../purchases/idempotency';
import type { StoredReply } from '../purchases/replies';
import { toTransactionDto } from '../transactions/dto';
import {
  transferHotPathRepository,
  type TransferCallInput,
  type TransferOutcome,
} from './hot-path-repository';
import { transfersRepository, type Party } from './repository';

type TransferInput = z.output<typeof transferSchema>;

const nameOf = (p: Party) => `${p.firstName} ${p.lastName}`.trim() || p.email;

/** A refused transfer as the customer hears it (the order of the checks is the function's). */
function refusalOf(
  outcome: Exclude<TransferOutcome, { outcome: 'ok' | 'key_taken' }>,
  limits: LimitsService,
): AppError {
  switch (outcome.outcome) {
    case 'recipient_not_found':
      return new AppError('RECIPIENT_NOT_FOUND');
    case 'self':
      return new AppError('TRANSFER_TO_SELF');
    // The money has not left yet, so a transfer past the recipient's cap is refused rather than
    // kept and flagged (docs/decisions/0011). The recipient's figures are not disclosed.
    case 'recipient_cap':
      return new AppError('RECIPIENT_CANNOT_RECEIVE');
    case 'no_wallet':
      return new AppError('NOT_FOUND');
    default:
      return spendRefusalOf(outcome, limits);
  }
}

/**
 * Money between two users of the product (spec §4 Transfer flow) in one database statement
 * (owo_transfer, decision 0040): the key, the PIN, the recipient, both wallets locked in account
 * order, the sender's daily limit and balance and the recipient's balance cap, then a history row
 * for each side, the wallet_transfers row, the stored reply and one ledger transfer. No supplier
 * is involved, so there is no pending state: it happens whole or not at all.
 */
export function createTransferService(
  { database, clock, config }: AppDeps,
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
    // An e-mail is a look-up like verify-recipient and spends the same budget; the app sends the
    // _id verify-recipient answered, and a uuid cannot be guessed, so it costs nothing.
    if (input.recipientIdentifier.includes('@')) await lookups.take('recipient', ctx.userId);
    // Read now, answered only inside the call after the PIN: whether the e-mail has an account
    // is not told to someone without the right PIN.
    const { sender, recipient } = await transfersRepository.parties(
      database.db,
      ctx.userId,
      input.recipientIdentifier,
    );
    if (!sender) throw new AppError('NOT_FOUND');
    const call = callFor(ctx, input, sender, recipient, hash);

    crashPoint(config, 'transfer:before-call');
    let outcome = await transferHotPathRepository.transfer(database.db, call);
    if (outcome.outcome === 'pin_legacy') {
      // A PIN stored before PINs became keyed digests: checked (and re-stored) the old way once.
      await pin.checkPin(ctx.userId, input.transactionPin);
      outcome = await transferHotPathRepository.transfer(database.db, call);
    }
    if (outcome.outcome === 'key_taken') {
      if (!ctx.idempotencyKey) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      return replayStored(database, ctx.userId, ctx.idempotencyKey, hash);
    }
    if (outcome.outcome !== 'ok') throw refusalOf(outcome, limits);
    crashPoint(config, 'transfer:after-commit');
    return call.reply;
  }

  /**
   * The call's arguments: both history rows and the reply, as the function will write and keep
   * them (the reply is the debit row's DTO, so its ids and reference are made here).
   */
  function callFor(
    ctx: RequestContext,
    input: TransferInput,
    sender: Party,
    recipient: Party | undefined,
    hash: string,
  ): TransferCallInput {
    const amountKobo = input.amount;
    const now = clock.now();
    const base = `TRF-${randomUUID()}`;
    const debitId = randomUUID();
    const side = (other: Party, direction: 'out' | 'in'): TransferMetadata => ({
      note: input.note,
      direction,
      counterpartyId: other.id,
      counterpartyEmail: other.email,
      counterpartyName: nameOf(other),
      processedAt: now.toISOString(),
    });
    const debit = {
      id: debitId,
      reference: base,
      description: recipient ? `Transfer to ${nameOf(recipient)}` : '',
      metadata: recipient ? { ...side(recipient, 'out') } : {},
    };
    const body: TransferReply = {
      success: true,
      message: messages.transferSuccessful,
      data: toTransactionDto({
        ...debit,
        type: 'debit',
        serviceType: 'transfer',
        amountKobo,
        status: 'success',
        createdAt: now,
      }),
    };
    const { walletLimits } = config;
    return {
      userId: ctx.userId,
      key: ctx.idempotencyKey,
      requestHash: hash,
      now,
      pinDigest: pin.digestOf(ctx.userId, input.transactionPin),
      pinMaxFailures: PIN_MAX_FAILURES,
      pinLockMs: PIN_LOCK_MS,
      recipientId: recipient?.id,
      amountKobo,
      dailyLimitUnverifiedKobo: walletLimits.unverified.dailyOutKobo,
      dailyLimitVerifiedKobo: walletLimits.verified.dailyOutKobo,
      balanceCapUnverifiedKobo: walletLimits.unverified.balanceCapKobo,
      balanceCapVerifiedKobo: walletLimits.verified.balanceCapKobo,
      rows: recipient && {
        debit,
        credit: {
          id: randomUUID(),
          reference: `${base}-CR`,
          description: `Transfer from ${nameOf(sender)}`,
          metadata: { ...side(sender, 'in') },
        },
        note: input.note,
      },
      reply: { status: 200, body },
    };
  }

  return { verifyRecipient, transfer };
}

export type TransferService = ReturnType<typeof createTransferService>;
