import type { Scenario } from './operations';

/**
 * What the test expects, built from the replies as they arrive. Everything here is what the API
 * told a client (a status, an order id, an amount); the final comparison (checks.ts) holds the
 * database and the API to it. Under concurrency the model cannot say which payment a balance will
 * refuse, but once a reply has said what happened the money it implies is exact.
 */

export type Final = 'delivered' | 'failed';

export interface ModelOrder {
  id: string;
  user: number;
  /** Route name (a purchase product, or 'betting'). */
  route: string;
  scenario: Scenario;
  /** The price the reply stated (kobo); checked against the catalogue's. */
  priceKobo: number;
  /** Every reply that named this order (a duplicate names it twice). */
  replies: number[];
  /** Admin actions that answered 200. */
  refunded: boolean;
  approved: boolean;
  reversals: number;
}

/** Where the supplier's scenario takes an order when nobody intervenes. */
export function scenarioFinal(scenario: Scenario): Final | 'open' {
  switch (scenario) {
    case 'delivered':
    case 'pendingThenDelivered':
    case 'malformed':
    case 'timeout':
      return 'delivered';
    case 'failed':
    case 'pendingThenReversed':
    case 'http500':
    case 'noReply':
      return 'failed';
    case 'pendingForever':
      return 'open';
  }
}

export interface Unexpected {
  what: string;
  status: number;
  body: string;
}

export class Model {
  readonly orders = new Map<string, ModelOrder>();
  /** Order ids in the order their replies arrived (admin actions pick from here). */
  readonly orderIds: string[] = [];
  /** Purchases refused before any order existed (4xx), by code. */
  readonly refusals = new Map<string, number>();
  /** Transfers that answered 200, by their debit row id. */
  readonly transfers = new Map<string, { from: number; to: number; kobo: number }>();
  /** Money that reached a bank account of ours, per user (simulate-transfer accepted it). */
  readonly deposits: { user: number; kobo: number }[] = [];
  /** The signed notifications PalmPay sent, for replays. */
  readonly notifications: string[] = [];
  /** Swaps by reference: who is paid and whether an admin's completing action answered 200. */
  readonly swaps = new Map<
    string,
    { user: number; payee: number | 'bank'; payoutKobo: number; completed: number }
  >();
  /** Replies that break a rule on the spot (a 5xx, two answers for one key, …). */
  readonly unexpected: Unexpected[] = [];
  /** Operations under way (the pool counts them; waiting operations read it). */
  running = 0;
  /** Of those, the ones waiting for an earlier operation's result. */
  waiting = 0;
  /** How many requests were sent, by route family (for the report). */
  readonly sent = new Map<string, number>();

  count(family: string, n = 1) {
    this.sent.set(family, (this.sent.get(family) ?? 0) + n);
  }

  refused(code: string) {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }

  flag(what: string, status: number, body: string) {
    this.unexpected.push({ what, status, body: body.slice(0, 400) });
  }

  /** Records a reply that names an order (200, 202, 422 with the order's id). */
  order(
    id: string,
    init: Omit<ModelOrder, 'id' | 'replies' | 'refunded' | 'approved' | 'reversals'>,
    status: number,
  ) {
    let order = this.orders.get(id);
    if (!order) {
      order = { id, ...init, replies: [], refunded: false, approved: false, reversals: 0 };
      this.orders.set(id, order);
      this.orderIds.push(id);
    }
    order.replies.push(status);
    return order;
  }

  /**
   * Where the order must end. Under load a supplier call can outlast the adapter's timeout, so
   * even a "delivered at once" number may be answered 202 and then decided by a requery; and a
   * call abandoned before the supplier read it is unknown to the supplier, hence failed. So the
   * supplier's own word at the end (`supplierSays`, a requery after settling) decides, except
   * where an admin's 200 decided first. Nobody ever answers for pendingForever: the settle
   * phase refunds it like an operator would.
   */
  expectedFinal(order: ModelOrder, supplierSays: Final | 'pending'): Final | 'open' {
    if (order.refunded) return 'failed';
    if (order.approved) return 'delivered';
    return supplierSays === 'pending' ? 'open' : supplierSays;
  }

  /** Each user's balance as the replies imply it. */
  expectedBalances(startKobo: number[], finals: Map<string, Final | 'open'>): number[] {
    const balance = [...startKobo];
    for (const order of this.orders.values()) {
      // An open order holds its reservation, as a delivered one keeps the money.
      if (finals.get(order.id) !== 'failed') balance[order.user]! -= order.priceKobo;
      balance[order.user]! += order.reversals * order.priceKobo;
    }
    for (const t of this.transfers.values()) {
      balance[t.from]! -= t.kobo;
      balance[t.to]! += t.kobo;
    }
    for (const d of this.deposits) balance[d.user]! += d.kobo;
    for (const s of this.swaps.values()) {
      if (s.completed > 0 && s.payee !== 'bank') balance[s.payee]! += s.payoutKobo;
    }
    return balance;
  }
}
