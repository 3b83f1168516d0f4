/**
 * The DataStation adapter (datastation.com.ng, a Django REST framework VTU platform). Wire details
 * and their public sources: SOURCES.md. What each reply means: outcome.ts.
 *
 * Requery: each kind of purchase has its own endpoint, and DataStation finds an order by its own
 * id (`id` of the purchase reply), so the adapter asks GET <kind path><id> whenever the pay reply
 * gave one. When it did not (the reply was lost), the adapter looks for our `ident` among the
 * kind's newest orders; not finding it proves nothing (DataStation may not keep our ident, and the
 * list is paginated), so that order stays pending for an operator.
 */
import { assertKobo, koboToNaira } from '@owo/shared/money';
import type { AdapterOptions, DataStationCatalogue, DataStationClient } from '../types';
import { ProviderError } from '../errors';
import { pending } from '../outcome';
import { callSupplier, describeReply, rawOf, supplierUrl, type SupplierReply } from '../http';
import { isObject, type JsonObject } from '../wire';
import { KIND_PATHS, lookupOutcome, orderOutcome, purchaseOutcome, readListPage } from './outcome';
import {
  parseBalanceKobo,
  parseCablePlans,
  parseDataPlans,
  parseDiscos,
  parseNetworks,
} from './parse';

/** Pages of a kind's order list searched for a lost order (newest first). */
export const LIST_PAGES_SEARCHED = 3;

export function createDataStationClient(
  options: AdapterOptions & { apiKey: string },
): DataStationClient {
  const { baseUrl, timeoutMs, apiKey } = options;
  const headers = { authorization: `Token ${apiKey}` };

  const get = (path: string) =>
    callSupplier({ method: 'GET', url: supplierUrl(baseUrl, path), headers, timeoutMs });
  const post = (path: string, body: JsonObject) =>
    callSupplier({ method: 'POST', url: supplierUrl(baseUrl, path), headers, body, timeoutMs });

  // Our reference travels as `ident` so that a lost reply can be looked for in the order list.
  const buy = async (path: string, reference: string, body: JsonObject) =>
    purchaseOutcome(await post(path, { ...body, ident: reference }));

  async function userReply(): Promise<JsonObject> {
    return okJson(await get('api/user/'), 'api/user/');
  }

  return {
    async catalogue(): Promise<DataStationCatalogue> {
      const [user, networks] = await Promise.all([userReply(), get('api/network/')]);
      return {
        networks: parseNetworks(okJson(networks, 'api/network/')),
        dataPlans: parseDataPlans(user.Dataplans),
        cablePlans: parseCablePlans(user.Cableplan),
        discos: parseDiscos(user.Disco),
      };
    },

    async balance(): Promise<number> {
      const kobo = parseBalanceKobo(await userReply());
      if (kobo === null)
        throw new ProviderError('datastation', 'api/user/: no user.Account_Balance');
      return kobo;
    },

    buyData({ reference, networkId, phone, dataId, ported }) {
      return buy(KIND_PATHS.data, reference, {
        network: networkId,
        mobile_number: phone,
        plan: dataId,
        Ported_number: ported,
      });
    },

    topup({ reference, networkId, phone, amountKobo, ported }) {
      assertKobo(amountKobo);
      return buy(KIND_PATHS.topup, reference, {
        network: networkId,
        amount: koboToNaira(amountKobo),
        mobile_number: phone,
        Ported_number: ported,
        airtime_type: 'VTU',
      });
    },

    cablesub({ reference, cableId, cablePlanId, smartCardNumber }) {
      return buy(KIND_PATHS.cable, reference, {
        cablename: cableId,
        cableplan: cablePlanId,
        smart_card_number: smartCardNumber,
      });
    },

    billpayment({ reference, discoId, amountKobo, meterNumber, meterType }) {
      assertKobo(amountKobo);
      return buy(KIND_PATHS.bill, reference, {
        disco_name: discoId,
        amount: koboToNaira(amountKobo),
        meter_number: meterNumber,
        MeterType: meterType === 'prepaid' ? 1 : 2,
      });
    },

    async requery({ kind, reference, providerReference }) {
      const path = KIND_PATHS[kind];
      if (providerReference !== undefined) {
        if (!/^\d{1,15}$/.test(providerReference)) {
          return pending(
            `DataStation: ${providerReference} is not a DataStation id`,
            null,
            providerReference,
          );
        }
        // The order route has no trailing slash (Django's `data/<int:id>`).
        return lookupOutcome(await get(`${path}${providerReference}`), providerReference);
      }
      return searchList(get, path, reference);
    },
  };
}

/** Our order among the kind's newest orders, by `ident`; pending when it is not there. */
async function searchList(
  get: (path: string) => Promise<SupplierReply>,
  path: string,
  reference: string,
): Promise<ReturnType<typeof orderOutcome>> {
  let last: SupplierReply | undefined;
  for (let page = 1; page <= LIST_PAGES_SEARCHED; page++) {
    last = await get(page === 1 ? path : `${path}?page=${page}`);
    const found = readListPage(last, reference);
    if (found.kind === 'found') return orderOutcome(found.order, rawOf(last), 'order list');
    if (found.kind === 'unreadable') {
      return pending(`DataStation order list: ${found.why}`, rawOf(last));
    }
    if (!found.more) break;
  }
  return pending(
    `DataStation lists no order with ident ${reference} among its newest; not proof it never ` +
      'received it (the list is paginated and may not keep our ident), so the order stays pending',
    last ? rawOf(last) : null,
  );
}

function okJson(reply: SupplierReply, path: string): JsonObject {
  if (reply.kind === 'reply' && reply.status === 200 && isObject(reply.json)) return reply.json;
  throw new ProviderError('datastation', `${path}: ${describeReply(reply)}`);
}
