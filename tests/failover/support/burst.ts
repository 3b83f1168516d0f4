import { randomUUID } from 'node:crypto';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { simulateTransferUrl } from '@owo/providers/palmpay/simulator';
import { kind, type Plans } from '../../../apps/api/test/purchase-support';
import { CLUSTER_PIN, type Cluster } from '../../reliability/support/cluster/cluster';
import { call, type Reply } from '../../reliability/support/cluster/http';

/**
 * The load a failover test drives: every seeded customer in a loop of purchases (delivered,
 * pending then delivered, failing, and held by the supplier across the kill), transfers and
 * checkout deposits, through nginx. A client told 503 (or whose connection dropped) tries again
 * with the same Idempotency-Key after a pause, as the spec's clients do, until it gets a final
 * answer: so every operation ends acknowledged, and the test can check each against the database.
 */

const airtime = kind('VTpass airtime');
const NO_PLANS = {} as Plans;

export interface Attempt {
  sentAt: number;
  answeredAt: number;
  /** 0: the connection failed without an HTTP answer. */
  status: number;
  retryAfter: string | null;
  body: unknown;
}

export interface Operation {
  kind: 'purchase' | 'transfer' | 'deposit';
  scenario?: keyof typeof MAGIC_PHONES;
  userId: string;
  key: string;
  attempts: Attempt[];
  /** The final answer (not 503, not a dropped connection). */
  final?: Reply;
  /** deposit: the checkout created, and its amount. */
  depositId?: string;
  amountKobo?: number;
}

/** Purchase scenarios by weight: mostly delivered, some pending then delivered, some failing. */
const SCENARIOS: (keyof typeof MAGIC_PHONES)[] = [
  'delivered',
  'delivered',
  'delivered',
  'pendingThenDelivered',
  'failed',
  'timeout',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a client keeps retrying one operation before the test calls it lost. */
const GIVE_UP_MS = 120_000;

async function attempt(
  op: Operation,
  send: () => Promise<Reply>,
  isFinal: (reply: Reply) => boolean,
): Promise<Reply | undefined> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    const sentAt = Date.now();
    let reply: Reply | undefined;
    try {
      reply = await send();
    } catch {
      reply = undefined;
    }
    op.attempts.push({
      sentAt,
      answeredAt: Date.now(),
      status: reply?.status ?? 0,
      retryAfter: reply?.headers.get('retry-after') ?? null,
      body: reply?.body,
    });
    if (reply && isFinal(reply)) return reply;
    await sleep(250);
  }
  return undefined;
}

/** Not worth retrying: anything but "unavailable" (503) and "the same key is still running" (409). */
const settled = (reply: Reply) =>
  reply.status !== 503 && !(reply.status === 409 && reply.body?.code === 'IDEMPOTENCY_IN_PROGRESS');

async function purchase(cluster: Cluster, user: Cluster['users'][number], n: number) {
  const scenario = SCENARIOS[n % SCENARIOS.length]!;
  const op: Operation = {
    kind: 'purchase',
    scenario,
    userId: user.id,
    key: `fo-${randomUUID()}`,
    attempts: [],
  };
  const body = airtime.body(MAGIC_PHONES[scenario], NO_PLANS, CLUSTER_PIN);
  op.final = await attempt(
    op,
    () =>
      call(cluster.origin, 'POST', airtime.url, {
        token: user.token,
        json: body,
        headers: { 'idempotency-key': op.key },
      }),
    settled,
  );
  return op;
}

async function transfer(cluster: Cluster, user: Cluster['users'][number], n: number) {
  const others = cluster.users.filter((u) => u.id !== user.id);
  const op: Operation = {
    kind: 'transfer',
    userId: user.id,
    key: `ft-${randomUUID()}`,
    attempts: [],
  };
  const json = {
    recipientIdentifier: others[n % others.length]!.id,
    amount: 10 + (n % 90),
    transactionPin: CLUSTER_PIN,
  };
  op.final = await attempt(
    op,
    () =>
      call(cluster.origin, 'POST', '/api/transfers', {
        token: user.token,
        json,
        headers: { 'idempotency-key': op.key },
      }),
    settled,
  );
  return op;
}

/**
 * A checkout deposit paid at PalmPay: PalmPay's own notification goes to nginx (and may meet the
 * outage); the client then sends PalmPay's exact notification again until it is answered, as
 * PalmPay retries an unanswered one.
 */
async function deposit(cluster: Cluster, user: Cluster['users'][number], n: number) {
  const naira = 100 + (n % 20) * 100;
  const op: Operation = {
    kind: 'deposit',
    userId: user.id,
    key: `fd-${randomUUID()}`,
    attempts: [],
    amountKobo: naira * 100,
  };
  const created = await attempt(
    op,
    () =>
      call(cluster.origin, 'POST', '/api/deposit/bank-transfer', {
        token: user.token,
        json: { amount: naira },
      }),
    settled,
  );
  if (created?.status !== 200) return op;
  op.depositId = created.body.data._id as string;
  const paid = await fetch(simulateTransferUrl(cluster.sandbox.baseUrls), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accountNumber: created.body.data.payerVirtualAccNo,
      amountKobo: op.amountKobo,
    }),
  });
  const { notification } = (await paid.json()) as { notification: Record<string, unknown> };
  const raw = JSON.stringify(notification);
  op.final = await attempt(
    op,
    () => call(cluster.origin, 'POST', '/api/webhooks/palmpay', { raw }),
    (reply) => reply.status === 200,
  );
  return op;
}

/**
 * Runs the load until `stop()` is called, then waits for every operation in flight to end.
 * `kinds` narrows it (the standby-loss check runs purchases only).
 */
export function startBurst(
  cluster: Cluster,
  customers: number,
  kinds: Operation['kind'][] = ['purchase', 'purchase', 'transfer', 'deposit'],
) {
  const operations: Operation[] = [];
  let stopping = false;
  const worker = async (index: number) => {
    const user = cluster.users[index]!;
    for (let n = 0; !stopping; n += 1) {
      const which = kinds[(n + index) % kinds.length]!;
      const op =
        which === 'purchase'
          ? await purchase(cluster, user, n + index)
          : which === 'transfer'
            ? await transfer(cluster, user, n)
            : await deposit(cluster, user, n);
      operations.push(op);
    }
  };
  const running = Promise.all(Array.from({ length: customers }, (_, i) => worker(i)));
  return {
    operations,
    async stop() {
      stopping = true;
      await running;
      return operations;
    },
  };
}
