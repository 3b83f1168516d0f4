import type { PalmPayWebhook } from '@owo/providers/types';
import { messages } from '@owo/shared/messages';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { crashPoint } from '../../lib/crash-points';
import type { Ledger } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import type { LimitsService } from '../limits/service';
import { kycRepository } from '../kyc/repository';
import type { TransactionRow } from '../transactions/repository';
import { depositsRepository } from './repository';

type CheckoutEvent = Extract<PalmPayWebhook, { kind: 'checkout' }>;
type VirtualEvent = Extract<PalmPayWebhook, { kind: 'virtual_account' }>;

/**
 * What became of one event: credited now; a duplicate (recorded before, or the payment was
 * already credited); unmatched (no deposit or account of ours: recorded for ops, no money moved);
 * recorded (an event that moves no money, e.g. a failed checkout).
 */
export type CreditOutcome = 'credited' | 'duplicate' | 'unmatched' | 'recorded';

export const PALMPAY = 'palmpay';

/** The event id under which a paid checkout is credited, whoever learns of it first. */
export function checkoutPaidEventId(orderNo: string): string {
  return `checkout:${orderNo}:2`;
}

/**
 * The one path by which deposit money enters a wallet (PalmPay webhooks and the status check
 * both come here). Each call is one database transaction that records the event under its
 * unique id *and* credits: a replayed or concurrent duplicate finds the event recorded and moves
 * nothing. The credit itself is a history row (reference PP-<PalmPay orderNo>, unique too), a
 * ledger transfer outside → wallet, and a review flag when the wallet passes its cap (the money
 * is kept: it has already arrived).
 */
export function createDepositCredit(
  { database, clock, logger, config }: AppDeps,
  ledger: Ledger,
  limits: LimitsService,
) {
  const db = database.db;

  async function creditWallet(
    tx: Tx,
    input: {
      userId: string;
      amountKobo: number;
      orderNo: string;
      source: string;
      metadata: Record<string, unknown>;
    },
  ): Promise<TransactionRow | undefined> {
    const wallet = await ledgerRepository.walletOf(tx, input.userId);
    if (!wallet) throw new Error(`user ${input.userId} has no wallet`);
    const now = clock.now();
    const row = await depositsRepository.insertCredit(tx, {
      userId: input.userId,
      type: 'credit',
      serviceType: 'deposit',
      amountKobo: input.amountKobo,
      status: 'success',
      reference: `PP-${input.orderNo}`,
      description: messages.depositDescription,
      metadata: { ...input.metadata, processedAt: now.toISOString() },
      createdAt: now,
      updatedAt: now,
    });
    if (!row) return undefined;
    await ledger.apply(tx, [
      {
        // The credit's own shard of the outside account: concurrent deposits lock different rows.
        debitAccountId: await ledger.account('outside', tx, row.id),
        creditAccountId: wallet.id,
        amountKobo: input.amountKobo,
        code: 'deposit',
        transactionId: row.id,
      },
    ]);
    // Read after the update: the wallet row is now locked by this transaction, so this is exact.
    const after = await ledgerRepository.walletOf(tx, input.userId);
    await limits.flagIfOverCap(tx, {
      userId: input.userId,
      transactionId: row.id,
      balanceKobo: after?.balanceKobo ?? wallet.balanceKobo + input.amountKobo,
      source: input.source,
    });
    return row;
  }

  /** The event under its unique id; undefined when it was recorded before (a duplicate). */
  function recordEvent(tx: Tx, event: PalmPayWebhook, receivedVia: string) {
    return depositsRepository.recordEvent(tx, {
      provider: PALMPAY,
      eventId: event.eventId,
      kind: event.kind,
      payload: { ...event.raw, receivedVia },
    });
  }

  /** Kept for ops under an unmatched:<kind> kind; no money moves. */
  async function markUnmatched(
    tx: Tx,
    eventRowId: string,
    event: PalmPayWebhook,
  ): Promise<CreditOutcome> {
    await depositsRepository.updateEvent(tx, eventRowId, { kind: `unmatched:${event.kind}` });
    return 'unmatched';
  }

  function warnUnmatched(event: PalmPayWebhook, why: string) {
    logger.warn(
      { provider: PALMPAY, eventId: event.eventId, orderNo: event.orderNo, why },
      'palmpay event matches nothing of ours (recorded as unmatched for ops)',
    );
  }

  /** A checkout reported paid (orderStatus 2): credit what was actually paid, once. */
  async function checkoutPaid(event: CheckoutEvent, source: 'webhook' | 'status_check') {
    const outcome = await db.transaction(async (tx): Promise<CreditOutcome> => {
      const eventRowId = await recordEvent(tx, event, source);
      if (!eventRowId) return 'duplicate';
      const deposit = await depositsRepository.lockByReference(tx, event.orderId);
      if (!deposit || deposit.kind !== 'checkout' || event.amountKobo <= 0) {
        return markUnmatched(tx, eventRowId, event);
      }
      if (deposit.status === 'completed') return 'duplicate';
      // Late (after expiry) or after a timeout marked it failed: the money arrived, so it counts.
      const row = await creditWallet(tx, {
        userId: deposit.userId,
        amountKobo: event.amountKobo,
        orderNo: event.orderNo,
        source: `deposit:checkout:${source}`,
        metadata: {
          channel: 'bank_transfer',
          depositId: deposit.id,
          orderNo: event.orderNo,
          virtualAccountNo: deposit.payerAccountNo,
          payerAccountNo: event.payerAccountNo,
          payerAccountName: event.payerAccountName,
          payerBankName: event.payerBankName,
          requestedAmountKobo: deposit.amountKobo,
        },
      });
      if (!row) return 'duplicate';
      await depositsRepository.complete(tx, deposit.id, {
        creditedKobo: event.amountKobo,
        transactionId: row.id,
        providerOrderNo: event.orderNo,
      });
      await depositsRepository.updateEvent(tx, eventRowId, { transactionId: row.id });
      crashPoint(config, 'deposit:before-commit');
      return 'credited';
    });
    crashPoint(config, 'deposit:after-commit');
    if (outcome === 'unmatched') warnUnmatched(event, `no checkout deposit ${event.orderId}`);
    return outcome;
  }

  /** A checkout notification that moves no money: failed or cancelled marks the deposit failed. */
  async function checkoutNotPaid(event: CheckoutEvent) {
    const outcome = await db.transaction(async (tx): Promise<CreditOutcome> => {
      const eventRowId = await recordEvent(tx, event, 'webhook');
      if (!eventRowId) return 'duplicate';
      const deposit = await depositsRepository.lockByReference(tx, event.orderId);
      if (!deposit || deposit.kind !== 'checkout') {
        return markUnmatched(tx, eventRowId, event);
      }
      if (event.orderStatus === 3 || event.orderStatus === 4) {
        await depositsRepository.settleWithoutMoney(tx, deposit.id, 'failed', [
          'pending',
          'expired',
        ]);
      }
      return 'recorded';
    });
    if (outcome === 'unmatched') warnUnmatched(event, `no checkout deposit ${event.orderId}`);
    return outcome;
  }

  /**
   * Money paid into a user's permanent PalmPay account. Only a notification at PalmPay's success
   * status is money: any other status is recorded (its own event id, so the paid one that follows
   * is still credited) and moves nothing, since crediting before settlement could pay out money
   * that never arrives.
   */
  async function virtualAccountPaid(event: VirtualEvent) {
    const outcome = await db.transaction(async (tx): Promise<CreditOutcome> => {
      const eventRowId = await recordEvent(tx, event, 'webhook');
      if (!eventRowId) return 'duplicate';
      if (!event.paid) return 'recorded';
      const account = await kycRepository.findByNumber(tx, 'palmpay', event.virtualAccountNo);
      // The account number and our reference must both match: a mismatch waits for ops.
      if (
        !account ||
        account.kind !== 'virtual' ||
        account.externalReference !== event.accountReference ||
        event.amountKobo <= 0
      ) {
        return markUnmatched(tx, eventRowId, event);
      }
      const row = await creditWallet(tx, {
        userId: account.userId,
        amountKobo: event.amountKobo,
        orderNo: event.orderNo,
        source: 'deposit:virtual_account',
        metadata: {
          channel: 'virtual_account',
          orderNo: event.orderNo,
          virtualAccountNo: event.virtualAccountNo,
          payerAccountNo: event.payerAccountNo,
          payerAccountName: event.payerAccountName,
          payerBankName: event.payerBankName,
        },
      });
      if (!row) return 'duplicate';
      await depositsRepository.completeOldestIntent(tx, account.userId, {
        creditedKobo: event.amountKobo,
        transactionId: row.id,
        providerOrderNo: event.orderNo,
      });
      await depositsRepository.updateEvent(tx, eventRowId, { transactionId: row.id });
      return 'credited';
    });
    if (outcome === 'unmatched') {
      warnUnmatched(
        event,
        `no virtual account ${event.virtualAccountNo} (${event.accountReference})`,
      );
    }
    return outcome;
  }

  return { checkoutPaid, checkoutNotPaid, virtualAccountPaid };
}

export type DepositCredit = ReturnType<typeof createDepositCredit>;
