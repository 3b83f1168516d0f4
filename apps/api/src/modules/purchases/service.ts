import type { z } from 'zod';
import { cableByName, discoById, discoByServiceId } from '@owo/shared/billers';
import { messages } from '@owo/shared/messages';
import {
  NETWORK_IDS,
  OGDAMS_NETWORK_IDS,
  VTPASS_AIRTIME_SERVICE,
  networkById,
  networkForVtpassService,
  type NetworkName,
} from '@owo/shared/networks';
import type {
  inhouseAirtimeSchema,
  inhouseCableSchema,
  inhouseDataSchema,
  inhouseUtilitySchema,
  meterVerifySchema,
  providerAirtimeSchema,
  providerDataSchema,
  providerTvSchema,
  providerUtilitySchema,
  smartcardVerifySchema,
  supplierDataSchema,
} from '@owo/shared/schemas/purchases';
import type { MeterVerifyReply, SmartcardVerifyReply } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { CatalogueService } from '../catalogue/service';
import type { PlanRow } from '../catalogue/repository';
import type { OrderContext, OrderDraft, PlaceOrder } from './order-flow';

type In<T extends z.ZodType> = z.output<T>;
type Ctx = Omit<OrderContext, 'pin'>;

/** A client-sent price for a fixed-price plan is checked, never used. */
function assertPrice(plan: PlanRow, amountKobo: number | undefined) {
  if (amountKobo !== undefined && amountKobo !== plan.sellingKobo) {
    throw new AppError('AMOUNT_MISMATCH');
  }
}

function networkOf(id: number, message: string): NetworkName {
  const network = networkById(id);
  if (!network) throw new AppError('VALIDATION_FAILED', { message });
  return network;
}

/**
 * The purchase endpoints of both families (spec §7). Each turns its body into an OrderDraft
 * priced from our catalogue and hands it to the one order flow.
 */
export function createPurchaseService(
  { providers }: AppDeps,
  catalogue: CatalogueService,
  placeOrder: PlaceOrder,
) {
  const order = (ctx: Ctx, pin: string, draft: () => Promise<OrderDraft>) =>
    placeOrder({ ...ctx, pin }, draft);

  /**
   * The customer's name on the meter or card, checked before any money moves: a number the
   * supplier says does not exist is refused (400, nothing reserved). When verification itself is
   * down the purchase goes ahead without a name; the pay call is the final word.
   */
  async function meterCustomer(
    serviceID: string,
    billersCode: string,
    type: 'prepaid' | 'postpaid',
  ) {
    const result = await providers.vtpass.verifyMeter({ serviceID, billersCode, type });
    if (result.ok) return result.info.customerName || undefined;
    if (result.reason === 'invalid') throw new AppError('METER_NOT_FOUND');
    return undefined;
  }
  async function cardCustomer(serviceID: string, billersCode: string) {
    const result = await providers.vtpass.verifySmartcard({ serviceID, billersCode });
    if (result.ok) return result.info.customerName || undefined;
    if (result.reason === 'invalid') throw new AppError('CARD_NOT_FOUND');
    return undefined;
  }

  const dataDraft = (plan: PlanRow, phone: string, request: OrderDraft['request']): OrderDraft => {
    const network = (networkById(plan.networkId ?? 0) ??
      networkForVtpassService(plan.service) ??
      plan.service) as string;
    return {
      product: 'data',
      service: 'data',
      serviceType: 'data',
      description: `${network} Data ${plan.size || plan.name}`.trim(),
      metadata: {
        network,
        plan: {
          size: plan.size || plan.name,
          name: plan.name,
          validity: plan.validity,
          planType: plan.planType,
        },
        mobile_number: phone,
        phone,
        supplier: plan.supplier,
      },
      sellingKobo: plan.sellingKobo,
      costKobo: plan.costKobo,
      request,
    };
  };

  return {
    // ------------------------------------------------------------ in-house family
    inhouseAirtime: (ctx: Ctx, b: In<typeof inhouseAirtimeSchema>) =>
      order(ctx, b.transactionPin, async () => {
        const network = networkOf(b.network, messages.selectNetworkAirtime);
        return {
          product: 'airtime',
          service: 'airtime',
          serviceType: 'airtime',
          description: `${network} Airtime`,
          metadata: {
            network,
            mobile_number: b.mobile_number,
            phone: b.mobile_number,
            supplier: 'datastation',
          },
          sellingKobo: b.amount,
          costKobo: b.amount,
          request: {
            kind: 'datastation-topup',
            networkId: b.network,
            phone: b.mobile_number,
            amountKobo: b.amount,
          },
        };
      }),

    inhouseData: (ctx: Ctx, b: In<typeof inhouseDataSchema>) =>
      order(ctx, b.transactionPin, async () => {
        networkOf(b.network, messages.selectNetworkData);
        const plan = await catalogue.planForPurchase(
          { supplier: 'datastation', category: 'data' },
          String(b.plan),
        );
        if (plan.networkId !== b.network) throw new AppError('PLAN_NOT_FOUND');
        assertPrice(plan, b.amount);
        return dataDraft(plan, b.mobile_number, {
          kind: 'datastation-data',
          networkId: b.network,
          phone: b.mobile_number,
          dataId: Number(plan.externalId),
        });
      }),

    supplierData: (ctx: Ctx, supplier: string, b: In<typeof supplierDataSchema>) =>
      order(ctx, b.transactionPin, async () => {
        if (supplier !== 'ogdams' && supplier !== 'datastation') throw new AppError('NOT_FOUND');
        const plan = await catalogue.planForPurchase({ supplier, category: 'data' }, b.planId);
        assertPrice(plan, b.amount);
        const network = plan.service as NetworkName;
        return dataDraft(
          plan,
          b.phoneNumber,
          supplier === 'ogdams'
            ? {
                kind: 'ogdams-data',
                networkId: OGDAMS_NETWORK_IDS[network],
                planId: plan.externalId,
                phone: b.phoneNumber,
              }
            : {
                kind: 'datastation-data',
                networkId: NETWORK_IDS[network],
                phone: b.phoneNumber,
                dataId: Number(plan.externalId),
              },
        );
      }),

    inhouseCable: (ctx: Ctx, b: In<typeof inhouseCableSchema>) =>
      order(ctx, b.transactionPin, async () => {
        const cable = cableByName(b.cablename);
        if (!cable) throw new AppError('VALIDATION_FAILED', { message: messages.selectCablePlan });
        const plan = await catalogue.planForPurchase(
          { supplier: 'datastation', category: 'cable', service: cable.cablename },
          String(b.cableplan),
        );
        assertPrice(plan, b.amount);
        const customerName = await cardCustomer(cable.serviceID, b.smart_card_number);
        return {
          product: 'cable',
          service: 'cable-tv',
          serviceType: 'cable',
          description: `${cable.cablename} ${plan.name}`,
          metadata: {
            customerName,
            cablename: cable.cablename,
            package: plan.name,
            smart_card_number: b.smart_card_number,
            supplier: 'datastation',
          },
          sellingKobo: plan.sellingKobo,
          costKobo: plan.costKobo,
          request: {
            kind: 'datastation-cable',
            cableId: cable.cableId,
            cablePlanId: Number(plan.externalId),
            smartCardNumber: b.smart_card_number,
          },
        };
      }),

    inhouseUtility: (ctx: Ctx, b: In<typeof inhouseUtilitySchema>) =>
      order(ctx, b.transactionPin, async () => {
        const disco = discoById(b.disco_name);
        if (!disco) throw new AppError('VALIDATION_FAILED', { message: messages.selectProvider });
        const customerName = await meterCustomer(disco.serviceID, b.meter_number, b.meterType);
        return {
          product: 'electricity',
          service: 'utility',
          serviceType: 'electricity',
          description: disco.name,
          metadata: {
            customerName,
            disco: disco.name,
            meter_number: b.meter_number,
            meterType: b.meterType,
            supplier: 'datastation',
          },
          sellingKobo: b.amount,
          costKobo: b.amount,
          request: {
            kind: 'datastation-bill',
            discoId: disco.discoId,
            amountKobo: b.amount,
            meterNumber: b.meter_number,
            meterType: b.meterType,
          },
        };
      }),

    // ------------------------------------------------------------ provider family (VTpass)
    providerData: (ctx: Ctx, b: In<typeof providerDataSchema>) =>
      order(ctx, b.transactionPin, async () => {
        const plan = await catalogue.planForPurchase(
          { supplier: 'vtpass', category: 'data', service: b.serviceID },
          b.variation_code,
        );
        assertPrice(plan, b.amount);
        return dataDraft(plan, b.phone, {
          kind: 'vtpass',
          serviceID: b.serviceID,
          amountKobo: plan.costKobo,
          phone: b.phone,
          billersCode: b.phone,
          variationCode: plan.externalId,
        });
      }),

    /** VTpass first; on a definite failure the in-house VTU route, same reservation (§4). */
    providerAirtime: (ctx: Ctx, b: In<typeof providerAirtimeSchema>) =>
      order(ctx, b.transactionPin, async () => {
        const network = networkForVtpassService(b.serviceID);
        if (!network || VTPASS_AIRTIME_SERVICE[network] !== b.serviceID) {
          throw new AppError('VALIDATION_FAILED', { message: messages.selectNetworkAirtime });
        }
        return {
          product: 'airtime',
          service: 'airtime',
          serviceType: 'airtime',
          description: `${network} Airtime`,
          metadata: { network, mobile_number: b.phone, phone: b.phone, supplier: 'vtpass' },
          sellingKobo: b.amount,
          costKobo: b.amount,
          request: { kind: 'vtpass', serviceID: b.serviceID, amountKobo: b.amount, phone: b.phone },
          fallback: {
            request: {
              kind: 'datastation-topup',
              networkId: NETWORK_IDS[network],
              phone: b.phone,
              amountKobo: b.amount,
            },
            costKobo: b.amount,
          },
        };
      }),

    providerTv: (ctx: Ctx, b: In<typeof providerTvSchema>) =>
      order(ctx, b.transactionPin, async () => {
        const plan = await catalogue.planForPurchase(
          { supplier: 'vtpass', category: 'cable', service: b.serviceID },
          b.variation_code,
        );
        assertPrice(plan, b.amount);
        const customerName = await cardCustomer(b.serviceID, b.billersCode);
        return {
          product: 'cable',
          service: 'cable-tv',
          serviceType: 'cable',
          description: plan.name,
          metadata: {
            customerName,
            cablename: b.serviceID.toUpperCase(),
            package: plan.name,
            smart_card_number: b.billersCode,
            phone: b.phone,
            supplier: 'vtpass',
          },
          sellingKobo: plan.sellingKobo,
          costKobo: plan.costKobo,
          request: {
            kind: 'vtpass',
            serviceID: b.serviceID,
            amountKobo: plan.costKobo,
            phone: b.phone,
            billersCode: b.billersCode,
            variationCode: plan.externalId,
          },
        };
      }),

    providerUtility: (ctx: Ctx, b: In<typeof providerUtilitySchema>) =>
      order(ctx, b.transactionPin, async () => {
        const disco = discoByServiceId(b.serviceID);
        if (!disco) throw new AppError('VALIDATION_FAILED', { message: messages.selectProvider });
        const customerName = await meterCustomer(disco.serviceID, b.billersCode, b.variation_code);
        return {
          product: 'electricity',
          service: 'utility',
          serviceType: 'electricity',
          description: disco.name,
          metadata: {
            customerName,
            disco: disco.name,
            meter_number: b.billersCode,
            meterType: b.variation_code,
            phone: b.phone,
            supplier: 'vtpass',
          },
          sellingKobo: b.amount,
          costKobo: b.amount,
          request: {
            kind: 'vtpass',
            serviceID: disco.serviceID,
            amountKobo: b.amount,
            phone: b.phone,
            billersCode: b.billersCode,
            variationCode: b.variation_code,
          },
        };
      }),

    async verifyMeter(b: In<typeof meterVerifySchema>): Promise<MeterVerifyReply> {
      if (!discoByServiceId(b.serviceID)) {
        throw new AppError('VALIDATION_FAILED', { message: messages.selectProvider });
      }
      const result = await providers.vtpass.verifyMeter({
        serviceID: b.serviceID,
        billersCode: b.billersCode,
        type: b.type,
      });
      if (!result.ok) {
        throw new AppError(
          result.reason === 'invalid' ? 'METER_NOT_FOUND' : 'VERIFICATION_UNAVAILABLE',
        );
      }
      const info = result.info;
      return {
        success: true,
        message: messages.meterVerified,
        data: {
          Customer_Name: info.customerName,
          Address: info.address,
          Meter_Number: info.meterNumber,
          Meter_Type: info.meterType,
          Minimum_Amount:
            info.minimumAmountKobo === null ? null : koboToNaira(info.minimumAmountKobo),
        },
      };
    },

    async verifySmartcard(b: In<typeof smartcardVerifySchema>): Promise<SmartcardVerifyReply> {
      const result = await providers.vtpass.verifySmartcard({
        serviceID: b.serviceID,
        billersCode: b.billersCode,
      });
      if (!result.ok) {
        throw new AppError(
          result.reason === 'invalid' ? 'CARD_NOT_FOUND' : 'VERIFICATION_UNAVAILABLE',
        );
      }
      const info = result.info;
      return {
        success: true,
        message: messages.cardVerified,
        data: {
          Customer_Name: info.customerName,
          Status: info.status,
          Due_Date: info.dueDate,
          Current_Bouquet: info.currentBouquet,
          Renewal_Amount:
            info.renewalAmountKobo === null ? null : koboToNaira(info.renewalAmountKobo),
        },
      };
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
