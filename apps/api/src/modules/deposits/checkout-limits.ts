import type { CheckoutDepositReply } from '@owo/shared/api-types';
import { CHECKOUT_EXPIRY_S } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { koboToNaira } from '@owo/shared/money';
import type { LimitRule } from '../throttle/limiter';
import type { DepositRow } from './repository';

/**
 * How many PalmPay checkouts one user can open, and how often PalmPay is asked about one
 * (docs/decisions/0016-atomic-limiter.md, "Checkouts"). Each checkout is a PalmPay order and
 * each status question a PalmPay call, so both are budgeted before PalmPay is asked.
 */

/**
 * Checkouts opened per user within one checkout lifetime: a checkout lives CHECKOUT_EXPIRY_S, so
 * counting creations over that window caps the open ones at this many at any moment.
 */
export const OPEN_CHECKOUTS_MAX = 5;
/** And per day, so a user cannot keep five open around the clock. */
export const CHECKOUTS_PER_DAY = 20;
/**
 * A request for an amount that already has an open checkout with at least this long left gets
 * that checkout again (no PalmPay call, no new order): a double tap or a reopened sheet.
 */
export const CHECKOUT_REUSE_MIN_LEFT_MS = 2 * 60 * 1000;
/** PalmPay is asked about one checkout at most once per this long; between, our row answers. */
export const CHECKOUT_QUERY_EVERY_MS = 30 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export function checkoutRules(userId: string): LimitRule[] {
  const key = `deposit-checkout:${userId}`;
  return [
    { key, max: OPEN_CHECKOUTS_MAX, windowMs: CHECKOUT_EXPIRY_S * 1000 },
    { key, max: CHECKOUTS_PER_DAY, windowMs: DAY_MS },
  ];
}

export function checkoutQueryRules(depositId: string): LimitRule[] {
  return [{ key: `deposit-query:${depositId}`, max: 1, windowMs: CHECKOUT_QUERY_EVERY_MS }];
}

/** The reply of POST deposit/bank-transfer for a checkout opened earlier, from our row. */
export function openCheckoutReply(row: DepositRow): CheckoutDepositReply {
  return {
    success: true,
    message: messages.depositCheckoutCreated,
    data: {
      _id: row.id,
      merchantName: row.payerAccountName || row.payerBankName,
      payerVirtualAccNo: row.payerAccountNo,
      payerBankName: row.payerBankName,
      payerAccountName: row.payerAccountName,
      sdkSessionId: row.sdkSessionId ?? '',
      amount: koboToNaira(row.amountKobo),
      expiresAt: (row.expiresAt ?? row.createdAt).toISOString(),
    },
  };
}
