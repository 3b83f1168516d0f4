import type { z } from 'zod';
import {
  AIRTIME_MAX_NAIRA,
  AIRTIME_MIN_NAIRA,
  ELECTRICITY_MAX_NAIRA,
  ELECTRICITY_MIN_NAIRA,
} from '@owo/shared/constants';
import type { PurchaseReply, TransactionDto, TransactionMetadata } from '@owo/shared/api-types';
import { koboToNaira } from '@owo/shared/money';
import { NETWORK_NAMES, VTPASS_AIRTIME_SERVICE, VTPASS_TV_SERVICES } from '@owo/shared/networks';
import type {
  publicAirtimeSchema,
  publicBettingSchema,
  publicCableSchema,
  publicDataSchema,
  publicElectricitySchema,
} from '@owo/shared/schemas/public-api';
import type { publicOrderSchema } from '@owo/shared/replies/public-api';
import type { AppDeps } from '../../deps';
import { AppError, type errorBody } from '../../errors';
import { ledgerRepository } from '../../ledger/repository';
import type { BettingService } from '../betting/service';
import type { CatalogueService } from '../catalogue/service';
import type { OrderContext } from '../purchases/order-flow';
import type { StoredReply } from '../purchases/replies';
import type { PurchaseService } from '../purchases/service';
import { toTransactionDto } from '../transactions/dto';
import { publicApiRepository } from './repository';

type In<T extends z.core.$ZodType> = z.output<T>;
type PublicOrder = z.output<typeof publicOrderSchema>;
type ErrorBody = ReturnType<typeof errorBody>;

/** The caller of a reseller route: the key (from the guard) and the body as sent. */
export interface ApiCaller {
  keyId: string;
  userId: string;
  /** The route's name in the idempotency hash (`/v1/purchases/airtime`). */
  route: string;
  sentBody: unknown;
  /** The key owner's price tier, as the guard read it. */
  priceTier: string;
}

/**
 * The app's services take the PIN in the body; an API order carries its key instead
 * (OrderContext.apiKey), and the order flow never reads the PIN then (decision 0087).
 */
const NO_PIN = '';

/** The data plans' `planId`: the catalogue's source and that source's plan id. */
const DATA_SOURCES = ['datastation', 'ogdams'] as const;

/** The product, recipient, token and units of an order, as the reply and the requery show them. */
function orderOf(
  dto: TransactionDto,
  clientReference: string | null,
  reversed: boolean,
): PublicOrder {
  const metadata = dto.metadata as TransactionMetadata & { rechargeAccount?: string };
  const recipient =
    metadata.meter_number ??
    metadata.smart_card_number ??
    metadata.rechargeAccount ??
    metadata.phone ??
    metadata.mobile_number;
  return {
    reference: dto.reference,
    clientReference,
    status: reversed ? 'reversed' : dto.status,
    product: dto.serviceType,
    description: dto.description,
    amount: dto.amount,
    currency: 'NGN',
    ...(recipient ? { recipient } : {}),
    ...(metadata.token ? { token: metadata.token } : {}),
    ...(metadata.units ? { units: metadata.units } : {}),
    createdAt: dto.createdAt,
  };
}

/**
 * The reseller API (decisions 0087, 0088): the app's own services behind a key. Purchases go
 * through the app's order flow with the key in place of the PIN and the reseller's reference as
 * the idempotency key (scoped to the key); replies are the app's, reshaped for resellers.
 */
export function createPublicApiService(
  { database }: AppDeps,
  purchases: PurchaseService,
  betting: BettingService,
  catalogue: CatalogueService,
) {
  const contextOf = (caller: ApiCaller, reference: string): Omit<OrderContext, 'pin'> => ({
    userId: caller.userId,
    route: caller.route,
    body: caller.sentBody,
    idempotencyKey: `api:${caller.keyId}:${reference}`,
    priceTier: caller.priceTier,
    apiKey: { id: caller.keyId, reference },
  });

  /**
   * A purchase's stored reply (the first one, on a retry) in the reseller's shape. A refused
   * order's 422 carries the order (read by the reseller's reference, this key's), so the reseller
   * sees both references and the failed status in the reply itself.
   */
  async function reshaped(
    caller: ApiCaller,
    reply: StoredReply,
    reference: string,
  ): Promise<StoredReply> {
    const body = reply.body as PurchaseReply | ErrorBody;
    if (reply.status === 422 && !body.success && body.code === 'PURCHASE_FAILED') {
      const found = await publicApiRepository.findOrder(
        database.db,
        caller.userId,
        caller.keyId,
        reference,
      );
      if (!found) return reply;
      const order = orderOf(toTransactionDto(found.row), found.clientReference, found.reversed);
      return { status: 422, body: { ...body, data: { message: body.message, order } } };
    }
    if (!body.success || (reply.status !== 200 && reply.status !== 202)) return reply;
    const order = orderOf(body.data, reference, false);
    return { status: reply.status, body: { success: true, message: body.message, data: order } };
  }

  return {
    async balance(userId: string) {
      const wallet = await ledgerRepository.walletOf(database.db, userId);
      return {
        success: true as const,
        message: 'Wallet balance',
        data: { balance: koboToNaira(wallet?.balanceKobo ?? 0), currency: 'NGN' as const },
      };
    },

    /**
     * Everything a reseller can buy, at the prices this reseller pays (their price tier, as in the
     * app); the supplier's cost never leaves.
     */
    async catalogue(userId: string) {
      const [data, discos, billers, ...tv] = await Promise.all([
        catalogue.dataPlans(userId),
        catalogue.utilityProviders(),
        betting.billers(),
        ...VTPASS_TV_SERVICES.map((s) => catalogue.providerVariations(userId, 'cable', s)),
      ]);
      const bettingList = await Promise.all(
        billers.data.map(async (b) => ({
          billerId: b.billerId,
          billerName: b.billerName,
          items: (await betting.items(b.billerId)).data,
        })),
      );
      return {
        success: true as const,
        message: 'Catalogue',
        data: {
          airtime: {
            networks: [...NETWORK_NAMES],
            minAmount: AIRTIME_MIN_NAIRA,
            maxAmount: AIRTIME_MAX_NAIRA,
          },
          data: data.data.map((p) => ({
            planId: `${p.source}:${p.data_id}`,
            name: `${p.network} ${p.size}`,
            network: p.network,
            size: p.size,
            validity: p.validity,
            price: p.sellingPrice,
            available: p.isAvailable,
          })),
          cable: tv.flatMap((list) =>
            list.data.map((v) => ({
              planId: v.variation_code,
              provider: v.serviceID,
              name: v.name,
              price: v.sellingPrice,
              available: v.isAvailable,
            })),
          ),
          electricity: {
            discos: discos.data.map((d) => ({ disco: d.serviceID, name: d.name })),
            minAmount: ELECTRICITY_MIN_NAIRA,
            maxAmount: ELECTRICITY_MAX_NAIRA,
            discountPercentage: discos.discountPercentage,
          },
          betting: bettingList,
        },
      };
    },

    /** An order of the key's user by our reference or the reseller's; 404 for anything else. */
    async requery(userId: string, keyId: string, reference: string) {
      const found = await publicApiRepository.findOrder(database.db, userId, keyId, reference);
      if (!found) throw new AppError('NOT_FOUND');
      return {
        success: true as const,
        message: 'Order',
        data: orderOf(toTransactionDto(found.row), found.clientReference, found.reversed),
      };
    },

    async airtime(caller: ApiCaller, b: In<typeof publicAirtimeSchema>) {
      const reply = await purchases.providerAirtime(contextOf(caller, b.reference), {
        serviceID: VTPASS_AIRTIME_SERVICE[b.network],
        phone: b.phone,
        amount: b.amount,
        transactionPin: NO_PIN,
      });
      return reshaped(caller, reply, b.reference);
    },

    async data(caller: ApiCaller, b: In<typeof publicDataSchema>) {
      const split = b.planId.indexOf(':');
      const source = b.planId.slice(0, split);
      const planId = b.planId.slice(split + 1);
      if (split < 0 || !(DATA_SOURCES as readonly string[]).includes(source) || !planId) {
        throw new AppError('PLAN_NOT_FOUND');
      }
      const reply = await purchases.supplierData(contextOf(caller, b.reference), source, {
        phoneNumber: b.phone,
        planId,
        amount: b.amount,
        transactionPin: NO_PIN,
      });
      return reshaped(caller, reply, b.reference);
    },

    async electricity(caller: ApiCaller, b: In<typeof publicElectricitySchema>) {
      const reply = await purchases.providerUtility(contextOf(caller, b.reference), {
        serviceID: b.disco,
        phone: b.phone,
        billersCode: b.meterNumber,
        amount: b.amount,
        variation_code: b.meterType,
        transactionPin: NO_PIN,
      });
      return reshaped(caller, reply, b.reference);
    },

    async cable(caller: ApiCaller, b: In<typeof publicCableSchema>) {
      const reply = await purchases.providerTv(contextOf(caller, b.reference), {
        serviceID: b.provider,
        variation_code: b.planId,
        phone: b.phone,
        billersCode: b.smartcard,
        amount: b.amount,
        transactionPin: NO_PIN,
      });
      return reshaped(caller, reply, b.reference);
    },

    async betting(caller: ApiCaller, b: In<typeof publicBettingSchema>) {
      const reply = await betting.purchase(contextOf(caller, b.reference), {
        billerId: b.billerId,
        itemId: b.itemId,
        rechargeAccount: b.customerId,
        amount: b.amount,
        transactionPin: NO_PIN,
      });
      return reshaped(caller, reply, b.reference);
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
