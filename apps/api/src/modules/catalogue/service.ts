import type { UtilityProvidersReply } from '@owo/shared/api-types';
import { CABLES, DISCOS, cableByName } from '@owo/shared/billers';
import { bpsToPercent } from '@owo/shared/utility-discount';
import { messages } from '@owo/shared/messages';
import {
  NETWORK_IDS,
  NETWORK_NAMES,
  VTPASS_DATA_SERVICES,
  VTPASS_TV_SERVICES,
} from '@owo/shared/networks';
import type { AppDeps } from '../../deps';
import type { Providers } from '@owo/providers/types';
import { AppError } from '../../errors';
import { toCablePlanDto, toDataPlanDto, toOgdamsPlanDto, toVariationDto } from './dto';
import { catalogueRepository, type PlanKey, type PlanRow } from './repository';
import { syncCatalogue } from './sync';
import { readUtilityDiscountBps } from '../settings/utility-discount';
import { customerPricing } from '../price-tiers/customer-pricing';

const ok = <T>(data: T[]) => ({ success: true as const, message: messages.catalogueFetched, data });

export function createCatalogueService({ database, providers, logger }: AppDeps) {
  const db = () => database.db;

  /**
   * The plans at the prices this customer pays (their tier's, decision 0090). Applied per reply
   * to rows read for it: nothing priced per customer is ever kept for another.
   */
  async function forCustomer(userId: string, rows: PlanRow[]): Promise<PlanRow[]> {
    const tier = await customerPricing(db(), userId);
    return rows.map((row) => ({
      ...row,
      sellingKobo: tier.price(row.category, row.sellingKobo, row.costKobo),
    }));
  }

  return {
    /**
     * A fresh database is filled from the suppliers (the sandbox in development). Tests about a
     * supplier's silence pass adapters of their own, so their short timeout never meets set-up.
     */
    async ensureFilled(from: Providers = providers): Promise<void> {
      if ((await catalogueRepository.count(db())) > 0) return;
      const n = await syncCatalogue(db(), from);
      logger.info({ plans: n }, 'catalogue filled from the suppliers');
    },

    sync: () => syncCatalogue(db(), providers),

    /**
     * The plan a purchase names, priced by us. Unknown → 404-style refusal; unavailable →
     * refused; either way nothing moves.
     */
    async planForPurchase(key: PlanKey, externalId: string): Promise<PlanRow> {
      const plan = await catalogueRepository.find(db(), key, externalId);
      if (!plan) throw new AppError('PLAN_NOT_FOUND');
      if (!plan.isAvailable) throw new AppError('PLAN_UNAVAILABLE');
      return plan;
    },

    networks() {
      return ok(
        NETWORK_NAMES.map((name) => ({ networkname: name, network_id: NETWORK_IDS[name] })),
      );
    },

    async dataPlans(userId: string) {
      const [ds, og] = await Promise.all([
        catalogueRepository.list(db(), { supplier: 'datastation', category: 'data' }, true),
        catalogueRepository.list(db(), { supplier: 'ogdams', category: 'data' }, true),
      ]);
      return ok((await forCustomer(userId, [...ds, ...og])).map(toDataPlanDto));
    },

    async supplierDataPlans(userId: string, supplier: string) {
      if (supplier === 'ogdams') {
        const rows = await catalogueRepository.list(db(), { supplier, category: 'data' }, true);
        return ok((await forCustomer(userId, rows)).map(toOgdamsPlanDto));
      }
      if (supplier === 'datastation') {
        const rows = await catalogueRepository.list(db(), { supplier, category: 'data' }, true);
        return ok((await forCustomer(userId, rows)).map(toDataPlanDto));
      }
      throw new AppError('NOT_FOUND');
    },

    cableList() {
      return ok(CABLES.map((c) => ({ cablename: c.cablename, cable_id: c.cableId })));
    },

    async cablePlans(userId: string, cablename?: string) {
      const cable = cablename ? cableByName(cablename) : undefined;
      if (cablename && !cable)
        throw new AppError('VALIDATION_FAILED', { message: messages.selectCablePlan });
      const rows = await catalogueRepository.list(
        db(),
        { supplier: 'datastation', category: 'cable', service: cable?.cablename },
        true,
      );
      return ok((await forCustomer(userId, rows)).map(toCablePlanDto));
    },

    /** The discos, and the discount electricity sells at now (the Summary sheet shows it). */
    async utilityProviders(): Promise<UtilityProvidersReply> {
      return {
        ...ok(DISCOS.map((d) => ({ name: d.name, disco_id: d.discoId, serviceID: d.serviceID }))),
        discountPercentage: bpsToPercent(await readUtilityDiscountBps(db())),
      };
    },

    async providerVariations(userId: string, category: 'data' | 'cable', serviceID: string) {
      const allowed: readonly string[] =
        category === 'data' ? VTPASS_DATA_SERVICES : VTPASS_TV_SERVICES;
      if (!allowed.includes(serviceID)) {
        throw new AppError('VALIDATION_FAILED', {
          message: category === 'data' ? messages.selectNetworkData : messages.selectCablePlan,
        });
      }
      const rows = await catalogueRepository.list(
        db(),
        { supplier: 'vtpass', category, service: serviceID },
        true,
      );
      return ok((await forCustomer(userId, rows)).map(toVariationDto));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
