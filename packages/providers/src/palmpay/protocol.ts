/**
 * PalmPay's wire vocabulary, shared by the adapter and the simulator so both speak the same paths,
 * versions and codes. Every entry has its public source in SOURCES.md (next to this file); the
 * entries listed there under "Unconfirmed" are ours and say so here too.
 */

export const PALMPAY_PATHS = {
  billerQuery: 'api/v2/bill-payment/biller/query',
  itemQuery: 'api/v2/bill-payment/item/query',
  billOrderCreate: 'api/v2/bill-payment/order/create',
  billOrderQuery: 'api/v2/bill-payment/order/query',
  virtualAccountCreate: 'api/v2/virtual/account/label/create',
  checkoutCreate: 'api/v2/payment/merchant/createorder',
  checkoutQuery: 'api/v2/payment/merchant/order/queryStatus',
  merchantBalance: 'api/v2/merchant/manage/account/queryBalance',
} as const;

export type PalmPayPath = keyof typeof PALMPAY_PATHS;

/**
 * The `version` each family of calls is documented with: bill payment "V2" (its request examples),
 * virtual accounts "V2.0" (every public label/* client), checkout "V1.1" (its create/query examples).
 */
export const PALMPAY_VERSIONS: Record<PalmPayPath, string> = {
  billerQuery: 'V2',
  itemQuery: 'V2',
  billOrderCreate: 'V2',
  billOrderQuery: 'V2',
  virtualAccountCreate: 'V2.0',
  checkoutCreate: 'V1.1',
  checkoutQuery: 'V1.1',
  // Unconfirmed: the one public balance client sends its configured default, "V2".
  merchantBalance: 'V2',
};

export const PALMPAY_COUNTRY = 'NG';

/** The respCode of every success. */
export const PALMPAY_SUCCESS = '00000000';

/** Gateway codes: the request was refused before any business logic ran. */
export const PALMPAY_GATEWAY_CODES = {
  missingParameter: 'OPEN_GW_000002',
  signError: 'OPEN_GW_000008',
  ipNotWhitelisted: 'OPEN_GW_000012',
  paramError: 'OPEN_GW_000020',
} as const;

/** Bill payment business codes (order/create, biller/query, item/query). */
export const SBP_CODES = {
  invalidParameter: 'SBP.INVALID_PARAMETER',
  invalidSceneCode: 'SBP.INVALID_SCENE_CODE',
  billerDisabled: 'SBP.BILLER_DISABLE',
  itemDisabled: 'SBP.ITEM_DISABLE',
  billerItemMismatch: 'SBP.BILLER_ITEM_MISMATCH',
  amountAboveMax: 'SBP.AMOUNT_ABOVE_MAX_LIMIT',
  amountBelowMin: 'SBP.AMOUNT_BELOW_MIN_LIMIT',
  amountMismatch: 'SBP.AMOUNT_MISMATCH',
  merchantError: 'SBP.MERCHANT_ERROR',
  merchantAccountError: 'SBP.MERCHANT_ACCOUNT_ERROR',
  merchantAccountStatusError: 'SBP.MERCHANT_ACCOUNT_STATUS_ERROR',
  merchantBalanceNotEnough: 'SBP.MERCHANT_ACCOUNT_BALANCE_NOT_ENOUGH',
  /** "External merchant order number duplicate": an order with our outOrderNo exists. */
  tradeHadDeal: 'SBP.TRADE_HAD_DEAL',
} as const;

/** Virtual account (AC*) and checkout order (MC*) codes. */
export const PALMPAY_ACCOUNT_CODES = {
  virtualAccountNotExist: 'AC100001',
  createAccountFailed: 'AC100003',
  licenseRefused: 'AC100007',
  licenseDuplicate: 'AC100009',
  merchantOrderExists: 'MC100000',
  merchantOrderAbnormal: 'MC100001',
  merchantOrderNotExist: 'MC100004',
} as const;

/** Bill order status (order/create, order/query and the bill notification). */
export const BILL_ORDER_STATUS = { pending: 1, success: 2, failed: 3 } as const;

/**
 * The virtual-account notification's orderStatus that means the money arrived. The public
 * integrations that act on it credit on 1 only (one documents 1 success, 2 pending); a different
 * scale from checkout's 1 pending / 2 success. SOURCES.md, "Virtual account notification".
 */
export const VIRTUAL_ACCOUNT_PAID_STATUS = 1;

/** PalmPay's minimum checkout amount: ₦100, in kobo. */
export const PALMPAY_CHECKOUT_MIN_KOBO = 10_000;

/** checkout orderExpireTime bounds and default, seconds (documented 1800–86400, default 3600). */
export const CHECKOUT_EXPIRY_MIN_S = 1_800;
export const CHECKOUT_EXPIRY_MAX_S = 86_400;
export const CHECKOUT_EXPIRY_DEFAULT_S = 3_600;

/** The text a notification receiver answers so PalmPay stops retrying. */
export const PALMPAY_WEBHOOK_ACK = 'success';
