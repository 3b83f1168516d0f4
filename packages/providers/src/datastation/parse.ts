/**
 * Readers for DataStation's catalogue replies (GET api/user/ and GET api/network/). SOURCES.md
 * says where each shape comes from; fixtures/user.json and fixtures/network.json are copies of it.
 */
import { cableByName } from '@owo/shared/billers';
import type {
  DataStationCablePlan,
  DataStationDisco,
  DataStationNetwork,
  DataStationPlan,
} from '../types';
import { integer, isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';

const PLAN_FAMILY = /^(.+)_PLAN$/i;

/**
 * GET api/network/ answers an object keyed by plan family ("MTN_PLAN", "9MOBILE_PLAN", …), each a
 * list of that network's plans; a plan's `network` is the network id a purchase sends. A family
 * without plans names no id, so it is left out.
 */
export function parseNetworks(body: JsonObject): DataStationNetwork[] {
  const networks: DataStationNetwork[] = [];
  for (const [key, plans] of Object.entries(body)) {
    const name = PLAN_FAMILY.exec(key)?.[1]?.toUpperCase();
    if (!name || !Array.isArray(plans)) continue;
    const ids = new Set(
      plans.map((p) => (isObject(p) ? integer(p.network) : undefined)).filter(isNumber),
    );
    // Two ids in one family would make either a guess; such a family is not offered.
    if (ids.size === 1) networks.push({ networkId: [...ids][0]!, name });
  }
  return networks.sort((a, b) => a.networkId - b.networkId);
}

/**
 * Plans under Dataplans.<NETWORK>_PLAN: lists grouped by plan type plus "ALL" (or a plain list);
 * the same plan appears in several groups, so they are keyed by dataplan_id.
 */
export function parseDataPlans(dataplans: unknown): DataStationPlan[] {
  const byId = new Map<number, DataStationPlan>();
  if (!isObject(dataplans)) return [];
  for (const [key, groups] of Object.entries(dataplans)) {
    const lists = Array.isArray(groups) ? [groups] : isObject(groups) ? Object.values(groups) : [];
    for (const list of lists) {
      if (!Array.isArray(list)) continue;
      for (const entry of list) {
        const plan = isObject(entry) ? parseDataPlan(entry, key.replace(/_PLAN$/i, '')) : null;
        if (plan && !byId.has(plan.dataId)) byId.set(plan.dataId, plan);
      }
    }
  }
  return [...byId.values()];
}

function parseDataPlan(entry: JsonObject, networkFromKey: string): DataStationPlan | null {
  const dataId = integer(entry.dataplan_id ?? entry.id);
  const amountKobo = nairaToKobo(entry.plan_amount);
  // A plan we cannot identify or price exactly is not offered.
  if (dataId === undefined || amountKobo === null) return null;
  return {
    dataId,
    network: (nonEmpty(entry.plan_network) ?? networkFromKey).toUpperCase(),
    planType: nonEmpty(entry.plan_type)?.toUpperCase() ?? '',
    size: nonEmpty(entry.plan) ?? '',
    validity: nonEmpty(entry.month_validate) ?? '',
    amountKobo,
  };
}

/**
 * Cable plans under Cableplan.GOTVPLAN / DSTVPLAN / STARTIMEPLAN (the `cablename` list is not
 * plans). DataStation writes StarTimes as "STARTIME"; cableByName knows the alias.
 */
export function parseCablePlans(cableplan: unknown): DataStationCablePlan[] {
  if (!isObject(cableplan)) return [];
  const plans: DataStationCablePlan[] = [];
  for (const [key, list] of Object.entries(cableplan)) {
    if (!/PLAN$/i.test(key) || !Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isObject(entry)) continue;
      const cablePlanId = integer(entry.cableplan_id ?? entry.id);
      const cable = cableByName(String(entry.cable ?? key.replace(/PLAN$/i, '')));
      const amountKobo = nairaToKobo(entry.plan_amount);
      if (cablePlanId === undefined || !cable || amountKobo === null) continue;
      plans.push({
        cablePlanId,
        cablename: cable.cablename,
        cableId: cable.cableId,
        package: nonEmpty(entry.package) ?? '',
        amountKobo,
      });
    }
  }
  return plans;
}

/** `Disco` of GET api/user/ when the account's reply has it (unconfirmed; SOURCES.md). */
export function parseDiscos(list: unknown): DataStationDisco[] {
  if (!Array.isArray(list)) return [];
  const discos: DataStationDisco[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const discoId = integer(entry.disco_id ?? entry.id);
    const name = nonEmpty(entry.disco_name ?? entry.name);
    if (discoId !== undefined && name) discos.push({ discoId, name });
  }
  return discos;
}

/**
 * Our wallet at DataStation: user.Account_Balance of GET api/user/, naira → kobo; null if absent.
 * DataStation keeps balances as floats and prints them so ("20176.49999999992"), so this one
 * figure, which is only shown to an operator, is rounded to the nearest kobo from its decimal text.
 */
export function parseBalanceKobo(body: JsonObject): number | null {
  const value = isObject(body.user) ? body.user.Account_Balance : undefined;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const thousandths = Number((match[2] ?? '').padEnd(3, '0').slice(0, 3));
  return Number(match[1]) * 100 + Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0);
}

function isNumber(value: number | undefined): value is number {
  return value !== undefined;
}
