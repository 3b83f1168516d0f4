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
