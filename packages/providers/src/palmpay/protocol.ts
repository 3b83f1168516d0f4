/**
 * PalmPay's wire vocabulary, shared by the adapter and the simulator so both speak the same paths
 * and codes. Codes marked "confirmed" appear in public PalmPay integrations; the others are our
 * choices (docs/decisions/0006-provider-wire-choices.md, "PalmPay"), to check before going live.
 */

export const PALMPAY_PATHS = {
  billerQuery: 'api/v2/bill-payment/biller/query',
  itemQuery: 'api/v2/bill-payment/item/query',
  billOrderCreate: 'api/v2/bill-payment/order/create',
  billOrderQuery: 'api/v2/bill-payment/order/query',
  virtualAccountCreate: 'api/v2/virtual/account/label/create',
  checkoutCreate: 'api/v2/payment/merchant/createorder',
  checkoutQuery: 'api/v2/payment/merchant/order/queryStatus',
} as const;

/** Every request body carries this `version`. */
export const PALMPAY_VERSION = 'V1.1';
export const PALMPAY_COUNTRY = 'NG';

export const PALMPAY_CODES = {
  /** Confirmed. */
  success: '00000000',
  /** Confirmed: "sign error" (bad signature, unknown app id). */
  signError: 'OPEN_GW_000008',
  /** Confirmed: "invalid url router" (no such path). */
  noSuchPath: 'OPEN_GW_000022',
  /** Ours: a common parameter (requestTime, nonceStr, version, CountryCode) is missing. */
  commonParamError: 'OPEN_GW_000001',
  /** Confirmed: "LicenseNumber verification failed". */
  licenseRefused: 'AC100007',
  /** Ours: a virtual-account field is missing or malformed. */
  virtualAccountParamError: 'AC100001',
  /** Ours: bill order fields (scene, biller, item, account, amount) are wrong. */
  billParamError: 'BP100001',
  /** Ours: the amount is outside the item's minAmount–maxAmount. */
  billAmountOutOfRange: 'BP100002',
  /** Ours: an order with this outOrderNo exists already. */
  billDuplicateOrder: 'BP100003',
  /** Ours: no order with this outOrderNo (never recorded). */
  billOrderNotFound: 'BP100004',
  /** Ours: checkout fields are wrong (amount below ₦100, productType, expiry). */
  checkoutParamError: 'PA100001',
  /** Ours: an order with this orderId exists already. */
  checkoutDuplicateOrder: 'PA100002',
  /** Ours: no checkout order with this orderId. */
  checkoutOrderNotFound: 'PA100003',
} as const;

/** PalmPay's minimum checkout amount: ₦100, in kobo. */
export const PALMPAY_CHECKOUT_MIN_KOBO = 10_000;

/** The text a webhook receiver answers so PalmPay stops retrying. */
export const PALMPAY_WEBHOOK_ACK = 'success';
