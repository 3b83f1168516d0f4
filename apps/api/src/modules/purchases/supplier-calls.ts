import type {
  DataStationKind,
  Providers,
  PurchaseOutcome,
  SafeHavenPayKind,
  SafeHavenPayRequest,
} from '@owo/providers/types';
import type { Supplier } from '../../ledger/accounts';
import {
  NETWORK_IDS,
  OGDAMS_NETWORK_IDS,
  VTPASS_AIRTIME_SERVICE,
  type NetworkName,
} from '@owo/shared/networks';
import type { RouteSupplier } from '@owo/shared/suppliers';
import { holdUntilToken } from './token-rule';

/**
 * What a purchase asks of its supplier, stored with the order (purchases.request) so the
 * reconciler can requery it and the airtime fallback can switch to another route.
 */
export type SupplierRequest =
  | {
      kind: 'vtpass';
      serviceID: string;
      amountKobo: number;
      phone: string;
      billersCode?: string;
      variationCode?: string;
      /** DStv / GOtv (VTpass requires it): renew the current bouquet or change it. */
      subscriptionType?: 'change' | 'renew';
      quantity?: number;
    }
  | { kind: 'datastation-data'; networkId: number; phone: string; dataId: number }
  | { kind: 'datastation-topup'; networkId: number; phone: string; amountKobo: number }
  | { kind: 'datastation-cable'; cableId: number; cablePlanId: number; smartCardNumber: string }
  | {
      kind: 'datastation-bill';
      discoId: number;
      amountKobo: number;
      meterNumber: string;
      meterType: 'prepaid' | 'postpaid';
    }
  | { kind: 'ogdams-data'; networkId: number; planId: string; phone: string }
  | { kind: 'ogdams-airtime'; networkId: number; amountKobo: number; phone: string }
  /** A betting top-up (PalmPay bill order); PalmPay reports the outcome to notifyUrl too. */
  | {
      kind: 'palmpay-bill';
      sceneCode: string;
      billerId: string;
      itemId: string;
      rechargeAccount: string;
      amountKobo: number;
      notifyUrl: string;
    }
  /**
   * The services/pay family (Safe Haven VAS), paid from our own Safe Haven account: the adapter's
   * pay request without the reference (the order's supplier request id at call time).
   */
  | ({ kind: 'safehaven-pay'; payKind: SafeHavenPayKind } & Omit<SafeHavenPayRequest, 'reference'>);

/**
 * An airtime order as each routable supplier takes it: face value to a phone on a network. Airtime
 * costs us its face value at every one of them.
 */
export function airtimeRequest(
  supplier: RouteSupplier<'airtime'>,
  network: NetworkName,
  phone: string,
  amountKobo: number,
): SupplierRequest {
  switch (supplier) {
    case 'vtpass':
      return { kind: 'vtpass', serviceID: VTPASS_AIRTIME_SERVICE[network], amountKobo, phone };
    case 'datastation':
      return { kind: 'datastation-topup', networkId: NETWORK_IDS[network], phone, amountKobo };
    case 'ogdams':
      return { kind: 'ogdams-airtime', networkId: OGDAMS_NETWORK_IDS[network], amountKobo, phone };
  }
}

export function supplierOf(request: SupplierRequest): Supplier {
  if (request.kind === 'vtpass') return 'vtpass';
  if (request.kind === 'palmpay-bill') return 'palmpay';
  if (request.kind === 'safehaven-pay') return 'safehaven';
  return request.kind.startsWith('ogdams') ? 'ogdams' : 'datastation';
}

/**
 * One supplier call. Adapters turn every transport problem into "pending"; anything they still
 * throw (a bug) is pending too: money is never refunded on an unclear answer. A prepaid meter
 * "delivered" without a token is pending too (token-rule.ts).
 */
export async function callSupplier(
  providers: Providers,
  request: SupplierRequest,
  requestId: string,
): Promise<PurchaseOutcome> {
  return holdUntilToken(request, await callAdapter(providers, request, requestId));
}

async function callAdapter(
  providers: Providers,
  request: SupplierRequest,
  requestId: string,
): Promise<PurchaseOutcome> {
  try {
    switch (request.kind) {
      case 'vtpass':
        return await providers.vtpass.pay({
          requestId,
          serviceID: request.serviceID,
          amountKobo: request.amountKobo,
          phone: request.phone,
          billersCode: request.billersCode,
          variationCode: request.variationCode,
          subscriptionType: request.subscriptionType,
          quantity: request.quantity,
        });
      case 'datastation-data':
        return await providers.datastation.buyData({
          reference: requestId,
          networkId: request.networkId,
          phone: request.phone,
          dataId: request.dataId,
          ported: true,
        });
      case 'datastation-topup':
        return await providers.datastation.topup({
          reference: requestId,
          networkId: request.networkId,
          phone: request.phone,
          amountKobo: request.amountKobo,
          ported: true,
        });
      case 'datastation-cable':
        return await providers.datastation.cablesub({
          reference: requestId,
          cableId: request.cableId,
          cablePlanId: request.cablePlanId,
          smartCardNumber: request.smartCardNumber,
        });
      case 'datastation-bill':
        return await providers.datastation.billpayment({
          reference: requestId,
          discoId: request.discoId,
          amountKobo: request.amountKobo,
          meterNumber: request.meterNumber,
          meterType: request.meterType,
        });
      case 'ogdams-data':
        return await providers.ogdams.vendData({
          reference: requestId,
          networkId: request.networkId,
          planId: request.planId,
          phone: request.phone,
        });
      case 'ogdams-airtime':
        return await providers.ogdams.vendAirtime({
          reference: requestId,
          networkId: request.networkId,
          amountKobo: request.amountKobo,
          phone: request.phone,
        });
      case 'palmpay-bill':
        return await providers.palmpay.createBillOrder({
          outOrderNo: requestId,
          sceneCode: request.sceneCode,
          amountKobo: request.amountKobo,
          notifyUrl: request.notifyUrl,
          billerId: request.billerId,
          itemId: request.itemId,
          rechargeAccount: request.rechargeAccount,
        });
      case 'safehaven-pay': {
        const { kind: _kind, payKind, ...fields } = request;
        return await providers.safehaven.pay(payKind, { reference: requestId, ...fields });
      }
    }
  } catch (error) {
    return { status: 'pending', description: `adapter error: ${String(error)}`, raw: null };
  }
}

/** What a requery needs of an order: whose it is, what was sent, and the ids both sides gave it. */
export interface RequeryTarget {
  supplier: Supplier;
  supplierRequestId: string;
  supplierReference?: string | null;
  request: Record<string, unknown>;
}

const DATASTATION_KINDS = {
  'datastation-data': 'data',
  'datastation-topup': 'topup',
  'datastation-cable': 'cable',
  'datastation-bill': 'bill',
} as const satisfies Record<string, DataStationKind>;

/**
 * Asks the order's supplier what became of it, with everything the supplier's documented lookup
 * needs: our reference, the supplier's own id when its reply gave one, and (DataStation) which
 * endpoint the order went to. Anything thrown is pending, never failed; a prepaid meter
 * "delivered" without a token is pending too (token-rule.ts).
 */
export async function requerySupplier(
  providers: Providers,
  order: RequeryTarget,
): Promise<PurchaseOutcome> {
  return holdUntilToken(order.request, await requeryAdapter(providers, order));
}

async function requeryAdapter(
  providers: Providers,
  order: RequeryTarget,
): Promise<PurchaseOutcome> {
  const ref = {
    reference: order.supplierRequestId,
    ...(order.supplierReference ? { providerReference: order.supplierReference } : {}),
  };
  try {
    switch (order.supplier) {
      case 'vtpass':
        return await providers.vtpass.requery(order.supplierRequestId);
      case 'ogdams':
        return await providers.ogdams.requery(ref);
      case 'palmpay':
        return await providers.palmpay.queryBillOrder(order.supplierRequestId);
      case 'safehaven':
        return await providers.safehaven.requery(ref);
      case 'datastation': {
        const requestKind = String(order.request.kind) as keyof typeof DATASTATION_KINDS;
        const kind = DATASTATION_KINDS[requestKind];
        if (!kind) {
          return {
            status: 'pending',
            description: `unknown request kind ${requestKind}`,
            raw: null,
          };
        }
        return await providers.datastation.requery({ ...ref, kind });
      }
    }
  } catch (error) {
    return { status: 'pending', description: `adapter error: ${String(error)}`, raw: null };
  }
}
