/**
 * `npm run demo`: a demo customer (with two friends) and an admin, and three weeks of varied
 * history, so every screen and the admin dashboard show something real on the first visit.
 *
 * Everything goes through the app's own routes on a clock set back in time: deposits are bank
 * transfers played on the PalmPay simulator and credited by its signed webhook, purchases go to
 * the supplier simulators, swaps are decided by the admin. Nothing is inserted around the ledger,
 * so the ledger audit holds. Idempotent (a second run finds the demo and stops) and it refuses a
 * database with anyone else in it.
 */
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { simulateTransferUrl } from '@owo/providers/palmpay/simulator';
import { sandboxBaseUrls } from '@owo/providers/sandbox/server';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { createAdminCommands } from '../../admin-cli/commands';
import { sandboxEnabled } from '../service';
import { DEMO_ADMIN, DEMO_CUSTOMERS, DEMO_PIN } from './accounts';
import { accountCounts, logIn, signUpCustomer, type DemoUser } from './people';
import { loadPlans } from './plans';
import { playPurchases } from './purchases';
import { playSwaps } from './swaps';
import { dataOf, requester } from './requests';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_DAYS = 21;

export interface DemoOptions {
  app: FastifyInstance;
  /** The clock the app and the simulators run on; the seed sets it to each day it plays. */
  clock: Clock & { set(at: Date): void };
  /** Where the simulators listen (their control call plays bank transfers). */
  sandboxOrigin: string;
  /** Real time "now": the history ends here. */
  now?: Date;
  log?: (line: string) => void;
}

export type DemoResult =
  | { status: 'seeded'; orders: number }
  | { status: 'already-seeded' }
  | { status: 'refused'; reason: string };

export async function seedDemo(options: DemoOptions): Promise<DemoResult> {
  const { app, clock } = options;
  const log = options.log ?? (() => {});
  const { deps, sandbox } = app.services;
  if (!sandboxEnabled(deps.config) || !sandbox) {
    return { status: 'refused', reason: 'the demo runs in sandbox mode only (PROVIDER_MODE=live)' };
  }
  const counts = await accountCounts(deps.database.db);
  if (counts.others > 0) {
    return {
      status: 'refused',
      reason: `the database has ${counts.others} account(s) that are not the demo's; the demo only seeds an empty database`,
    };
  }
  if (counts.demo > 0) return { status: 'already-seeded' };

  const call = requester(app);
  const end = options.now ?? new Date();
  // 09:00 Lagos (08:00 UTC) on the first day; each step moves forward from there.
  const start = new Date(end.getTime() - DEMO_DAYS * DAY_MS);
  start.setUTCHours(8, 0, 0, 0);
  const people: DemoUser[] = [];
  const onDay = async (day: number, hour = 0) => {
    clock.set(new Date(start.getTime() + day * DAY_MS + hour * 3_600_000));
    // Sessions last a week: sign in again as the days go by, as a real customer would.
    for (const person of people) {
      if (clock.now().getTime() - person.signedInAt > 3 * DAY_MS) {
        Object.assign(person, await logIn(call, person.email, clock.now()));
      }
    }
  };

  await onDay(0);
  await createAdminCommands(deps).createAdmin(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const admin = await logIn(call, DEMO_ADMIN.email, clock.now());
  const ada = await signUpCustomer(call, sandbox.inbox, DEMO_CUSTOMERS.ada, clock.now());
  const bola = await signUpCustomer(call, sandbox.inbox, DEMO_CUSTOMERS.bola, clock.now());
  const chidi = await signUpCustomer(call, sandbox.inbox, DEMO_CUSTOMERS.chidi, clock.now());
  people.push(admin, ada, bola, chidi);
  log('accounts created');

  const transferUrl = simulateTransferUrl(sandboxBaseUrls(options.sandboxOrigin));
  const deposit = async (user: DemoUser, naira: number) => {
    const opened = await call('POST', '/api/deposit/bank-transfer', {
      token: user.token,
      payload: { amount: naira },
    });
    const { payerVirtualAccNo } = dataOf<{ payerVirtualAccNo: string }>(opened);
    const played = await fetch(transferUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber: payerVirtualAccNo, amountKobo: naira * 100 }),
    });
    const body = (await played.json()) as { ok?: boolean; delivered?: boolean };
    if (!played.ok || !body.ok || !body.delivered) {
      throw new Error(`demo: the sandbox transfer was not credited (${JSON.stringify(body)})`);
    }
  };

  await deposit(ada, 25_000);
  await onDay(0, 2);
  await deposit(bola, 8_000);
  await deposit(chidi, 1_000);
  log('deposits');

  const plans = await loadPlans(call, ada.token);
  let orders = 0;
  const buy = async (url: string, payload: Record<string, unknown>, accept = [200]) => {
    orders += 1;
    await call(
      'POST',
      url,
      { token: ada.token, payload: { ...payload, transactionPin: DEMO_PIN } },
      accept,
    );
  };
  await playPurchases(onDay, buy, plans);
  log('purchases');

  await onDay(9, 3);
  await call('POST', '/api/transfers', {
    token: ada.token,
    payload: {
      recipientIdentifier: bola.email,
      amount: 1_500,
      transactionPin: DEMO_PIN,
      note: 'Lunch',
    },
  });
  await onDay(10);
  await buy('/api/biller/betting', {
    billerId: 'BET9JA',
    itemId: 'BET9JA_TOPUP',
    amount: 1_000,
    rechargeAccount: '55554444',
  });
  await onDay(12, 1);
  await deposit(ada, 10_000);
  await onDay(14, 5);
  await call('POST', '/api/transfers', {
    token: bola.token,
    payload: {
      recipientIdentifier: ada.email,
      amount: 700,
      transactionPin: DEMO_PIN,
      note: 'Thanks!',
    },
  });
  log('transfers and betting');

  await playSwaps(call, onDay, { ada, bola, chidi, admin });
  log('airtime to cash');

  // An order the supplier never settles: it shows as processing, then in the admin's queue.
  await onDay(DEMO_DAYS - 1, 4);
  await buy(
    '/api/vtpass/data',
    {
      phone: MAGIC_PHONES.pendingForever,
      serviceID: 'mtn-data',
      variation_code: plans.vtpassData.variationCode,
    },
    [202],
  );
  clock.set(end);
  Object.assign(ada, await logIn(call, ada.email, end));
  await deposit(ada, 2_000);
  await buy('/api/transactions/data', {
    network: plans.inhouseData.network,
    mobile_number: DEMO_CUSTOMERS.ada.phone,
    plan: plans.inhouseData.plan,
    Ported_number: true,
  });
  // Finished days for the admin dashboard (the server would roll them up within minutes too).
  while ((await app.services.analyticsRollup.runOnce()).rolled.length > 0) {
    // a backlog of days: go on until none is left
  }
  return { status: 'seeded', orders };
}
