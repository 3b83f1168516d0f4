import type { z } from 'zod';
import type { SafeHavenServiceCategory, SafeHavenServiceIdentifier } from '@owo/providers/types';
import type {
  ListReply,
  ServiceCategoryDto,
  ServiceProductDto,
  ServicesVerifyReply,
} from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { koboToNaira } from '@owo/shared/money';
import type {
  servicesAirtimeSchema,
  servicesCableSchema,
  servicesDataSchema,
  servicesUtilitySchema,
  servicesVerifySchema,
} from '@owo/shared/schemas/services-pay';
import type { AppDeps } from '../../deps';
import { AppError, type ErrorCode } from '../../errors';
import {
  checkPrice,
  type OrderContext,
  type OrderDraft,
  type PlaceOrder,
} from '../purchases/order-flow';
import type { StoredReply } from '../purchases/replies';
import { createServicesCatalogue } from './catalogue';
import { discountMetadata, electricityPrice } from '../settings/utility-discount';
import { createLookupGuard } from '../lookups/limits';

type In<T extends z.core.$ZodType> = z.output<T>;
type Ctx = Omit<OrderContext, 'pin'>;

/** Safe Haven calls 9mobile by its old name. */
const networkName = (category: SafeHavenServiceCategory) =>
  category.identifier.toUpperCase() === 'ETISALAT' ? '9MOBILE' : category.identifier.toUpperCase();

/**
 * The alternative service-category family (spec §7 services/verify, services/pay/*) through Safe
 * Haven's VAS API, under the same order flow as every purchase: PIN, shutdown switch, daily
 * limit, idempotency, reserve → pay outside any transaction → settle, requery when unclear, refund
 * only on a confirmed failure. Prices come from the server: airtime and electricity at face value
 * within our limits, data bundles and cable packages at Safe Haven's list price. The client's
 * channel, debitAccountNumber and statusUrl are ignored (docs/decisions/0011).
 */
export function createServicesPayService(deps: AppDeps, placeOrder: PlaceOrder) {
  const { providers, clock } = deps;
  const catalogue = createServicesCatalogue(providers, clock);
  const lookups = createLookupGuard(deps);
  // Every price here is what Safe Haven charges us (selling = cost): a price tier, which never
  // goes below cost, leaves it as it is (decision 0090), so the drafts do not ask for the tier.
  const order = (ctx: Ctx, pin: string, draft: () => Promise<OrderDraft>) =>
    placeOrder({ ...ctx, pin }, draft);

  /**
   * The customer behind a meter or card, checked before any money moves: a number Safe Haven
   * says is wrong is refused; when verification itself is down the payment goes ahead without a
   * name (the pay call is the final word), as the other purchase families do.
   */
  async function customerName(
    serviceCategoryId: string,
    entityNumber: string,
    notFound: ErrorCode,
  ): Promise<string | undefined> {
    const result = await providers.safehaven
      .verifyEntity({ serviceCategoryId, entityNumber })
      .catch(() => undefined);
    if (!result) return undefined;
    if (result.ok) return result.info.customerName || undefined;
    if (result.reason === 'invalid') throw new AppError(notFound);
    return undefined;
  }

  return {
    async categories(service: SafeHavenServiceIdentifier): Promise<ListReply<ServiceCategoryDto>> {
      const list = await catalogue.categories(service);
      return {
        success: true,
        message: messages.catalogueFetched,
        data: list.map((c) => ({
          serviceCategoryId: c.serviceCategoryId,
          identifier: c.identifier,
          name: c.name,
          description: c.description,
          isFixedAmount: c.isFixedAmount,
        })),
      };
    },

    /** Bundles or packages of a data or cable-TV category (404 for any other id). */
    async products(serviceCategoryId: string): Promise<ListReply<ServiceProductDto>> {
      const owners = await Promise.all([
        catalogue.categories('DATA'),
        catalogue.categories('CABLETV'),
      ]);
      if (!owners.flat().some((c) => c.serviceCategoryId === serviceCategoryId)) {
        throw new AppError('NOT_FOUND');
      }
      const list = await catalogue.products(serviceCategoryId);
      return {
        success: true,
        message: messages.catalogueFetched,
        data: list.map((p) => ({
          bundleCode: p.bundleCode,
          name: p.name,
          amount: p.amountKobo === null ? null : koboToNaira(p.amountKobo),
          duration: p.duration,
          isAmountFixed: p.isAmountFixed,
        })),
      };
    },

    /** A meter's or card's holder: a third party's name from a Safe Haven call, so budgeted. */
    async verify(userId: string, b: In<typeof servicesVerifySchema>): Promise<ServicesVerifyReply> {
      await catalogue.anyCategory(b.serviceCategoryId);
      await lookups.take('servicesVerify', userId);
      const result = await providers.safehaven
        .verifyEntity({ serviceCategoryId: b.serviceCategoryId, entityNumber: b.entityNumber })
        .catch((error: unknown) => {
          throw new AppError('SERVICES_UNAVAILABLE', { cause: error });
        });
      if (!result.ok) {
        throw new AppError(
          result.reason === 'invalid' ? 'ENTITY_NOT_FOUND' : 'SERVICES_UNAVAILABLE',
        );
      }
      return {
        success: true,
        message: messages.entityVerified,
        data: {
          ...result.info.details,
          customerName: result.info.customerName,
          entityNumber: result.info.entityNumber || b.entityNumber,
          serviceCategoryId: b.serviceCategoryId,
        },
      };
    },

    airtime: (ctx: Ctx, b: In<typeof servicesAirtimeSchema>): Promise<StoredReply> =>
      order(ctx, b.transactionPin, async () => {
        const category = await catalogue.category('AIRTIME', b.serviceCategoryId);
        const network = networkName(category);
        return {
          product: 'airtime',
          service: 'airtime',
          serviceType: 'airtime',
          description: `${network} Airtime`,
          metadata: {
            network,
            mobile_number: b.phoneNumber,
            phone: b.phoneNumber,
            supplier: 'safehaven',
          },
          sellingKobo: b.amount,
          costKobo: b.amount,
          request: {
            kind: 'safehaven-pay',
            payKind: 'airtime',
            serviceCategoryId: category.serviceCategoryId,
            amountKobo: b.amount,
            phoneNumber: b.phoneNumber,
          },
        };
      }),

    data: (ctx: Ctx, b: In<typeof servicesDataSchema>): Promise<StoredReply> =>
      order(ctx, b.transactionPin, async () => {
        const category = await catalogue.category('DATA', b.serviceCategoryId);
        const bundle = await catalogue.product(category.serviceCategoryId, b.bundleCode);
        // A data bundle always has a price; an open-amount one is not something we sell.
        if (bundle.amountKobo === null) throw new AppError('PLAN_UNAVAILABLE');
        checkPrice(bundle.amountKobo, b.amount);
        const network = networkName(category);
        return {
          product: 'data',
          service: 'data',
          serviceType: 'data',
          description: `${network} Data ${bundle.name}`,
          metadata: {
            network,
            plan: { size: bundle.name, name: bundle.name, validity: bundle.duration },
            mobile_number: b.phoneNumber,
            phone: b.phoneNumber,
            supplier: 'safehaven',
          },
          sellingKobo: bundle.amountKobo,
          costKobo: bundle.amountKobo,
          request: {
            kind: 'safehaven-pay',
            payKind: 'data',
            serviceCategoryId: category.serviceCategoryId,
            amountKobo: bundle.amountKobo,
            phoneNumber: b.phoneNumber,
            bundleCode: bundle.bundleCode,
          },
        };
      }),

    cable: (ctx: Ctx, b: In<typeof servicesCableSchema>): Promise<StoredReply> =>
      order(ctx, b.transactionPin, async () => {
        const category = await catalogue.category('CABLETV', b.serviceCategoryId);
        const pack = await catalogue.product(category.serviceCategoryId, b.bundleCode);
        let amountKobo: number;
        if (pack.amountKobo === null || !pack.isAmountFixed) {
          // An open-amount package (a top-up): the customer names the amount.
          if (b.amount === undefined) {
            throw new AppError('VALIDATION_FAILED', { message: messages.invalidAmount });
          }
          amountKobo = b.amount;
        } else {
          checkPrice(pack.amountKobo, b.amount);
          amountKobo = pack.amountKobo;
        }
        const cablename = category.identifier.toUpperCase();
        return {
          product: 'cable',
          service: 'cable-tv',
          serviceType: 'cable',
          description: pack.name.toUpperCase().startsWith(cablename)
            ? pack.name
            : `${cablename} ${pack.name}`,
          metadata: {
            customerName: await customerName(
              category.serviceCategoryId,
              b.cardNumber,
              'CARD_NOT_FOUND',
            ),
            cablename,
            package: pack.name,
            smart_card_number: b.cardNumber,
            supplier: 'safehaven',
          },
          sellingKobo: amountKobo,
          costKobo: amountKobo,
          request: {
            kind: 'safehaven-pay',
            payKind: 'cable-tv',
            serviceCategoryId: category.serviceCategoryId,
            amountKobo,
            bundleCode: pack.bundleCode,
            cardNumber: b.cardNumber,
          },
        };
      }),

    utility: (ctx: Ctx, b: In<typeof servicesUtilitySchema>): Promise<StoredReply> =>
      order(ctx, b.transactionPin, async () => {
        const category = await catalogue.category('UTILITY', b.serviceCategoryId);
        // The utility discount comes off what the customer pays; Safe Haven gets the face value.
        const price = await electricityPrice(deps.database.db, b.amount);
        return {
          product: 'electricity',
          service: 'utility',
          serviceType: 'electricity',
          description: category.name,
          metadata: {
            customerName: await customerName(
              category.serviceCategoryId,
              b.meterNumber,
              'METER_NOT_FOUND',
            ),
            disco: category.name,
            meter_number: b.meterNumber,
            meterType: b.vendType.toLowerCase(),
            supplier: 'safehaven',
            ...discountMetadata(price),
          },
          sellingKobo: price.sellingKobo,
          costKobo: price.costKobo,
          request: {
            kind: 'safehaven-pay',
            payKind: 'utility',
            serviceCategoryId: category.serviceCategoryId,
            amountKobo: b.amount,
            meterNumber: b.meterNumber,
            vendType: b.vendType,
          },
        };
      }),
  };
}

export type ServicesPayService = ReturnType<typeof createServicesPayService>;
