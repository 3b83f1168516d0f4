import type { Providers } from '@owo/providers/types';
import {
  NETWORK_IDS,
  VTPASS_DATA_SERVICES,
  VTPASS_TV_SERVICES,
  networkForVtpassService,
} from '@owo/shared/networks';
import type { NetworkName } from '@owo/shared/networks';
import type { DbOrTx } from '../../db/client';
import { catalogueRepository, type NewPlan } from './repository';

/** Ogdams numbers networks its own way (1 MTN, 2 Airtel, 3 Glo, 4 9mobile). */
const OGDAMS_NETWORK: Record<number, NetworkName> = {
  1: 'MTN',
  2: 'AIRTEL',
  3: 'GLO',
  4: '9MOBILE',
};

/**
 * One supplier list an admin can fetch on its own (spec §7 "Admin products"): DataStation's data
 * and cable plans come in one call; Ogdams' plans; VTpass' data services; VTpass' TV services.
 */
export const PLAN_FEEDS = ['datastation', 'ogdams', 'vtpass-data', 'vtpass-tv'] as const;
export type PlanFeed = (typeof PLAN_FEEDS)[number];

/** The supplier's side of a plan: what it is and what it costs us. Our price is added later. */
export type SupplierPlan = Omit<NewPlan, 'sellingKobo' | 'isAvailable' | 'id'>;

/**
 * The selling price of a plan new to the catalogue: cost plus `percent`, rounded up to the whole
 * naira (integer arithmetic, so it is exact).
 */
export function priceWithMargin(costKobo: number, percent: number): number {
  return Math.ceil((costKobo * (100 + percent)) / 10_000) * 100;
}

/**
 * Our default selling price at the first fill: in-house data plans at the supplier's cost plus 5%,
 * rounded up to the whole naira. Provider-family plans and cable bouquets sell at the supplier's
 * list price (the supplier pays us a commission on those). Admins change prices later.
 */
export function defaultSellingKobo(costKobo: number, markup: boolean): number {
  return markup ? priceWithMargin(costKobo, 5) : costKobo;
}

/** In-house data plans carry our markup at the first fill; the rest sell at list price. */
const marksUp = (p: SupplierPlan) => p.supplier !== 'vtpass' && p.category === 'data';

/** Reads one supplier list through its adapter. Throws whatever the adapter throws. */
export async function readPlanFeed(providers: Providers, feed: PlanFeed): Promise<SupplierPlan[]> {
  const rows: SupplierPlan[] = [];
  if (feed === 'datastation') {
    const ds = await providers.datastation.catalogue();
    for (const p of ds.dataPlans) {
      rows.push({
        supplier: 'datastation',
        category: 'data',
        service: p.network,
        externalId: String(p.dataId),
        networkId: NETWORK_IDS[p.network as NetworkName] ?? null,
        planType: p.planType,
        name: `${p.network} ${p.size}`,
        size: p.size,
        validity: p.validity,
        costKobo: p.amountKobo,
      });
    }
    for (const c of ds.cablePlans) {
      rows.push({
        supplier: 'datastation',
        category: 'cable',
        service: c.cablename,
        externalId: String(c.cablePlanId),
        networkId: c.cableId,
        name: c.package,
        costKobo: c.amountKobo,
      });
    }
  } else if (feed === 'ogdams') {
    for (const p of await providers.ogdams.plans()) {
      const network = OGDAMS_NETWORK[p.networkId];
      if (!network) continue;
      rows.push({
        supplier: 'ogdams',
        category: 'data',
        service: network,
        externalId: p.planId,
        networkId: NETWORK_IDS[network],
        planType: 'AWOOF',
        name: p.name,
        size: '',
        validity: p.validity,
        costKobo: p.amountKobo,
      });
    }
  } else {
    const data = feed === 'vtpass-data';
    for (const serviceID of data ? VTPASS_DATA_SERVICES : VTPASS_TV_SERVICES) {
      const network = data ? networkForVtpassService(serviceID) : undefined;
      for (const v of await providers.vtpass.variations(serviceID)) {
        // Open-amount variations are not plans we can price.
        if (v.amountKobo <= 0) continue;
        rows.push({
          supplier: 'vtpass',
          category: data ? 'data' : 'cable',
          service: serviceID,
          externalId: v.variationCode,
          ...(data ? { networkId: network ? NETWORK_IDS[network] : null } : {}),
          name: v.name,
          costKobo: v.amountKobo,
        });
      }
    }
  }
  // A plan the supplier prices at nothing cannot be stored (prices are positive) or sold.
  return rows.filter((r) => r.costKobo > 0);
}

/**
 * The first fill of an empty catalogue: every supplier list, each plan available at its default
 * price, so a fresh install sells at once. Later fetches go through admin-products, where new
 * plans wait, unavailable, for an admin.
 */
export async function syncCatalogue(db: DbOrTx, providers: Providers): Promise<number> {
  const rows: NewPlan[] = [];
  for (const feed of PLAN_FEEDS) {
    for (const p of await readPlanFeed(providers, feed)) {
      rows.push({ ...p, sellingKobo: defaultSellingKobo(p.costKobo, marksUp(p)) });
    }
  }
  await catalogueRepository.upsert(db, rows);
  return rows.length;
}
