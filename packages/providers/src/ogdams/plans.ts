/**
 * Ogdams's plan list, whichever version of get/data/plans answered: v1 puts a flat list in
 * `data.msg` (`{networkId, planId, name, price, validity}`); v2 to v4 group the plans by network
 * name (`data: {MTN: [...], AIRTEL: [...]}`) with `ourPrice` (what Ogdams bills us) next to
 * `telcoPrice` (the network's price, often "0.00" or null: never a cost). SOURCES.md.
 */
import type { OgdamsPlan } from '../types';
import { integer, isObject, nairaToKobo, nonEmpty } from '../wire';

/** Ogdams's network ids by the group names v2–v4 use (9mobile is now T2Mobile). */
const NETWORK_BY_NAME: Record<string, number> = {
  MTN: 1,
  AIRTEL: 2,
  GLO: 3,
  '9MOBILE': 4,
  T2MOBILE: 4,
  ETISALAT: 4,
};

/** The plans of a get/data/plans `data` member; undefined when it has neither known shape. */
export function parseOgdamsPlans(data: unknown): OgdamsPlan[] | undefined {
  const inner = isObject(data) && 'msg' in data ? data.msg : data;
  if (Array.isArray(inner)) return readList(inner, undefined);
  if (!isObject(inner)) return undefined;
  const groups = Object.entries(inner).filter(([, list]) => Array.isArray(list));
  if (groups.length === 0) return undefined;
  return groups.flatMap(([name, list]) =>
    readList(list as unknown[], NETWORK_BY_NAME[name.trim().toUpperCase()]),
  );
}

function readList(list: unknown[], groupNetworkId: number | undefined): OgdamsPlan[] {
  const plans: OgdamsPlan[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const planId = nonEmpty(entry.planId);
    const networkId = integer(entry.networkId) ?? groupNetworkId;
    const amountKobo = nairaToKobo(entry.ourPrice ?? entry.price ?? entry.amount);
    // A plan we cannot identify or price exactly is not offered (a free plan is a mistake too).
    if (!planId || networkId === undefined || amountKobo === null || amountKobo <= 0) continue;
    plans.push({
      planId,
      networkId,
      name: nonEmpty(entry.name) ?? planId,
      validity: nonEmpty(entry.validity) ?? '',
      amountKobo,
    });
  }
  return plans;
}
