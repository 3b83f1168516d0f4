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
 * Our default selling price for a new in-house data plan: the supplier's cost plus 5%, rounded up
 * to the whole naira. Provider-family plans and cable bouquets sell at the supplier's list price
 * (the supplier pays us a commission on those). Admins change prices later.
 */
export function defaultSellingKobo(costKobo: number, markup: boolean): number {
  if (!markup) return costKobo;
  return Math.ceil((costKobo * 105) / 100 / 100) * 100;
}

/** Reads every supplier's catalogue through its adapter and stores it (plans table). */
export async function syncCatalogue(db: DbOrTx, providers: Providers): Promise<number> {
  const rows: NewPlan[] = [];
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
      sellingKobo: defaultSellingKobo(p.amountKobo, true),
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
      sellingKobo: defaultSellingKobo(c.amountKobo, false),
    });
  }
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
      sellingKobo: defaultSellingKobo(p.amountKobo, true),
    });
  }
  for (const serviceID of VTPASS_DATA_SERVICES) {
    const network = networkForVtpassService(serviceID);
    for (const v of await providers.vtpass.variations(serviceID)) {
      if (v.amountKobo <= 0) continue;
      rows.push({
        supplier: 'vtpass',
        category: 'data',
        service: serviceID,
        externalId: v.variationCode,
        networkId: network ? NETWORK_IDS[network] : null,
        name: v.name,
        costKobo: v.amountKobo,
        sellingKobo: defaultSellingKobo(v.amountKobo, false),
      });
    }
  }
  for (const serviceID of VTPASS_TV_SERVICES) {
    for (const v of await providers.vtpass.variations(serviceID)) {
      if (v.amountKobo <= 0) continue;
      rows.push({
        supplier: 'vtpass',
        category: 'cable',
        service: serviceID,
        externalId: v.variationCode,
        name: v.name,
        costKobo: v.amountKobo,
        sellingKobo: defaultSellingKobo(v.amountKobo, false),
      });
    }
  }
  await catalogueRepository.upsert(db, rows);
  return rows.length;
}
