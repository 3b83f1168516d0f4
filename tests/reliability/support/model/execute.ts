import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../../../../apps/api/src/db/schema';
import { postWebhook, simulateTransfer } from '../../../../apps/api/test/deposit-support';
import { bankBody, walletBody } from '../../../../apps/api/test/airtime-swap-support';
import { PIN } from '../../../../apps/api/test/harness';
import { Model } from './model';
import type { Operation, Scenario } from './operations';
import { betAccount, type World } from './world';

/**
 * Plays operations against the API with at most `width` in flight: a pool of workers that each
 * take the next operation as soon as their last one ends (no batch waits for its slowest
 * member). Every reply goes into the model.
 */
export async function runPool<T>(
  items: T[],
  width: number,
  play: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await play(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

type Reply = Awaited<ReturnType<World['t']['request']>>;

const body = (res: Reply): Record<string, unknown> => {
  try {
    return res.json() as Record<string, unknown>;
  } catch {
    return {};
  }
};
const dataOf = (res: Reply) => (body(res).data ?? {}) as Record<string, unknown>;
const codeOf = (res: Reply) => String(body(res).code ?? `HTTP_${res.statusCode}`);
const kobo = (naira: unknown) => Math.round(Number(naira) * 100);
const isGatewayRefusal = (res: Reply) =>
  [502, 503, 504].includes(res.statusCode) && body(res).success === false && 'code' in body(res);

/** What every operation shares: the world, the model, and the reply bookkeeping. */
export function createExecutor(world: World, model: Model) {
  const { t, users, admin, routes } = world;

  /**
   * A 500 is never an answer (bad input and races get a clear 4xx). A supplier that did not
   * answer in time is the designed 502/503/504 with its code (retryable, nothing moved): that is
   * a refusal, counted by code.
   */
  function check5xx(what: string, res: Reply) {
    if (res.statusCode < 500) return;
    if (isGatewayRefusal(res)) model.refused(codeOf(res));
    else model.flag(what, res.statusCode, res.body);
  }

  /** The order an Idempotency-Key created (a 422 reply carries no id). */
  async function orderOfKey(userId: string, key: string): Promise<string | undefined> {
    const [row] = await t.deps.database.db
      .select({ id: idempotencyKeys.transactionId })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row?.id ?? undefined;
  }

  /**
   * A paying request, once or twice at once under one key. Each reply is an order (200, 202,
   * 422 PURCHASE_FAILED) or a refusal; replies that name an order must all name the key's one.
   */
  async function order(
    what: string,
    user: number,
    url: string,
    payload: Record<string, unknown>,
    scenario: Scenario,
    priceKobo: number,
    duplicate: boolean,
  ) {
    const key = `cons-${randomUUID()}`;
    const send = () =>
      t.request({
        method: 'POST',
        url,
        token: users[user]!.token,
        payload,
        headers: { 'idempotency-key': key },
      });
    const replies = await Promise.all(duplicate ? [send(), send()] : [send()]);
    model.count(what, replies.length);
    const keyed = await orderOfKey(users[user]!.id, key);
    for (const res of replies) {
      check5xx(`${what} ${scenario}`, res);
      const isOrder =
        res.statusCode === 200 ||
        res.statusCode === 202 ||
        (res.statusCode === 422 && codeOf(res) === 'PURCHASE_FAILED');
      if (!isOrder) {
        if (res.statusCode < 500) model.refused(codeOf(res));
        continue;
      }
      const named = res.statusCode === 422 ? keyed : (dataOf(res)._id as string | undefined);
      if (!named || named !== keyed) {
        model.flag(
          `${what}: reply names ${named}, the key holds ${keyed}`,
          res.statusCode,
          res.body,
        );
        continue;
      }
      const stated = res.statusCode === 422 ? priceKobo : kobo(dataOf(res).amount);
      if (stated !== priceKobo) {
        model.flag(`${what}: price ${stated}, catalogue ${priceKobo}`, res.statusCode, res.body);
      }
      model.order(named, { user, route: what, scenario, priceKobo }, res.statusCode);
    }
  }

  async function transfer(op: Extract<Operation, { kind: 'transfer' }>) {
    const key = `cons-${randomUUID()}`;
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/transfers',
        token: users[op.from]!.token,
        payload: {
          recipientIdentifier: users[op.to]!.email,
          amount: (op.kobo / 100).toFixed(2),
          transactionPin: PIN,
        },
        headers: { 'idempotency-key': key },
      });
    const replies = await Promise.all(op.duplicate ? [send(), send()] : [send()]);
    model.count('transfer', replies.length);
    const ids = new Set<string>();
    for (const res of replies) {
      check5xx('transfer', res);
      if (res.statusCode !== 200) {
        if (res.statusCode < 500) model.refused(codeOf(res));
        continue;
      }
      const id = dataOf(res)._id as string;
      ids.add(id);
      if (kobo(dataOf(res).amount) !== op.kobo) {
        model.flag(`transfer moved ${dataOf(res).amount}, asked ${op.kobo}`, 200, res.body);
      }
      model.transfers.set(id, { from: op.from, to: op.to, kobo: op.kobo });
    }
    if (ids.size > 1) model.flag('one key, two transfers', 200, [...ids].join(' '));
  }

  async function deposit(op: Extract<Operation, { kind: 'deposit' }>) {
    const user = users[op.user]!;
    let account = user.virtualAccount;
    if (op.via === 'checkout') {
      const res = await t.request({
        method: 'POST',
        url: '/api/deposit/bank-transfer',
        token: user.token,
        payload: { amount: Math.max(100, Math.round(op.kobo / 100)) },
      });
      model.count('deposit session');
      check5xx('deposit session', res);
      if (res.statusCode !== 200) {
        if (res.statusCode < 500) model.refused(codeOf(res));
        return;
      }
      account = dataOf(res).payerVirtualAccNo as string;
    }
    if (!account) throw new Error(`user ${op.user} has no account to pay into`);
    // The bank transfer happened: the money must be credited exactly once, whatever becomes of
    // the notification (the sandbox retries it; the sweeper asks PalmPay about checkouts).
    const sent = await simulateTransfer(t, account, op.kobo);
    model.count('bank transfer in');
    model.deposits.push({ user: op.user, kobo: op.kobo });
    model.notifications.push(JSON.stringify(sent.notification));
  }

  /**
   * Operations that act on an earlier one's result (admin actions, webhook replays) wait until
   * there is one: when the run is shorter than the pool is wide, everything starts at once.
   * They stop waiting when nothing else is running (there will be nothing to act on).
   */
  async function until(ready: () => boolean) {
    model.waiting += 1;
    try {
      while (!ready() && model.running > model.waiting) await sleep(50);
    } finally {
      model.waiting -= 1;
    }
  }

  async function replay(pick: number) {
    await until(() => model.notifications.length > 0);
    const notification = model.notifications[pick % Math.max(1, model.notifications.length)];
    if (!notification) return;
    const res = await postWebhook(t, notification);
    model.count('webhook replay');
    if (res.status !== 200 || res.text !== 'success') {
      model.flag('a replayed notification was not acknowledged', res.status, res.text);
    }
  }

  const verify = (ref: string, payload: Record<string, unknown>) =>
    t.request({
      method: 'PATCH',
      url: `/api/airtime-swap/admin/${ref}/verify`,
      token: admin.token,
      payload,
    });

  async function swap(op: Extract<Operation, { kind: 'swap' }>) {
    const owner = users[op.user]!;
    const payload =
      op.payout === 'wallet'
        ? walletBody(users[op.payee]!.email, { amount: op.naira })
        : bankBody({ amount: op.naira });
    const created = await t.request({
      method: 'POST',
      url: '/api/airtime-swap',
      token: owner.token,
      payload,
    });
    model.count('swap');
    check5xx('swap create', created);
    if (created.statusCode !== 200) {
      if (created.statusCode < 500) model.refused(codeOf(created));
      return;
    }
    const ref = dataOf(created).swapId as string;
    const payoutKobo = Math.floor((op.naira * 60) / 100) * 100;
    if (kobo(dataOf(created).expectedPayout) !== payoutKobo) {
      model.flag('swap payout', 200, created.body);
    }
    const entry = {
      user: op.user,
      payee: op.payout === 'wallet' ? op.payee : ('bank' as const),
      payoutKobo,
      completed: 0,
    };
    model.swaps.set(ref, entry);
    const approve = () =>
      verify(ref, {
        action: 'approve',
        ...(op.payout === 'bank' ? { payoutReference: 'B-1' } : {}),
      });
    const reject = () => verify(ref, { action: 'reject' });
    let replies: Reply[];
    switch (op.decision) {
      case 'approve':
        replies = [await approve()];
        break;
      case 'reject':
        replies = [await reject()];
        break;
      case 'cancel':
        replies = [
          await t.request({
            method: 'GET',
            url: '/api/airtime-swap/pending/clear',
            token: owner.token,
          }),
        ];
        break;
      case 'race':
        replies = await Promise.all([approve(), reject()]);
        break;
    }
    model.count('swap decision', replies.length);
    for (const res of replies) check5xx(`swap ${op.decision}`, res);
    const oks = replies.filter((r) => r.statusCode === 200);
    if (op.decision === 'race' && oks.length !== 1) {
      model.flag('approve and reject raced: not exactly one won', oks.length, replies[0]!.body);
    }
    const approved =
      (op.decision === 'approve' || op.decision === 'race') && replies[0]!.statusCode === 200;
    if (!approved) return;
    if (op.payout === 'wallet') {
      entry.completed += 1;
      return;
    }
    const done = await verify(ref, { action: 'complete', payoutReference: 'B-2' });
    model.count('swap decision');
    check5xx('swap complete', done);
    if (done.statusCode === 200) entry.completed += 1;
    else model.flag('a bank swap in PROCESSING could not be completed', done.statusCode, done.body);
  }

  async function adminAction(op: Extract<Operation, { kind: 'admin' }>) {
    await until(() => model.orderIds.length > 0);
    if (model.orderIds.length === 0) return;
    const id = model.orderIds[op.pick % model.orderIds.length]!;
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/admin/transactions/${id}/${op.action}`,
        token: admin.token,
        payload: { reason: 'conservation test' },
      });
    const replies = await Promise.all(op.twice ? [send(), send()] : [send()]);
    model.count(`admin ${op.action}`, replies.length);
    const order = model.orders.get(id)!;
    let oks = 0;
    for (const res of replies) {
      check5xx(`admin ${op.action}`, res);
      if (res.statusCode !== 200) continue;
      oks += 1;
      if (op.action === 'refund') order.refunded = true;
      if (op.action === 'approve') order.approved = true;
      if (op.action === 'reverse') order.reversals += 1;
    }
    if (oks > 1) model.flag(`admin ${op.action} answered 200 twice`, 200, id);
  }

  async function tick(ms: number) {
    t.clock.advance(ms);
    await t.services.reconciler.runOnce();
    await t.services.deposits.sweepOpenCheckouts();
  }

  return async function play(op: Operation): Promise<void> {
    switch (op.kind) {
      case 'purchase': {
        const route = routes[op.product];
        return order(
          op.product,
          op.user,
          route.url,
          route.body(op.scenario),
          op.scenario,
          route.priceKobo,
          op.duplicate,
        );
      }
      case 'betting':
        return order(
          'betting',
          op.user,
          '/api/biller/betting',
          {
            billerId: 'BET9JA',
            itemId: 'BET9JA_TOPUP',
            amount: op.naira,
            rechargeAccount: betAccount(op.scenario),
            transactionPin: PIN,
          },
          op.scenario,
          op.naira * 100,
          op.duplicate,
        );
      case 'transfer':
        return transfer(op);
      case 'deposit':
        return deposit(op);
      case 'webhookReplay':
        return replay(op.pick);
      case 'swap':
        return swap(op);
      case 'admin':
        return adminAction(op);
      case 'tick':
        return tick(op.ms);
    }
  };
}
