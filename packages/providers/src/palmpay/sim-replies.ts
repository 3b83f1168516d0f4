/**
 * The simulator's replies, built from the fixture files (fixtures/*.json, each copied in shape from
 * PalmPay's documentation or a public client; SOURCES.md). The simulator fills in its own values,
 * so the sandbox, the fixture tests and the sources cannot drift apart.
 */
import type { JsonObject } from '../wire';
import billNotifyFailed from './fixtures/bill-notify-failed.json';
import billNotifySuccess from './fixtures/bill-notify-success.json';
import billOrderCreateSuccess from './fixtures/bill-order-create-success.json';
import billOrderQuerySuccess from './fixtures/bill-order-query-success.json';
import billOrderQueryNotFound from './fixtures/bill-order-query-not-found.json';
import billerQuerySuccess from './fixtures/biller-query-success.json';
import checkoutCreateDuplicate from './fixtures/checkout-create-duplicate.json';
import checkoutCreateSuccess from './fixtures/checkout-create-success.json';
import checkoutNotifyPaid from './fixtures/checkout-notify-paid.json';
import checkoutQueryNotFound from './fixtures/checkout-query-not-found.json';
import checkoutQueryPaid from './fixtures/checkout-query-paid.json';
import gatewayMissingParameter from './fixtures/gateway-missing-parameter.json';
import gatewayNoSuchPath from './fixtures/gateway-no-such-path.json';
import gatewayParamError from './fixtures/gateway-param-error.json';
import gatewaySignError from './fixtures/gateway-sign-error.json';
import itemQuerySuccess from './fixtures/item-query-success.json';
import merchantBalanceSuccess from './fixtures/merchant-balance-success.json';
import virtualAccountCreateLicenseRefused from './fixtures/virtual-account-create-license-refused.json';
import virtualAccountCreateSuccess from './fixtures/virtual-account-create-success.json';
import virtualAccountNotifyPaid from './fixtures/virtual-account-notify-paid.json';
import sbpAmountAboveMax from './fixtures/bill-order-create-amount-above-max-limit.json';
import sbpAmountBelowMin from './fixtures/bill-order-create-amount-below-min-limit.json';
import sbpAmountMismatch from './fixtures/bill-order-create-amount-mismatch.json';
import sbpBillerDisable from './fixtures/bill-order-create-biller-disable.json';
import sbpBillerItemMismatch from './fixtures/bill-order-create-biller-item-mismatch.json';
import sbpInvalidParameter from './fixtures/bill-order-create-invalid-parameter.json';
import sbpInvalidSceneCode from './fixtures/bill-order-create-invalid-scene-code.json';
import sbpItemDisable from './fixtures/bill-order-create-item-disable.json';
import sbpMerchantBalance from './fixtures/bill-order-create-merchant-account-balance-not-enough.json';
import sbpMerchantAccountError from './fixtures/bill-order-create-merchant-account-error.json';
import sbpMerchantStatus from './fixtures/bill-order-create-merchant-account-status-error.json';
import sbpMerchantError from './fixtures/bill-order-create-merchant-error.json';
import sbpTradeHadDeal from './fixtures/bill-order-create-trade-had-deal.json';

/** A deep copy, so a reply never shares objects with the fixture module. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/** A success envelope from a fixture, with `data` replaced by the simulator's own. */
function success(fixture: { respCode: string; respMsg: string }, data: unknown): JsonObject {
  const reply = copy(fixture) as JsonObject;
  reply.data = data as JsonObject;
  return reply;
}

/** The first entry of a fixture's data list, with the simulator's values over it. */
function entry(fixture: { data: unknown[] }, values: JsonObject): JsonObject {
  return { ...(copy(fixture.data[0]) as JsonObject), ...values };
}

/** Refusals by name: each is one documented fixture (code and wording as PalmPay sends them). */
export const REFUSALS = {
  signError: gatewaySignError,
  missingParameter: gatewayMissingParameter,
  paramError: gatewayParamError,
  noSuchPath: gatewayNoSuchPath,
  invalidParameter: sbpInvalidParameter,
  invalidSceneCode: sbpInvalidSceneCode,
  billerDisabled: sbpBillerDisable,
  itemDisabled: sbpItemDisable,
  billerItemMismatch: sbpBillerItemMismatch,
  amountAboveMax: sbpAmountAboveMax,
  amountBelowMin: sbpAmountBelowMin,
  amountMismatch: sbpAmountMismatch,
  merchantError: sbpMerchantError,
  merchantAccountError: sbpMerchantAccountError,
  merchantAccountStatusError: sbpMerchantStatus,
  merchantBalanceNotEnough: sbpMerchantBalance,
  tradeHadDeal: sbpTradeHadDeal,
  billOrderNotFound: billOrderQueryNotFound,
  licenseRefused: virtualAccountCreateLicenseRefused,
  checkoutDuplicate: checkoutCreateDuplicate,
  checkoutNotFound: checkoutQueryNotFound,
} as const;

export type RefusalName = keyof typeof REFUSALS;

export function refusal(name: RefusalName): JsonObject {
  return copy(REFUSALS[name]) as JsonObject;
}

export const replies = {
  billers: (list: JsonObject[]) =>
    success(
      billerQuerySuccess,
      list.map((values) => entry(billerQuerySuccess, values)),
    ),
  items: (list: JsonObject[]) =>
    success(
      itemQuerySuccess,
      list.map((values) => entry(itemQuerySuccess, values)),
    ),
  billOrderCreated: (values: JsonObject) =>
    success(billOrderCreateSuccess, { ...copy(billOrderCreateSuccess.data), ...values }),
  billOrder: (values: JsonObject) =>
    success(billOrderQuerySuccess, { ...copy(billOrderQuerySuccess.data), ...values }),
  virtualAccount: (values: JsonObject) =>
    success(virtualAccountCreateSuccess, {
      ...copy(virtualAccountCreateSuccess.data),
      ...values,
    }),
  checkoutCreated: (values: JsonObject) =>
    success(checkoutCreateSuccess, { ...copy(checkoutCreateSuccess.data), ...values }),
  checkout: (values: JsonObject) =>
    success(checkoutQueryPaid, { ...copy(checkoutQueryPaid.data), ...values }),
  balance: (values: JsonObject) =>
    success(merchantBalanceSuccess, { ...copy(merchantBalanceSuccess.data), ...values }),
};

/** Notification bodies (unsigned: the simulator signs them). */
export const notifications = {
  bill: (status: 2 | 3, values: JsonObject): JsonObject => ({
    ...(copy(status === 2 ? billNotifySuccess : billNotifyFailed) as JsonObject),
    ...values,
  }),
  checkout: (values: JsonObject): JsonObject => ({
    ...(copy(checkoutNotifyPaid) as JsonObject),
    ...values,
  }),
  virtualAccount: (values: JsonObject): JsonObject => ({
    ...(copy(virtualAccountNotifyPaid) as JsonObject),
    ...values,
  }),
};

/** Fields a fixture carries only to show its shape; never sent on as a value. */
export function withoutBlankSign(body: JsonObject): JsonObject {
  const { sign: _sign, ...rest } = body;
  return rest;
}
