import { eq } from 'drizzle-orm';
import type { ApiProcess } from '../../../../scripts/bench/api-process';
import { purchases } from '../../../../apps/api/src/db/schema';
import { requerySupplier } from '../../../../apps/api/src/modules/purchases/supplier-calls';
import { killNow, type Cluster } from './cluster';
import { ConnectionLost, eventually, type Reply } from './client';
import {
  PHONES,
  depositIntent,
  payDeposit,
  purchaseIntent,
  swapIntent,
  transferIntent,
  type Intent,
} from './flows';

/**
 * One kill: a flow driven into an API process started with CRASH_AT (or killed by the test while
 * the supplier holds the call), up to the moment it dies. Returns what the client still wants
 * done; the test retries it on the restarted process.
 */
export interface Scenario {
  flow: 'purchase' | 'transfer' | 'deposit' | 'swap';
  /** The crash point, or 'purchase:during-supplier' (killed from outside). */
  point: string;
  crashAt?: string;
  /** The purchase's end the supplier's records imply (checked besides the generic checks). */
  expectOrder?: 'delivered' | 'failed';
  crash(c: Cluster, api: ApiProcess, admin: { token: string }): Promise<Intent>;
}

/** The request must be cut by the death of the process, not answered. */
async function expectCut(api: ApiProcess, point: string, sending: Promise<Reply>) {
  let reply: Reply;
  try {
    reply = await sending;
  } catch (error) {
    if (error instanceof ConnectionLost) return;
    throw error;
  }
  throw new Error(
    `expected the API to die at ${point}, it answered ${reply.status} ${reply.text}\n${api.output()}`,
  );
}

const baseOf = (api: ApiProcess) => `http://127.0.0.1:${api.port}`;

function purchaseAt(point: string, phone: string, expectOrder: 'delivered' | 'failed'): Scenario {
  return {
    flow: 'purchase',
    point,
    crashAt: point,
    expectOrder,
    async crash(c, api) {
      const intent = purchaseIntent(await c.customer(1_000), phone);
      await expectCut(api, point, intent.send(baseOf(api)));
      return intent;
    },
  };
}

/**
 * Killed while the supplier holds the call: the request reached it (it has recorded the order)
 * and no answer has come back. The sandbox's "timeout" number holds the reply for a minute.
 */
const duringSupplierCall: Scenario = {
  flow: 'purchase',
  point: 'purchase:during-supplier',
  expectOrder: 'delivered',
  async crash(c, api) {
    const user = await c.customer(1_000);
    const intent = purchaseIntent(user, PHONES.timeout);
    const sending = intent.send(baseOf(api));
    sending.catch(() => {});
    await eventually('the supplier to record the order', async () => {
      const [order] = await c.db.db.select().from(purchases).where(eq(purchases.userId, user.id));
      if (!order) return false;
      const truth = await requerySupplier(c.suppliers, order);
      return truth.status === 'delivered';
    });
    killNow(api);
    await expectCut(api, 'purchase:during-supplier', sending);
    return intent;
  },
};

function transferAt(point: string): Scenario {
  return {
    flow: 'transfer',
    point,
    crashAt: point,
    async crash(c, api) {
      const intent = transferIntent(await c.customer(5_000), await c.customer(0), 1_500);
      await expectCut(api, point, intent.send(baseOf(api)));
      return intent;
    },
  };
}

function depositAt(point: string): Scenario {
  return {
    flow: 'deposit',
    point,
    crashAt: point,
    async crash(c, api) {
      const intent = await depositIntent(c, baseOf(api), await c.customer(0), 1_500);
      // PalmPay's notification for this order reaches this process through the front door.
      c.frontDoor.route(intent.orderId, api.port);
      const acknowledged = await payDeposit(c, intent);
      if (acknowledged) throw new Error(`expected the API to die at ${point}:\n${api.output()}`);
      // Its retries now go wherever the front door sends everything else.
      c.frontDoor.unroute(intent.orderId);
      return intent;
    },
  };
}

function swapAt(point: string): Scenario {
  return {
    flow: 'swap',
    point,
    crashAt: point,
    async crash(c, api, admin) {
      const intent = await swapIntent(baseOf(api), await c.customer(0), admin, 1_000);
      await expectCut(api, point, intent.send(baseOf(api)));
      return intent;
    },
  };
}

/** One kill per flow and phase boundary (the short run). */
export const SCENARIOS: Scenario[] = [
  purchaseAt('purchase:before-reserve', PHONES.delivered, 'delivered'),
  // Reserved, never sent: the supplier has no such order, so it is refunded.
  purchaseAt('purchase:after-reserve', PHONES.delivered, 'failed'),
  duringSupplierCall,
  purchaseAt('purchase:after-supplier', PHONES.delivered, 'delivered'),
  // Dies with the supplier's refusal in hand, before the one statement that voids it: the
  // reconciler learns the failure from the supplier and voids it once.
  purchaseAt('purchase:before-settle', PHONES.failed, 'failed'),
  purchaseAt('purchase:after-post', PHONES.delivered, 'delivered'),
  transferAt('transfer:before-call'),
  transferAt('transfer:after-commit'),
  depositAt('webhook:after-signature'),
  depositAt('deposit:before-commit'),
  depositAt('deposit:after-commit'),
  swapAt('swap:before-commit'),
  swapAt('swap:after-commit'),
];
