import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SANDBOX_CONTROL_PREFIXES } from '@owo/providers/sandbox/server';
import { SWAP_RATE_PERCENT } from '@owo/shared/constants';
import { deposits } from '../../../../apps/api/src/db/schema';
import { multipart } from '../../../../apps/api/test/multipart';
import { pngImage } from '../../../../apps/api/test/airtime-swap-support';
import { PIN, type Cluster, type Customer } from './cluster';
import { call, type Reply } from './client';

/**
 * One thing a client wants done, and how it retries it: the same request with the same
 * Idempotency-Key (purchases, transfers), the same signed notification (PalmPay's retry of a
 * deposit webhook) or the same admin action (a swap approval). `settled` tells a definite answer
 * from one that asks for a retry. The checks (checks.ts) compare the database with these.
 */
export type Intent = PurchaseIntent | TransferIntent | DepositIntent | SwapIntent;

interface Base {
  /** Sends (or re-sends) the request to an API at `base`. */
  send(base: string): Promise<Reply>;
  settled(reply: Reply): boolean;
}

export interface PurchaseIntent extends Base {
  kind: 'purchase';
  user: Customer;
  key: string;
  amountKobo: number;
}

export interface TransferIntent extends Base {
  kind: 'transfer';
  user: Customer;
  to: Customer;
  key: string;
  amountKobo: number;
}

export interface DepositIntent extends Base {
  kind: 'deposit';
  user: Customer;
  depositId: string;
  orderId: string;
  /** The checkout's account the customer pays into. */
  payerAccountNo: string;
  /** Filled once the customer has paid (the sandbox's simulated bank transfer). */
  orderNo?: string;
  notification?: string;
  amountKobo: number;
}

export interface SwapIntent extends Base {
  kind: 'swap';
  user: Customer;
  swapId: string;
  payoutKobo: number;
}

/** The sandbox's magic phones used here (docs/sandbox.md). */
export const PHONES = {
  delivered: '08031234567',
  failed: '08010000016',
  /** The supplier records it delivered at once and holds the reply for a minute. */
  timeout: '08010000300',
  pendingThenDelivered: '08010000099',
  pendingThenReversed: '08010000091',
} as const;

const AIRTIME_NAIRA = 100;

/** VTpass MTN airtime for ₦100: no plan to look up, and its phone picks the supplier's answer. */
export function purchaseIntent(user: Customer, phone: string): PurchaseIntent {
  const key = `crash-p-${randomUUID()}`;
  const body = { serviceID: 'mtn', phone, amount: AIRTIME_NAIRA, transactionPin: PIN };
  return {
    kind: 'purchase',
    user,
    key,
    amountKobo: AIRTIME_NAIRA * 100,
    send: (base) =>
      call(base, 'POST', '/api/vtpass/airtime', {
        token: user.token,
        body,
        headers: { 'idempotency-key': key },
      }),
    // 200 delivered, 202 processing (the reconciler finishes it), 422 failed and refunded.
    settled: (r) => [200, 202, 422].includes(r.status),
  };
}

export function transferIntent(user: Customer, to: Customer, naira: number): TransferIntent {
  const key = `crash-t-${randomUUID()}`;
  const body = { recipientIdentifier: to.email, amount: naira, transactionPin: PIN, note: 'crash' };
  return {
    kind: 'transfer',
    user,
    to,
    key,
    amountKobo: naira * 100,
    send: (base) =>
      call(base, 'POST', '/api/transfers', {
        token: user.token,
        body,
        headers: { 'idempotency-key': key },
      }),
    settled: (r) => r.status === 200,
  };
}

/** Opens a bank-transfer checkout (PalmPay) through the API; the customer has not paid yet. */
export async function depositIntent(
  c: Cluster,
  base: string,
  user: Customer,
  naira: number,
): Promise<DepositIntent> {
  const opened = await call(base, 'POST', '/api/deposit/bank-transfer', {
    token: user.token,
    body: { amount: naira },
  });
  if (opened.status !== 200) throw new Error(`bank-transfer: ${opened.status} ${opened.text}`);
  const depositId = opened.json().data._id as string;
  const [row] = await c.db.db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!row) throw new Error('the checkout deposit was not stored');
  const intent: DepositIntent = {
    kind: 'deposit',
    user,
    depositId,
    orderId: row.reference,
    amountKobo: naira * 100,
    payerAccountNo: row.payerAccountNo,
    // PalmPay's retry: the exact body it signed, again.
    send: (b) => {
      if (!intent.notification) throw new Error('the deposit was never paid');
      return call(b, 'POST', '/api/webhooks/palmpay', {
        raw: intent.notification,
        headers: { 'content-type': 'application/json' },
      });
    },
    settled: (r) => r.status === 200 && r.text === 'success',
  };
  return intent;
}

/**
 * The customer's bank transfer into the checkout account: the sandbox marks the order paid and
 * posts PalmPay's signed notification to PUBLIC_BASE_URL (the front door) before it answers.
 */
export async function payDeposit(c: Cluster, intent: DepositIntent) {
  const origin = new URL(c.sandbox.baseUrls.palmpay).origin;
  const accountNumber = intent.payerAccountNo;
  const res = await fetch(`${origin}${SANDBOX_CONTROL_PREFIXES.palmpay}/simulate-transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accountNumber, amountKobo: intent.amountKobo }),
  });
  const body = (await res.json()) as {
    orderNo: string;
    notification: Record<string, unknown>;
    delivered: boolean;
  };
  if (res.status !== 200) throw new Error(`simulate-transfer: ${res.status}`);
  intent.orderNo = body.orderNo;
  intent.notification = JSON.stringify(body.notification);
  return body.delivered;
}

/**
 * A wallet-payout swap made through the API up to the admin's approval (created, screenshot
 * uploaded); `send` is the admin's approve, which pays the wallet.
 */
export async function swapIntent(
  base: string,
  user: Customer,
  admin: { token: string },
  naira: number,
): Promise<SwapIntent> {
  const created = await call(base, 'POST', '/api/airtime-swap', {
    token: user.token,
    body: {
      network: 'MTN',
      amount: naira,
      userPhone: '08031234567',
      paymentMethod: 'wallet',
      walletEmail: user.email,
      transactionPin: PIN,
    },
  });
  if (created.status !== 200) throw new Error(`swap: ${created.status} ${created.text}`);
  const swapId = created.json().data.swapId as string;
  const form = multipart([
    { name: 'screenshot', data: await pngImage(), filename: 'sent.png', contentType: 'image/png' },
  ]);
  const uploaded = await call(base, 'POST', `/api/airtime-swap/${swapId}/upload`, {
    token: user.token,
    raw: form.payload,
    headers: form.headers,
  });
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${uploaded.text}`);
  return {
    kind: 'swap',
    user,
    swapId,
    payoutKobo: Math.floor((naira * SWAP_RATE_PERCENT) / 100) * 100,
    send: (b) =>
      call(b, 'PATCH', `/api/airtime-swap/admin/${swapId}/verify`, {
        token: admin.token,
        body: { action: 'approve' },
      }),
    // 409: it was approved (and paid) before the crash; the checks prove it was paid once.
    settled: (r) => r.status === 200 || r.status === 409,
  };
}

/** Sends until the answer is definite; a cut connection or a 5xx is retried like a client would. */
export async function untilSettled(
  intent: Intent,
  base: () => string | undefined,
  timeoutMs = 180_000,
): Promise<Reply> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no attempt';
  for (;;) {
    const target = base();
    if (target) {
      try {
        const reply = await intent.send(target);
        if (intent.settled(reply)) return reply;
        last = `${reply.status} ${reply.text.slice(0, 200)}`;
        if (reply.status < 500 && reply.status !== 409) {
          throw new Error(`${intent.kind}: refused for good: ${last}`);
        }
      } catch (error) {
        if (error instanceof Error && error.message.includes('refused for good')) throw error;
        last = String(error);
      }
    }
    if (Date.now() > deadline) throw new Error(`${intent.kind} never settled: ${last}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
