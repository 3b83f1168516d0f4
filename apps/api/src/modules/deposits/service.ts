import { randomBytes } from 'node:crypto';
import type {
  CheckoutDepositReply,
  DepositStatus,
  DepositStatusReply,
  VirtualDepositIntentReply,
  VirtualDepositReply,
} from '@owo/shared/api-types';
import { CHECKOUT_EXPIRY_S } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { formatKobo, koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { ledgerRepository } from '../../ledger/repository';
import { fill, isUuid } from '../kyc/dto';
import { kycRepository } from '../kyc/repository';
import type { LimitsService } from '../limits/service';
import { usersRepository } from '../users/repository';
import { claim, claimOrThrow } from '../throttle/limiter';
import {
  CHECKOUT_REUSE_MIN_LEFT_MS,
  checkoutQueryRules,
  checkoutRules,
  openCheckoutReply,
} from './checkout-limits';
import { checkoutPaidEventId, type DepositCredit } from './credit';
import { depositsRepository, type DepositRow } from './repository';

const STATUS_NAMES: Record<DepositRow['status'], DepositStatus> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  expired: 'Expired',
};

/** Our order number at PalmPay (orderId, max 32): DEP + 24 random hex digits. */
function newOrderReference(kind: DepositRow['kind']): string {
  return `${kind === 'checkout' ? 'DEP' : 'DVA'}${randomBytes(12).toString('hex').toUpperCase()}`;
}

function statusMessage(row: DepositRow): string {
  switch (row.status) {
    case 'completed':
      return fill(messages.depositCompleted, { amount: formatKobo(row.creditedKobo) });
    case 'failed':
      return messages.depositFailed;
    case 'expired':
      return messages.depositExpired;
    default:
      return messages.depositStillPending;
  }
}

/**
 * Deposits (spec §4 "Deposit", §7 "Deposits"): a PalmPay bank-transfer checkout for anyone, or an
 * intent to pay into the permanent virtual account of a KYC-verified user. Money only ever
 * enters through DepositCredit (webhook or status check). PalmPay is called with no database
 * transaction open; the deposit row is written first so that nothing PalmPay knows of is missing
 * here.
 */
export function createDepositService(
  { database, clock, config, providers, logger }: AppDeps,
  limits: LimitsService,
  credit: DepositCredit,
) {
  const db = database.db;
  const notifyUrl = () => `${config.publicBaseUrl}/api/webhooks/palmpay`;
  /** Where PalmPay sends a payer back after paying (required by its create order): the app. */
  const callBackUrl = () => `${config.publicBaseUrl}/home`;

  async function assertRoom(userId: string, amountKobo: number) {
    const wallet = await ledgerRepository.walletOf(db, userId);
    if (!wallet) throw new AppError('UNAUTHORIZED');
    await limits.assertCanReceive(db, userId, wallet.balanceKobo, amountKobo);
  }

  async function bankTransfer(userId: string, amountKobo: number): Promise<CheckoutDepositReply> {
    await assertRoom(userId, amountKobo);
    const now = clock.now();
    // The same amount still open with time to pay: shown again, PalmPay is not asked.
    const open = await depositsRepository.openCheckoutOf(
      db,
      userId,
      amountKobo,
      new Date(now.getTime() + CHECKOUT_REUSE_MIN_LEFT_MS),
    );
    if (open) return openCheckoutReply(open);
    // A new one is a PalmPay order: at most OPEN_CHECKOUTS_MAX per checkout lifetime.
    await claimOrThrow(db, checkoutRules(userId), now, 'DEPOSIT_CHECKOUTS_THROTTLED');
    const deposit = await depositsRepository.insert(db, {
      userId,
      kind: 'checkout',
      amountKobo,
      reference: newOrderReference('checkout'),
      status: 'pending',
      expiresAt: new Date(now.getTime() + CHECKOUT_EXPIRY_S * 1000),
      createdAt: now,
      updatedAt: now,
    });
    const result = await providers.palmpay.createCheckout({
      orderId: deposit.reference,
      amountKobo,
      notifyUrl: notifyUrl(),
      callBackUrl: callBackUrl(),
      expireSeconds: CHECKOUT_EXPIRY_S,
      title: `${config.appName} wallet deposit`,
      userId,
    });
    if (!result.ok) {
      // Nothing to pay into was shown, so nothing can arrive through the screen; a webhook for it
      // would still be credited (the credit path accepts failed deposits).
      await depositsRepository.settleWithoutMoney(db, deposit.id, 'failed');
      logger.warn(
        { depositId: deposit.id, reason: result.reason, description: result.description },
        'palmpay checkout not created',
      );
      throw new AppError(
        result.reason === 'unavailable' ? 'DEPOSIT_GATEWAY_ERROR' : 'DEPOSIT_REFUSED',
      );
    }
    const checkout = result.value;
    const stored = await depositsRepository.storeCheckout(db, deposit.id, {
      providerOrderNo: checkout.orderNo,
      // The column is unique; PalmPay always sends one, but an empty one must not collide.
      sdkSessionId: checkout.sdkSessionId || null,
      payerAccountNo: checkout.payerVirtualAccNo,
      payerBankName: checkout.payerBankName,
      payerAccountName: checkout.payerAccountName,
    });
    return {
      success: true,
      message: messages.depositCheckoutCreated,
      data: {
        _id: stored.id,
        // The name on the checkout account is the merchant's (PalmPay shows ours, not the payer's).
        merchantName: checkout.payerAccountName || checkout.payerBankName,
        payerVirtualAccNo: checkout.payerVirtualAccNo,
        payerBankName: checkout.payerBankName,
        payerAccountName: checkout.payerAccountName,
        sdkSessionId: checkout.sdkSessionId,
        amount: koboToNaira(amountKobo),
        expiresAt: (stored.expiresAt ?? now).toISOString(),
      },
    };
  }

  /** KYC-verified users pay into their permanent account; the intent lets the screen follow it. */
  async function virtual(userId: string, amountKobo: number): Promise<VirtualDepositReply> {
    const user = await usersRepository.findById(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const account = user.isKycVerified
      ? await kycRepository.accountOfKind(db, userId, 'virtual')
      : undefined;
    if (!account) throw new AppError('KYC_REQUIRED');
    await assertRoom(userId, amountKobo);
    const now = clock.now();
    const deposit = await depositsRepository.insert(db, {
      userId,
      kind: 'virtual',
      amountKobo,
      reference: newOrderReference('virtual'),
      status: 'pending',
      payerAccountNo: account.accountNumber,
      payerBankName: account.bankName,
      payerAccountName: account.accountName,
      expiresAt: new Date(now.getTime() + CHECKOUT_EXPIRY_S * 1000),
      createdAt: now,
      updatedAt: now,
    });
    return {
      success: true,
      message: messages.depositVirtualCreated,
      data: {
        _id: deposit.id,
        virtualAccountName: account.accountName,
        virtualAccountNo: account.accountNumber,
        bankName: account.bankName,
        amount: koboToNaira(amountKobo),
      },
    };
  }

  /**
   * Brings an open deposit up to date. A checkout still open is asked of PalmPay (no transaction
   * open): paid is credited through the webhook's own path and event id, so the webhook arriving
   * later finds it done; failed or cancelled closes it. Past its expiry it reads as expired (a
   * payment arriving later is still credited).
   */
  async function refresh(row: DepositRow): Promise<DepositRow> {
    if (row.status !== 'pending' && row.status !== 'expired') return row;
    // PalmPay is asked about a checkout at most once per CHECKOUT_QUERY_EVERY_MS, however many
    // polls arrive; between, the row (kept current by the webhook) answers.
    const mayAsk = async () => (await claim(db, checkoutQueryRules(row.id), clock.now())).ok;
    if (row.kind === 'checkout' && row.providerOrderNo && (await mayAsk())) {
      let answer: Awaited<ReturnType<typeof providers.palmpay.queryCheckout>> | undefined;
      try {
        answer = await providers.palmpay.queryCheckout(row.reference);
      } catch (error) {
        logger.warn({ err: error, depositId: row.id }, 'palmpay checkout query failed');
      }
      if (answer?.orderStatus === 2 && answer.amountKobo > 0) {
        await credit.checkoutPaid(
          {
            kind: 'checkout',
            eventId: checkoutPaidEventId(row.providerOrderNo),
            orderId: row.reference,
            orderNo: row.providerOrderNo,
            amountKobo: answer.amountKobo,
            orderStatus: 2,
            payerAccountNo: '',
            payerAccountName: '',
            payerBankName: '',
            raw: {
              orderId: row.reference,
              orderNo: row.providerOrderNo,
              orderStatus: 2,
              amount: answer.amountKobo,
            },
          },
          'status_check',
        );
      } else if (answer?.orderStatus === 3) {
        await depositsRepository.settleWithoutMoney(db, row.id, 'failed');
      } else if (answer?.orderStatus === 4) {
        // PalmPay cancels an unpaid checkout at its expiry; before it, cancelled is a failure.
        const expired = row.expiresAt !== null && clock.now() >= row.expiresAt;
        await depositsRepository.settleWithoutMoney(db, row.id, expired ? 'expired' : 'failed');
      }
    }
    const current = (await depositsRepository.findForUser(db, row.userId, row.id)) ?? row;
    if (current.status === 'pending' && current.expiresAt && clock.now() >= current.expiresAt) {
      return (await depositsRepository.settleWithoutMoney(db, current.id, 'expired')) ?? current;
    }
    return current;
  }

  function statusReply(row: DepositRow): DepositStatusReply {
    return {
      success: true,
      message: statusMessage(row),
      data: {
        _id: row.id,
        status: STATUS_NAMES[row.status],
        amount: koboToNaira(row.amountKobo),
        creditedAmount: koboToNaira(row.creditedKobo),
      },
    };
  }

  async function owned(userId: string, id: string): Promise<DepositRow> {
    const row = isUuid(id) ? await depositsRepository.findForUser(db, userId, id) : undefined;
    if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
    return row;
  }

  return {
    bankTransfer,
    virtual,

    /**
     * One pass of the deposit sweeper: brings open checkouts that nobody has checked for a minute
     * up to date (PalmPay asked outside any transaction). Answers how many it looked at.
     */
    async sweepOpenCheckouts(limit = 20): Promise<number> {
      const rows = await depositsRepository.claimIdleCheckouts(db, clock.now(), 60_000, limit);
      for (const row of rows) {
        try {
          await refresh(row);
        } catch (error) {
          // One bad row must not stop the others; it is claimed again after the idle time.
          logger.error({ err: error, depositId: row.id }, 'deposit sweep failed for a checkout');
        }
      }
      return rows.length;
    },

    async statusById(userId: string, id: string): Promise<DepositStatusReply> {
      return statusReply(await refresh(await owned(userId, id)));
    },

    async statusBySession(userId: string, sdkSessionId: string): Promise<DepositStatusReply> {
      const row =
        sdkSessionId.length > 0 && sdkSessionId.length <= 200
          ? await depositsRepository.findBySession(db, userId, sdkSessionId)
          : undefined;
      if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
      return statusReply(await refresh(row));
    },

    /** GET account/virtual/{id}: one of the caller's virtual-account intents. */
    async intent(userId: string, id: string): Promise<VirtualDepositIntentReply> {
      const found = await owned(userId, id);
      if (found.kind !== 'virtual') throw new AppError('DEPOSIT_NOT_FOUND');
      const row = await refresh(found);
      return {
        success: true,
        message: statusMessage(row),
        data: {
          _id: row.id,
          virtualAccountName: row.payerAccountName,
          virtualAccountNo: row.payerAccountNo,
          bankName: row.payerBankName,
          amount: koboToNaira(row.amountKobo),
          status: STATUS_NAMES[row.status],
          creditedAmount: koboToNaira(row.creditedKobo),
          createdAt: row.createdAt.toISOString(),
        },
      };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
