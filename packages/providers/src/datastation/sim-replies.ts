/**
 * The DataStation simulator's replies, built on the documented shapes in fixtures/: every reply
 * has exactly the fields (and field order) of its fixture, with the simulator's own values. A
 * field the simulator has no value for is a bug here, not something to copy from the fixture.
 */
import type { DataStationKind } from '../types';
import { nairaText, statusAt, tokenFor, type SimStatus } from '../sandbox/sim-kit';
import type { Scenario } from '../sandbox/magic';
import type { JsonObject } from '../wire';
import { DATASTATION_CABLE_PLANS, DATASTATION_DATA_PLANS, DATASTATION_NETWORKS } from './catalogue';
import billpaymentFixture from './fixtures/billpayment-successful.json';
import cablesubFixture from './fixtures/cablesub-successful.json';
import dataFixture from './fixtures/data-successful.json';
import networkFixture from './fixtures/network.json';
import topupFixture from './fixtures/topup-successful.json';
import userFixture from './fixtures/user.json';

export interface SimOrder {
  id: number;
  ident: string;
  kind: DataStationKind;
  scenario: Scenario;
  createdAtMs: number;
  /** What the order costs our DataStation wallet. */
  amountKobo: number;
  balanceBeforeKobo: number;
  /** The kind's own reply fields (what was bought, for whom). */
  fields: JsonObject;
  /** billpayment only. */
  prepaid?: boolean;
}

const TEMPLATES: Record<DataStationKind, JsonObject> = {
  data: dataFixture,
  topup: topupFixture,
  cable: cablesubFixture,
  bill: billpaymentFixture,
};

// DataStation's only three order states; a reversal is an order set to "failed" (its price goes
// back to the wallet), so "reversed" reads as "failed" on the wire.
const WIRE_STATUS: Record<SimStatus, string> = {
  delivered: 'successful',
  pending: 'processing',
  failed: 'failed',
  reversed: 'failed',
};

/** `values` in the order and with the keys of `template`; throws on a key it cannot fill. */
export function shapedLike(template: JsonObject, values: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(template)) {
    if (!(key in values)) throw new Error(`DataStation simulator: no value for "${key}"`);
    out[key] = values[key];
  }
  return out;
}

/** The order as DataStation shows it at `nowMs` (purchase reply, lookup, list entry). */
export function orderReply(order: SimOrder, nowMs: number): JsonObject {
  const status = statusAt(order.scenario, order.createdAtMs, nowMs);
  const charged = status === 'delivered' || status === 'pending';
  const delivered = status === 'delivered' && order.prepaid === true;
  return shapedLike(TEMPLATES[order.kind], {
    ...order.fields,
    id: order.id,
    ident: order.ident,
    balance_before: nairaText(order.balanceBeforeKobo),
    balance_after: nairaText(order.balanceBeforeKobo - (charged ? order.amountKobo : 0)),
    Status: WIRE_STATUS[status],
    api_response: apiResponse(order, status),
    create_date: lagosDateTime(order.createdAtMs),
    ...(order.kind === 'bill'
      ? { token: delivered ? `Token : ${tokenFor(order.ident)}` : '' }
      : {}),
  });
}

/** Django's naive local date-time with microseconds, Lagos time (UTC+1, no DST). */
function lagosDateTime(ms: number): string {
  return `${new Date(ms + 3_600_000).toISOString().slice(0, 23)}000`;
}

function apiResponse(order: SimOrder, status: SimStatus): string {
  const f = order.fields;
  if (status === 'pending') return 'Transaction is processing.';
  if (status === 'reversed') return 'Transaction reversed by the network; wallet refunded.';
  if (status === 'failed') return 'Transaction failed. Please try again later.';
  switch (order.kind) {
    case 'data':
      return `Dear Customer, you have successfully gifted ${String(f.mobile_number)} ${String(f.plan_name)} of ${String(f.plan_network)} data.`;
    case 'topup':
      return `You have successfully topped up ${String(f.mobile_number)} with N${String(f.amount)} ${String(f.plan_network)} airtime.`;
    case 'cable':
      return `${String(f.package)} subscription for ${String(f.smart_card_number)} was successful.`;
    case 'bill':
      return `Payment of N${String(f.amount)} to ${String(f.package)} for meter ${String(f.meter_number)} was successful.`;
  }
}

const PLAN_TEMPLATE = userFixture.Dataplans.MTN_PLAN.ALL[0]!;
const CABLE_PLAN_TEMPLATE = userFixture.Cableplan.STARTIMEPLAN[0]!;
/** DataStation's own cable names: StarTimes is "STARTIME" on its wire. */
const WIRE_CABLE = { GOTV: 'GOTV', DSTV: 'DSTV', STARTIMES: 'STARTIME' } as const;

function planEntry(plan: (typeof DATASTATION_DATA_PLANS)[number]): JsonObject {
  return shapedLike(PLAN_TEMPLATE, {
    id: plan.dataplanId,
    dataplan_id: String(plan.dataplanId),
    network: DATASTATION_NETWORKS.find((n) => n.name === plan.network)!.id,
    plan_type: plan.planType,
    plan_network: plan.network,
    month_validate: plan.validity,
    plan: plan.size,
    plan_amount: plan.amount,
  });
}

/** GET api/network/: every network's plans under "<NETWORK>_PLAN". */
export function networkReply(): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(networkFixture)) {
    const name = key.replace(/_PLAN$/, '');
    out[key] = DATASTATION_DATA_PLANS.filter((p) => p.network === name).map(planEntry);
  }
  return out;
}

/** GET api/user/: the account, its plans by network and plan type, its cable plans. */
export function userReply(balanceKobo: number): JsonObject {
  const dataplans: Record<string, Record<string, JsonObject[]>> = {};
  for (const plan of DATASTATION_DATA_PLANS) {
    const groups = (dataplans[`${plan.network}_PLAN`] ??= { ALL: [] });
    groups.ALL!.push(planEntry(plan));
    (groups[plan.planType] ??= []).push(planEntry(plan));
  }
  const cableplan: Record<string, JsonObject[]> = {};
  for (const plan of DATASTATION_CABLE_PLANS) {
    const wire = WIRE_CABLE[plan.cable];
    (cableplan[`${wire}PLAN`] ??= []).push(
      shapedLike(CABLE_PLAN_TEMPLATE, {
        id: plan.cableplanId,
        cableplan_id: String(plan.cableplanId),
        cable: wire,
        package: plan.package,
        plan_amount: plan.amount,
      }),
    );
  }
  cableplan.cablename = userFixture.Cableplan.cablename;
  return {
    ...userFixture,
    user: shapedLike(userFixture.user, {
      ...userFixture.user,
      // Django serialises the float balance as a JSON number.
      Account_Balance: balanceKobo / 100,
    }),
    Dataplans: dataplans,
    Cableplan: cableplan,
  };
}
