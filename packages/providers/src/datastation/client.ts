/**
 * The DataStation adapter. Every purchase carries our reference as `ident`, so that when a reply is
 * lost the order can be found again with GET api/data/?ident=<reference> (docs/decisions/0006).
 */
import { cableByName } from '@owo/shared/billers';
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type {
  AdapterOptions,
  DataStationCablePlan,
  DataStationCatalogue,
  DataStationClient,
  DataStationDisco,
  DataStationNetwork,
  DataStationPlan,
  PurchaseOutcome,
} from '../types';
import { ProviderError } from '../errors';
import { callSupplier, describeReply, rawOf, supplierUrl, type SupplierReply } from '../http';
import { integer, isObject, nairaToKobo, nonEmpty, type JsonObject } from '../wire';
import { parseToken, parseUnits } from '../token';

export function createDataStationClient(
  options: AdapterOptions & { apiKey: string },
): DataStationClient {
  const { baseUrl, timeoutMs, apiKey } = options;
  const headers = { authorization: `Token ${apiKey}` };

  const get = (path: string) =>
    callSupplier({ method: 'GET', url: supplierUrl(baseUrl, path), headers, timeoutMs });
  const post = (path: string, body: JsonObject) =>
    callSupplier({ method: 'POST', url: supplierUrl(baseUrl, path), headers, body, timeoutMs });

  async function buy(path: string, reference: string, body: JsonObject) {
    return dataStationOutcome(
      await post(path, { ...body, ident: reference }),
      'purchase',
      reference,
    );
  }

  return {
    async catalogue(): Promise<DataStationCatalogue> {
      const [user, networks] = await Promise.all([get('api/user/'), get('api/network/')]);
      const userBody = okJson(user, 'api/user/');
      return {
        networks: parseNetworks(okJson(networks, 'api/network/')),
        dataPlans: parseDataPlans(userBody.Dataplans),
        cablePlans: parseCablePlans(userBody.Cableplan),
        discos: parseDiscos(userBody.Disco),
      };
    },

    buyData({ reference, networkId, phone, dataId, ported }) {
      return buy('api/data/', reference, {
        network: networkId,
        mobile_number: phone,
        plan: dataId,
        Ported_number: ported,
      });
    },

    topup({ reference, networkId, phone, amountKobo, ported }) {
      assertKobo(amountKobo);
      return buy('api/topup/', reference, {
        network: networkId,
        amount: koboToNaira(amountKobo),
        mobile_number: phone,
        Ported_number: ported,
        airtime_type: 'VTU',
      });
    },

    cablesub({ reference, cableId, cablePlanId, smartCardNumber }) {
      return buy('api/cablesub/', reference, {
        cablename: cableId,
        cableplan: cablePlanId,
        smart_card_number: smartCardNumber,
      });
    },

    billpayment({ reference, discoId, amountKobo, meterNumber, meterType }) {
      assertKobo(amountKobo);
      return buy('api/billpayment/', reference, {
        disco_name: discoId,
        amount: koboToNaira(amountKobo),
        meter_number: meterNumber,
        MeterType: meterType === 'prepaid' ? 1 : 2,
      });
    },

    async requery(reference) {
      const reply = await get(`api/data/?ident=${encodeURIComponent(reference)}`);
      return dataStationOutcome(reply, 'requery', reference);
    },
  };
}

/**
 * What a DataStation reply means for our order. A purchase answered 4xx with a JSON body was
 * refused (not charged) — except 409, which says an order with our ident already exists. A
 * requery is only ever definite when it finds the order, or finds that there is none.
 */
export function dataStationOutcome(
  reply: SupplierReply,
  phase: 'purchase' | 'requery',
  reference: string,
): PurchaseOutcome {
  const raw = rawOf(reply);
  const pending = (why: string): PurchaseOutcome => ({
    status: 'pending',
    description: `DataStation ${phase}: ${why}`,
    raw,
  });
  if (reply.kind === 'no-reply') return pending(reply.reason);
  const body = reply.json;
  if (reply.status >= 500 || body === undefined) return pending(describeReply(reply));

  if (reply.status >= 400) {
    if (phase === 'purchase' && reply.status !== 409 && (isObject(body) || Array.isArray(body))) {
      return { status: 'failed', description: `DataStation refused: ${errorText(body)}`, raw };
    }
    return pending(describeReply(reply));
  }

  let transaction: unknown = body;
  if (phase === 'requery' && isObject(body) && Array.isArray(body.results)) {
    transaction = body.results.find((r) => isObject(r) && nonEmpty(r.ident) === reference);
    if (transaction === undefined && body.results.length === 0 && integer(body.count) === 0) {
      // DataStation answers that it holds no order with our ident: it never received the
      // purchase, so nothing was charged.
      return {
        status: 'failed',
        description: `DataStation has no transaction with ident ${reference} (never recorded, never charged)`,
        raw,
      };
    }
  }
  if (!isObject(transaction)) return pending(describeReply(reply));
  const ident = nonEmpty(transaction.ident);
  if (ident !== undefined && ident !== reference) {
    return pending(`reply names ident ${ident}, not ${reference}`);
  }

  const status = nonEmpty(transaction.Status)?.toLowerCase();
  const wording = nonEmpty(transaction.api_response) ?? '';
  const label = `DataStation ${status ?? '(no Status)'}${wording ? `: ${wording}` : ''}`;
  if (status === 'successful' || status === 'success') {
    return {
      status: 'delivered',
      providerReference: nonEmpty(transaction.id),
      token: parseToken(transaction.token, transaction.Token),
      units: parseUnits(transaction.units, transaction.Units),
      description: label,
      raw,
    };
  }
  if (status === 'failed' || status === 'fail' || status === 'refunded' || status === 'reversed') {
    return { status: 'failed', description: label, raw };
  }
  return pending(label);
}

function errorText(body: unknown): string {
  if (isObject(body)) {
    const parts = Object.entries(body).map(([key, value]) =>
      Array.isArray(value) ? `${key}: ${value.map(String).join('; ')}` : `${key}: ${String(value)}`,
    );
    return parts.join(' | ').slice(0, 300);
  }
  return JSON.stringify(body).slice(0, 300);
}

function okJson(reply: SupplierReply, path: string): JsonObject {
  if (reply.kind === 'reply' && reply.status < 300 && isObject(reply.json)) return reply.json;
  if (reply.kind === 'reply' && reply.status < 300 && Array.isArray(reply.json)) {
    return { results: reply.json };
  }
  throw new ProviderError('datastation', `${path}: ${describeReply(reply)}`);
}

/** api/network/ answers a list (or an object keyed by network name; both are seen in the wild). */
export function parseNetworks(body: JsonObject): DataStationNetwork[] {
  const entries = Array.isArray(body.results) ? body.results : Object.values(body);
  const networks: DataStationNetwork[] = [];
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    const networkId = integer(entry.network_id ?? entry.id);
    const name = nonEmpty(entry.name ?? entry.network);
    if (networkId !== undefined && name) networks.push({ networkId, name: name.toUpperCase() });
  }
  return networks;
}

/**
 * Plans under Dataplans.<NETWORK>_PLAN, either a list or lists grouped by plan type (one of
 * them "ALL"); the same plan appears in several groups, so they are keyed by dataplan_id.
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

/** Cable plans under Cableplan.GOTVPLAN / DSTVPLAN / STARTIMEPLAN (the `cablename` list is not plans). */
export function parseCablePlans(cableplan: unknown): DataStationCablePlan[] {
  if (!isObject(cableplan)) return [];
  const plans: DataStationCablePlan[] = [];
  for (const [key, list] of Object.entries(cableplan)) {
    if (!/PLAN$/i.test(key) || !Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isObject(entry)) continue;
      const cablePlanId = integer(entry.cableplan_id ?? entry.id);
      // STARTIMEPLAN's key drops the S of STARTIMES; the entry's own `cable` field is preferred.
      const fromKey = key.replace(/PLAN$/i, '').replace(/^STARTIME$/i, 'STARTIMES');
      const cable = cableByName(String(entry.cable ?? entry.cablename ?? fromKey));
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
