import { randomUUID } from 'node:crypto';
import { MAGIC_METERS, MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import { simulateTransferUrl } from '@owo/providers/palmpay/simulator';
import { PURCHASE_KINDS, type Plans } from '../../../../apps/api/test/purchase-support';
import { signedByPalmPay } from '../../../../apps/api/test/deposit-support';
import { CLUSTER_PIN, type Cluster } from './cluster';
import { call, type Reply } from './http';
import { seededRandom } from '../../../../scripts/bench/seeded-random';

/**
 * The load the multi-process test puts on a cluster: seeded customers each running a random
 * sequence of purchases (every supplier outcome the sandbox can give, pending ones included),
 * transfers, deposits and reads, some sent as duplicates to every process at once. It records
 * what was sent and every reply, for the test to check against the database afterwards.
 */

/**
 * Outcomes that end by themselves (pendingForever never does, so it has no place here; nor does
 * noReply on DataStation, which documents no "never received" answer: that order waits for an
 * admin, decision 0018).
 */
export const SCENARIOS = [
  'delivered',
  'failed',
  'pendingThenDelivered',
  'pendingThenReversed',
  'http500',
  'malformed',
  'timeout',
  'noReply',
] as const;

/** Airtime and electricity are priced by their amount, so no plan is needed to buy them. */
const NO_PLANS = {} as Plans;
const KINDS = PURCHASE_KINDS.filter((k) =>
  ['VTpass airtime', 'in-house airtime', 'VTpass electricity', 'in-house electricity'].includes(
    k.name,
  ),
);

export interface KeyedRequest {
  kind: 'purchase' | 'transfer';
  userId: string;
  key: string;
  /** How many processes got the same request at once (1: sent once through the proxy). */
  copies: number;
  replies: Reply[];
}

export interface DepositRun {
  userId: string;
  depositId: string;
  amountKobo: number;
  /** Notifications sent for it: PalmPay's own, racing signed copies, replays of PalmPay's. */
  deliveries: number;
  replies: Reply[];
}

export interface LoadRecord {
  keyed: KeyedRequest[];
  deposits: DepositRun[];
  reads: Reply[];
  /** Every reply, for the status tally. */
  all: Reply[];
}

const idempotent = (key: string) => ({ 'idempotency-key': key });

/**
 * A checkout deposit paid at PalmPay, whose notification reaches the cluster many times at once:
 * PalmPay's own delivery (through the proxy, to the notifyUrl the API gave it) races a signed
 * copy sent straight to every process, then PalmPay's exact body is replayed to every process.
 */
async function deposit(
  cluster: Cluster,
  user: { token: string; id: string },
  naira: number,
  record: LoadRecord,
) {
  const created = await call(cluster.origin, 'POST', '/api/deposit/bank-transfer', {
    token: user.token,
    json: { amount: naira },
  });
  record.all.push(created);
  if (created.status !== 200)
    throw new Error(`deposit: ${created.status} ${JSON.stringify(created.body)}`);
  const depositId = created.body.data._id as string;
  const [row] = await cluster.database.query<{ reference: string; provider_order_no: string }>(
    'select reference, provider_order_no from deposits where id = $1',
    [depositId],
  );
  if (!row) throw new Error(`deposit ${depositId} not stored`);
  const amountKobo = naira * 100;
  const copy = signedByPalmPay({
    orderId: row.reference,
    orderNo: row.provider_order_no,
    appId: SANDBOX_KEYS.palmpay.appId,
    amount: amountKobo,
    orderStatus: 2,
    currency: 'NGN',
    completeTime: Date.now(),
    payMethod: 'bank_transfer',
    payerAccountNo: '0123456789',
    payerAccountName: 'RACING COPY',
    payerBankName: 'Test Bank',
  });
  const webhook = (origin: string, raw: string) =>
    call(origin, 'POST', '/api/webhooks/palmpay', { raw });
  const [paid, ...raced] = await Promise.all([
    fetch(simulateTransferUrl(cluster.sandbox.baseUrls), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber: created.body.data.payerVirtualAccNo, amountKobo }),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { notification: Record<string, unknown>; delivered: boolean },
    })),
    ...cluster.origins.map((origin) => webhook(origin, copy)),
  ]);
  if (paid.status !== 200) throw new Error(`simulate-transfer: ${paid.status}`);
  const replayed = await Promise.all(
    cluster.origins.map((origin) => webhook(origin, JSON.stringify(paid.body.notification))),
  );
  const replies = [...raced, ...replayed];
  record.all.push(...replies);
  record.deposits.push({
    userId: user.id,
    depositId,
    amountKobo,
    deliveries: 1 + replies.length,
    replies,
  });
}

/** One customer's random sequence of operations. */
async function customer(
  cluster: Cluster,
  index: number,
  operations: number,
  seed: number,
  record: LoadRecord,
) {
  const rng = seededRandom(seed * 1_000 + index);
  const user = cluster.users[index]!;
  const others = cluster.users.filter((u) => u.id !== user.id);
  for (let op = 0; op < operations; op += 1) {
    const roll = rng.next();
    if (roll < 0.55) {
      const kind = rng.pick(KINDS);
      const scenario = rng.pick(
        kind.supplier === 'datastation' ? SCENARIOS.filter((s) => s !== 'noReply') : SCENARIOS,
      );
      const value = kind.magic === 'phone' ? MAGIC_PHONES[scenario] : MAGIC_METERS[scenario];
      const body = kind.body(value, NO_PLANS, CLUSTER_PIN);
      // One in three is sent to every process at once, as a client retrying through a balancer.
      const copies = rng.next() < 0.33 ? cluster.origins.length : 1;
      const key = `mp-${randomUUID()}`;
      const targets = copies === 1 ? [cluster.origin] : cluster.origins;
      const replies = await Promise.all(
        targets.map((origin) =>
          call(origin, 'POST', kind.url, {
            token: user.token,
            json: body,
            headers: idempotent(key),
          }),
        ),
      );
      record.all.push(...replies);
      record.keyed.push({ kind: 'purchase', userId: user.id, key, copies, replies });
    } else if (roll < 0.8) {
      const to = rng.pick(others);
      const copies = rng.next() < 0.33 ? cluster.origins.length : 1;
      const key = `mt-${randomUUID()}`;
      const targets = copies === 1 ? [cluster.origin] : cluster.origins;
      const json = {
        recipientIdentifier: to.id,
        amount: 10 + rng.int(190),
        transactionPin: CLUSTER_PIN,
      };
      const replies = await Promise.all(
        targets.map((origin) =>
          call(origin, 'POST', '/api/transfers', {
            token: user.token,
            json,
            headers: idempotent(key),
          }),
        ),
      );
      record.all.push(...replies);
      record.keyed.push({ kind: 'transfer', userId: user.id, key, copies, replies });
    } else if (roll < 0.9) {
      await deposit(cluster, user, 100 + rng.int(50) * 100, record);
    } else {
      const read = await call(cluster.origin, 'GET', '/api/transactions?limit=20', {
        token: user.token,
      });
      record.reads.push(read);
      record.all.push(read);
    }
  }
}

/** Every seeded customer at once, each with its own sequence. */
export async function runLoad(
  cluster: Cluster,
  options: { customers: number; operations: number; seed: number },
): Promise<LoadRecord> {
  const record: LoadRecord = { keyed: [], deposits: [], reads: [], all: [] };
  await Promise.all(
    Array.from({ length: options.customers }, (_, i) =>
      customer(cluster, i, options.operations, options.seed, record),
    ),
  );
  return record;
}
