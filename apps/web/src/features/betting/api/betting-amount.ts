/**
 * The betting amount rules of spec §5 as pure functions: digits only, whole naira; the platform's
 * limits (kobo from PalmPay) bound it; without limits at most 9 digits.
 */
import { z } from 'zod/mini';
import type { BillerItemDto } from '@owo/shared/api-types';
import {
  BETTING_FALLBACK_MAX_DIGITS,
  BETTING_FALLBACK_RANGE,
  BETTING_QUICK_AMOUNTS_NAIRA,
} from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { bettingPurchaseSchema } from '@owo/shared/schemas/betting';
import { toFieldErrors } from '../../../lib/form-errors';
import type { BettingOrder } from './betting-api';

export { BETTING_QUICK_AMOUNTS_NAIRA };

/** Whole-naira bounds of a platform. */
export interface AmountLimits {
  min: number;
  max: number;
}

export function limitsOf(item: Pick<BillerItemDto, 'minAmount' | 'maxAmount'> | null | undefined) {
  if (!item) return null;
  // Kobo to whole naira, rounded inwards so a whole-naira amount inside is always accepted.
  const min = Math.ceil(item.minAmount / 100);
  const max = Math.floor(item.maxAmount / 100);
  if (!Number.isFinite(min) || !Number.isFinite(max) || max <= 0 || min > max) return null;
  return { min, max } satisfies AmountLimits;
}

/** "500,000" */
export function groupNaira(naira: number): string {
  return naira.toLocaleString('en-NG');
}

export const minimumMessage = (limits: AmountLimits) =>
  messages.bettingMinimum.replace('{min}', groupNaira(limits.min));
export const maximumMessage = (limits: AmountLimits) =>
  messages.bettingMaximum.replace('{max}', groupNaira(limits.max));

/** The free input's placeholder: the platform's range, else "100-500,000". */
export function rangePlaceholder(limits: AmountLimits | null): string {
  return limits ? `${groupNaira(limits.min)}-${groupNaira(limits.max)}` : BETTING_FALLBACK_RANGE;
}

/** "Min: ₦100 | Max: ₦500,000" */
export function limitsHint(limits: AmountLimits): string {
  return `Min: ₦${groupNaira(limits.min)} | Max: ₦${groupNaira(limits.max)}`;
}

/**
 * What typing `raw` leaves in the free input. Non-digits are dropped. With limits, a value above
 * the maximum is refused (the previous value stays, with the maximum warning); without limits the
 * input stops at 9 digits.
 */
export function acceptTyped(
  raw: string,
  previous: string,
  limits: AmountLimits | null,
): { value: string; warning: string | null } {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (limits) {
    if (digits !== '' && Number(digits) > limits.max) {
      return { value: previous, warning: maximumMessage(limits) };
    }
    return { value: digits, warning: null };
  }
  return { value: digits.slice(0, BETTING_FALLBACK_MAX_DIGITS), warning: null };
}

export type PayField = 'userId' | 'platform' | 'amount';

const payForm = z.omit(bettingPurchaseSchema, { transactionPin: true });

/**
 * Pay's checks (spec §5 Betting Pay): the API's own rules (User ID, platform, amount), then the
 * platform's minimum and maximum. Answers the order to send, or the first problem per field.
 */
export function checkPay(input: {
  userId: string;
  billerId: string | null;
  itemId: string | null;
  amount: number | null;
  limits: AmountLimits | null;
}): { ok: true; order: BettingOrder } | { ok: false; problems: Partial<Record<PayField, string>> } {
  const parsed = payForm.safeParse({
    rechargeAccount: input.userId,
    billerId: input.billerId ?? '',
    itemId: input.itemId ?? '',
    amount: input.amount === null ? '' : String(input.amount),
  });
  const problems: Partial<Record<PayField, string>> = {};
  if (!parsed.success) {
    const found = toFieldErrors<'rechargeAccount' | 'billerId' | 'itemId' | 'amount'>(parsed.error);
    problems.userId = found.rechargeAccount;
    problems.platform = found.billerId ?? found.itemId;
    problems.amount = found.amount;
  }
  const amount = input.amount ?? 0;
  if (!problems.amount && input.limits && amount > 0) {
    if (amount < input.limits.min) problems.amount = minimumMessage(input.limits);
    else if (amount > input.limits.max) problems.amount = maximumMessage(input.limits);
  }
  if (!parsed.success || problems.amount) {
    return {
      ok: false,
      problems: Object.fromEntries(Object.entries(problems).filter(([, v]) => v)),
    };
  }
  const { amount: kobo, billerId, itemId, rechargeAccount } = parsed.data;
  return { ok: true, order: { amount: kobo / 100, billerId, itemId, rechargeAccount } };
}

/** "Successfully funded Bet9ja with ₦1,000!" (the betting account when the name is unknown). */
export function successMessage(platform: string, amount: number): string {
  return messages.bettingSuccess
    .replace('{platform}', platform)
    .replace('{amount}', groupNaira(amount));
}
