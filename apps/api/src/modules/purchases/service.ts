import type { z } from 'zod';
import { cableByName, discoById, discoByServiceId, type Disco } from '@owo/shared/billers';
import { messages } from '@owo/shared/messages';
import { formatSize } from '@owo/shared/plan-groups';
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
  providerAirtimeSchema,
  providerDataSchema,
  providerTvSchema,
  providerUtilitySchema,
  supplierDataSchema,
} from '@owo/shared/schemas/purchases';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { CatalogueService } from '../catalogue/service';
import type { PlanRow } from '../catalogue/repository';
import { checkPrice, type OrderContext, type OrderDraft, type PlaceOrder } from './order-flow';
import { createVerification } from './verification';
import { createLookupGuard } from '../lookups/limits';
import { airtimeRequest, supplierOf, type SupplierRequest } from './supplier-calls';
import { routeFor } from '../suppliers/routing';
import { tvWire } from './tv-subscription';
import { discountMetadata, electricityPrice } from '../settings/utility-discount';
import type { TierPricing } from '../price-tiers/tier-price';

type In<T extends z.core.$ZodType> = z.output<T>;
type Ctx = Omit<OrderContext, 'pin'>;

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
  { providers, database, clock, config }: AppDeps,
  catalogue: CatalogueService,
  placeOrder: PlaceOrder,
) {
  const verification = createVerification(providers, createLookupGuard({ database, clock }));
  const order = (ctx: Ctx, pin: string, draft: (tier: TierPricing) => Promise<OrderDraft>) =>
    placeOrder({ ...ctx, pin }, draft);

  /** The plan at the price this customer pays: their tier's (decision 0090). */
  const atTier = (plan: PlanRow, tier: TierPricing): PlanRow => ({
    ...plan,
    sellingKobo: tier.price(plan.category, plan.sellingKobo, plan.costKobo),
  });

  /** The plan a purchase names, at the customer's price; a client-sent amount must match it. */
  const pricedPlan = async (
    key: Parameters<CatalogueService['planForPurchase']>[0],
    externalId: string,
    clientAmountKobo: number | undefined,
    tier: TierPricing,
  ): Promise<PlanRow> => {
    const plan = atTier(await catalogue.planForPurchase(key, externalId), tier);
    checkPrice(plan.sellingKobo, clientAmountKobo);
    return plan;
  };

  /** Airtime sells at face value, which is also its cost: no tier takes it lower. */
  const airtimeDraft = (
    network: NetworkName,
    phone: string,
    amountKobo: number,
    request: SupplierRequest,
    tier: TierPricing,
    fallbacks?: OrderDraft['fallbacks'],
  ): OrderDraft => ({
    product: 'airtime',
    service: 'airtime',
    serviceType: 'airtime',
    description: `${network} Airtime`,
    metadata: { network, mobile_number: phone, phone, supplier: supplierOf(request) },
    sellingKobo: tier.price('airtime', amountKobo, amountKobo),
    costKobo: amountKobo,
    request,
    fallbacks,
  });

  const dataDraft = (plan: PlanRow, phone: string, request: OrderDraft['request']): OrderDraft => {
    const network = (networkById(plan.networkId ?? 0) ??
      networkForVtpassService(plan.service) ??
      plan.service) as string;
    return {
      product: 'data',
      service: 'data',
      serviceType: 'data',
      // The size as the plan card prints it ("1GB", not the supplier's "1.0GB").
      description: `${network} Data ${plan.size ? formatSize(plan.size) : plan.name}`.trim(),
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

  /**
   * Electricity: the supplier gets the face value; the customer pays it minus the admin's
   * utility discount (read once per order). The meter is verified first (its owner's name is kept).
   */
  const electricityDraft = async (
    disco: Disco,
    input: { meter: string; meterType: 'prepaid' | 'postpaid'; amountKobo: number; phone?: string },
    request: SupplierRequest,
    tier: TierPricing,
  ): Promise<OrderDraft> => {
    const price = await electricityPrice(database.db, input.amountKobo);
    return {
      product: 'electricity',
      service: 'utility',
      serviceType: 'electricity',
      description: disco.name,
      metadata: {
        customerName: await verification.meterCustomer(
          disco.serviceID,
          input.meter,
          input.meterType,
        ),
        disco: disco.name,
        meter_number: input.meter,
        meterType: input.meterType,
        phone: input.phone,
        supplier: supplierOf(request),
        ...discountMetadata(price),
      },
      // Below cost already under the utility discount: the tier leaves it (tier-price.ts).
      sellingKobo: tier.price('electricity', price.sellingKobo, price.costKobo),
      costKobo: price.costKobo,
      request,
    };
  };

  /**
   * A bouquet at our price, for a card verified by the caller (its owner's name is kept). The cost
   * is the plan's unless the supplier charges otherwise (a VTpass renewal).
   */
  const cableDraft = (
    plan: PlanRow,
    input: {
      cablename: string;
      card: string;
      customerName: string | undefined;
      phone?: string;
      costKobo?: number;
    },
    request: SupplierRequest,
  ): OrderDraft => ({
    product: 'cable',
    service: 'cable-tv',
    serviceType: 'cable',
    description: plan.name.toUpperCase().startsWith(input.cablename)
      ? plan.name
      : `${input.cablename} ${plan.name}`,
    metadata: {
      customerName: input.customerName,
      cablename: input.cablename,
      package: plan.name,
      smart_card_number: input.card,
      phone: input.phone,
      supplier: supplierOf(request),
      ...(request.kind === 'vtpass' && request.subscriptionType
        ? { subscriptionType: request.subscriptionType }
        : {}),
    },
    sellingKobo: plan.sellingKobo,
    costKobo: input.costKobo ?? plan.costKobo,
    request,
  });

  return {
    // ------------------------------------------------------------ in-house family
    inhouseAirtime: (ctx: Ctx, b: In<typeof inhouseAirtimeSchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        const network = networkOf(b.network, messages.selectNetworkAirtime);
        return airtimeDraft(
          network,
          b.mobile_number,
          b.amount,
          {
            kind: 'datastation-topup',
            networkId: b.network,
            phone: b.mobile_number,
            amountKobo: b.amount,
          },
          tier,
        );
      }),

    inhouseData: (ctx: Ctx, b: In<typeof inhouseDataSchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        networkOf(b.network, messages.selectNetworkData);
        const plan = atTier(
          await catalogue.planForPurchase(
            { supplier: 'datastation', category: 'data' },
            String(b.plan),
          ),
          tier,
        );
        if (plan.networkId !== b.network) throw new AppError('PLAN_NOT_FOUND');
        checkPrice(plan.sellingKobo, b.amount);
        return dataDraft(plan, b.mobile_number, {
          kind: 'datastation-data',
          networkId: b.network,
          phone: b.mobile_number,
          dataId: Number(plan.externalId),
        });
      }),

    supplierData: (ctx: Ctx, supplier: string, b: In<typeof supplierDataSchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        if (supplier !== 'ogdams' && supplier !== 'datastation') throw new AppError('NOT_FOUND');
        const plan = await pricedPlan({ supplier, category: 'data' }, b.planId, b.amount, tier);
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
      order(ctx, b.transactionPin, async (tier) => {
        const cable = cableByName(b.cablename);
        if (!cable) throw new AppError('VALIDATION_FAILED', { message: messages.selectCablePlan });
        const plan = await pricedPlan(
          { supplier: 'datastation', category: 'cable', service: cable.cablename },
          String(b.cableplan),
          b.amount,
          tier,
        );
        return cableDraft(
          plan,
          {
            cablename: cable.cablename,
            card: b.smart_card_number,
            customerName: await verification.cardCustomer(cable.serviceID, b.smart_card_number),
          },
          {
            kind: 'datastation-cable',
            cableId: cable.cableId,
            cablePlanId: Number(plan.externalId),
            smartCardNumber: b.smart_card_number,
          },
        );
      }),

    inhouseUtility: (ctx: Ctx, b: In<typeof inhouseUtilitySchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        const disco = discoById(b.disco_name);
        if (!disco) throw new AppError('VALIDATION_FAILED', { message: messages.selectProvider });
        return electricityDraft(
          disco,
          { meter: b.meter_number, meterType: b.meterType, amountKobo: b.amount },
          {
            kind: 'datastation-bill',
            discoId: disco.discoId,
            amountKobo: b.amount,
            meterNumber: b.meter_number,
            meterType: b.meterType,
          },
          tier,
        );
      }),

    // ------------------------------------------------------------ provider family (VTpass)
    providerData: (ctx: Ctx, b: In<typeof providerDataSchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        const plan = await pricedPlan(
          { supplier: 'vtpass', category: 'data', service: b.serviceID },
          b.variation_code,
          b.amount,
          tier,
        );
        return dataDraft(plan, b.phone, {
          kind: 'vtpass',
          serviceID: b.serviceID,
          amountKobo: plan.costKobo,
          phone: b.phone,
          billersCode: b.phone,
          variationCode: plan.externalId,
        });
      }),

    /**
     * The suppliers of the routing table for this network, in order (by default VTpass, then the
     * in-house VTU route, as §4 says); each next one only on a definite failure, same reservation.
     */
    providerAirtime: (ctx: Ctx, b: In<typeof providerAirtimeSchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        const network = networkForVtpassService(b.serviceID);
        if (!network || VTPASS_AIRTIME_SERVICE[network] !== b.serviceID) {
          throw new AppError('VALIDATION_FAILED', { message: messages.selectNetworkAirtime });
        }
        const route = await routeFor(database.db, 'airtime', network, {
          live: config.liveProviders !== undefined,
        });
        const [first, ...rest] = route.map((supplier) =>
          airtimeRequest(supplier, network, b.phone, b.amount),
        );
        return airtimeDraft(
          network,
          b.phone,
          b.amount,
          first!,
          tier,
          rest.map((request) => ({ request, costKobo: b.amount })),
        );
      }),

    providerTv: (ctx: Ctx, b: In<typeof providerTvSchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        const plan = await pricedPlan(
          { supplier: 'vtpass', category: 'cable', service: b.serviceID },
          b.variation_code,
          b.amount,
          tier,
        );
        // DStv / GOtv: renew or change by what merchant-verify says is on the card (decision 0017).
        const card = await verification.cardInfo(b.serviceID, b.billersCode);
        const { costKobo, ...wire } = tvWire(b.serviceID, plan, card);
        return cableDraft(
          plan,
          {
            cablename: b.serviceID.toUpperCase(),
            card: b.billersCode,
            customerName: card?.customerName || undefined,
            phone: b.phone,
            costKobo,
          },
          {
            kind: 'vtpass',
            serviceID: b.serviceID,
            amountKobo: costKobo,
            phone: b.phone,
            billersCode: b.billersCode,
            ...wire,
          },
        );
      }),

    providerUtility: (ctx: Ctx, b: In<typeof providerUtilitySchema>) =>
      order(ctx, b.transactionPin, async (tier) => {
        const disco = discoByServiceId(b.serviceID);
        if (!disco) throw new AppError('VALIDATION_FAILED', { message: messages.selectProvider });
        return electricityDraft(
          disco,
          {
            meter: b.billersCode,
            meterType: b.variation_code,
            amountKobo: b.amount,
            phone: b.phone,
          },
          {
            kind: 'vtpass',
            serviceID: disco.serviceID,
            amountKobo: b.amount,
            phone: b.phone,
            billersCode: b.billersCode,
            variationCode: b.variation_code,
          },
          tier,
        );
      }),

    verifyMeter: verification.verifyMeter,
    verifySmartcard: verification.verifySmartcard,
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
