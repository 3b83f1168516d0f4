import type {
  Providers,
  SafeHavenProduct,
  SafeHavenServiceCategory,
  SafeHavenServiceIdentifier,
} from '@owo/providers/types';
import { messages } from '@owo/shared/messages';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../errors';
import { keyedLoader } from '../../lib/memory-cache';

/** Safe Haven's categories and price lists change rarely; prices are re-read this often. */
export const CATEGORIES_CACHE_MS = 10 * 60 * 1000;
export const PRODUCTS_CACHE_MS = 5 * 60 * 1000;

const unavailable = (error: unknown): never => {
  throw new AppError('SERVICES_UNAVAILABLE', { cause: error });
};

/**
 * Safe Haven's service categories (networks, cable operators, discos) and products (data bundles,
 * cable packages), cached in memory. Prices for the services/pay family come from here, never
 * from the client.
 */
export function createServicesCatalogue(providers: Providers, clock: Clock) {
  const categoriesOf = keyedLoader(
    clock,
    CATEGORIES_CACHE_MS,
    (service) =>
      providers.safehaven.categories(service as SafeHavenServiceIdentifier).catch(unavailable),
    (list) => list.length > 0,
  );
  const productsOf = keyedLoader(
    clock,
    PRODUCTS_CACHE_MS,
    (categoryId) => providers.safehaven.products(categoryId).catch(unavailable),
    (list) => list.length > 0,
  );

  async function categories(
    service: SafeHavenServiceIdentifier,
  ): Promise<SafeHavenServiceCategory[]> {
    return categoriesOf(service);
  }

  /** The category a payment names, which must belong to the service paid for (400 otherwise). */
  async function category(
    service: SafeHavenServiceIdentifier,
    serviceCategoryId: string,
  ): Promise<SafeHavenServiceCategory> {
    const found = (await categoriesOf(service)).find(
      (c) => c.serviceCategoryId === serviceCategoryId,
    );
    if (!found) {
      throw new AppError('VALIDATION_FAILED', { message: messages.serviceCategoryInvalid });
    }
    return found;
  }

  /** The category of any service, for verification (400 when none has it). */
  async function anyCategory(serviceCategoryId: string): Promise<SafeHavenServiceCategory> {
    for (const service of ['UTILITY', 'CABLETV', 'AIRTIME', 'DATA'] as const) {
      const found = (await categoriesOf(service)).find(
        (c) => c.serviceCategoryId === serviceCategoryId,
      );
      if (found) return found;
    }
    throw new AppError('VALIDATION_FAILED', { message: messages.serviceCategoryInvalid });
  }

  async function products(serviceCategoryId: string): Promise<SafeHavenProduct[]> {
    return productsOf(serviceCategoryId);
  }

  /** A bundle or package by code, at Safe Haven's price (404 for an unknown code). */
  async function product(serviceCategoryId: string, bundleCode: string): Promise<SafeHavenProduct> {
    const found = (await productsOf(serviceCategoryId)).find((p) => p.bundleCode === bundleCode);
    if (!found) throw new AppError('PLAN_NOT_FOUND');
    return found;
  }

  return { categories, category, anyCategory, products, product };
}

export type ServicesCatalogue = ReturnType<typeof createServicesCatalogue>;
