import type { Providers, PurchaseOutcome } from '@owo/providers/types';
import type { Supplier } from '../../ledger/accounts';

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
  | { kind: 'ogdams-airtime'; networkId: number; amountKobo: number; phone: string };

export function supplierOf(request: SupplierRequest): Supplier {
  if (request.kind === 'vtpass') return 'vtpass';
  return request.kind.startsWith('ogdams') ? 'ogdams' : 'datastation';
}

/**
 * One supplier call. Adapters turn every transport problem into "pending"; anything they still
 * throw (a bug) is pending too: money is never refunded on an unclear answer.
 */
export async function callSupplier(
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
    }
  } catch (error) {
    return { status: 'pending', description: `adapter error: ${String(error)}`, raw: null };
  }
}

export async function requerySupplier(
  providers: Providers,
  supplier: Supplier,
  requestId: string,
): Promise<PurchaseOutcome> {
  try {
    if (supplier === 'vtpass') return await providers.vtpass.requery(requestId);
    if (supplier === 'ogdams') return await providers.ogdams.requery(requestId);
    return await providers.datastation.requery(requestId);
  } catch (error) {
    return { status: 'pending', description: `adapter error: ${String(error)}`, raw: null };
  }
}
