/**
 * PalmPay betting accounts (the `rechargeAccount` of a bill order) on which the simulator answers
 * order/create with one of PalmPay's documented SBP refusals (docs/sandbox.md, PalmPay). They sit
 * beside the shared betting scenarios (sandbox/magic.ts) and never collide with them.
 */
import type { RefusalName } from './sim-replies';

export const PALMPAY_REFUSAL_ACCOUNTS = {
  /** SBP.MERCHANT_ACCOUNT_BALANCE_NOT_ENOUGH: our float at PalmPay is too low (alert). */
  merchantBalanceNotEnough: '10000402',
  /** SBP.MERCHANT_ACCOUNT_STATUS_ERROR: our merchant account is not in a normal state (alert). */
  merchantAccountStatusError: '10000403',
  /** SBP.ITEM_DISABLE: the top-up item is unavailable at PalmPay. */
  itemDisabled: '10000410',
  /**
   * SBP.TRADE_HAD_DEAL: PalmPay already holds an order with this outOrderNo. The simulator records
   * the order as delivered (an earlier attempt got through) and answers the duplicate code.
   */
  tradeHadDeal: '10000409',
} as const satisfies Partial<Record<RefusalName, string>>;

const byAccount = new Map<string, RefusalName>(
  Object.entries(PALMPAY_REFUSAL_ACCOUNTS).map(([name, account]) => [account, name as RefusalName]),
);

/** The refusal a recharge account asks for, if it is one of the magic accounts. */
export function refusalFor(rechargeAccount: string): RefusalName | undefined {
  return byAccount.get(rechargeAccount.trim());
}

/**
 * A betting account on which PalmPay charges us less than the order amount, as PalmPay's own
 * Create Order example does (amount 10000 asked, `amount: 8800` answered: what PalmPay takes from
 * our merchant balance). The order stays pending (orderStatus 1, as in that example) and is
 * delivered SETTLE_AFTER_MS later; the reply, the query and the notification all carry the
 * charged amount. fixtures/bill-order-create-charged-less.json is the documented example.
 */
export const PALMPAY_CHARGED_LESS_ACCOUNT = '10008800';

/** The documented example's rate: 8,800 charged for 10,000 (88 %). */
export const CHARGED_LESS_PERCENT = 88;

/** What PalmPay charges for an order of `amount` kobo on this recharge account. */
export function chargedAmount(rechargeAccount: string, amount: number): number {
  return rechargeAccount.trim() === PALMPAY_CHARGED_LESS_ACCOUNT
    ? Math.floor((amount * CHARGED_LESS_PERCENT) / 100)
    : amount;
}
