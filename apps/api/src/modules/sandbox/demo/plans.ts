import type { Call } from './requests';
import { dataOf } from './requests';

/** The cheapest plan of each kind a customer can pick, read from the customer catalogue routes. */
export interface DemoPlans {
  inhouseData: { plan: number; network: number };
  ogdams: { planId: string };
  vtpassData: { variationCode: string };
  inhouseCable: { cablePlanId: number };
  vtpassTv: { variationCode: string };
}

function cheapest<T extends { sellingPrice: number }>(list: T[], what: string): T {
  const [first] = [...list].sort((a, b) => a.sellingPrice - b.sellingPrice);
  if (!first) throw new Error(`demo: no ${what} in the catalogue`);
  return first;
}

export async function loadPlans(call: Call, token: string): Promise<DemoPlans> {
  const get = async <T>(url: string) => dataOf<T[]>(await call('GET', url, { token }));
  type DataPlan = {
    data_id: number | string;
    network_id: number;
    sellingPrice: number;
    source: string;
    network: string;
  };
  const inhouse = cheapest(
    (await get<DataPlan>('/api/transactions/data-plans')).filter(
      (p) => p.source === 'datastation' && p.network === 'MTN',
    ),
    'in-house MTN data plan',
  );
  type Priced = { sellingPrice: number };
  const ogdams = cheapest(
    await get<Priced & { planId: string }>('/api/transactions/data-plans/ogdams'),
    'Ogdams plan',
  );
  const vtpassData = cheapest(
    await get<Priced & { variation_code: string }>('/api/vtpass/data?serviceID=mtn-data'),
    'VTpass data variation',
  );
  const cable = cheapest(
    await get<Priced & { cablePlanID: number }>('/api/transactions/cable-plans?cablename=GOTV'),
    'GOtv plan',
  );
  const tv = cheapest(
    await get<Priced & { variation_code: string }>('/api/vtpass/tv?serviceID=gotv'),
    'VTpass GOtv variation',
  );
  return {
    inhouseData: { plan: Number(inhouse.data_id), network: inhouse.network_id },
    ogdams: { planId: ogdams.planId },
    vtpassData: { variationCode: vtpassData.variation_code },
    inhouseCable: { cablePlanId: cable.cablePlanID },
    vtpassTv: { variationCode: tv.variation_code },
  };
}
