import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPalmPay } from '@owo/providers/sandbox/test-support';
import type { PalmPayClient } from '@owo/providers/types';
import { CHECKOUT_EXPIRY_S } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import {
  balanceKobo,
  createTestApp,
  expectLedgerConsistent,
  signUp,
  type TestApp,
} from './harness';
import {
  DEAD_ORIGIN,
  bankTransfer,
  depositCredits,
  depositRow,
  depositStatus,
  eventsOf,
  moneyRowCounts,
  postWebhook,
  rawBody,
  sessionStatus,
  simulateTransfer,
  verifiedCustomer,
  withoutWebhooks,
} from './deposit-support';
import { shardCode } from '../src/ledger/ledger';

describe('deposits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Swaps the PalmPay adapter for the duration of `fn` (a real adapter, another base URL). */
  async function withPalmPay<T>(client: PalmPayClient, fn: () => Promise<T>): Promise<T> {
    const real = t.deps.providers.palmpay;
    t.deps.providers.palmpay = client;
    try {
      return await fn();
    } finally {
      t.deps.providers.palmpay = real;
    }
  }

  it('bank transfer: a checkout session, the transfer, the webhook; exactly the paid amount', async () => {
    const user = await signUp(t);
    const res = await bankTransfer(t, user.token, 1500);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      success: true,
      message: messages.depositCheckoutCreated,
      data: {
        merchantName: 'Owo Payments',
        payerBankName: 'PalmPay',
        payerAccountName: 'Owo Payments',
        amount: 1500,
      },
    });
    expect(session.data.payerVirtualAccNo).toMatch(/^\d{10}$/);
    expect(session.data.sdkSessionId).not.toBe('');
    const expiresIn = Date.parse(session.data.expiresAt) - t.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan((CHECKOUT_EXPIRY_S - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(CHECKOUT_EXPIRY_S * 1000);

    const pending = await depositStatus(t, user.token, session.data._id);
    expect(pending.json()).toMatchObject({
      message: messages.depositStillPending,
      data: { status: 'Pending', amount: 1500, creditedAmount: 0 },
    });
    expect(await balanceKobo(t, user.token)).toBe(0);

    const transfer = await simulateTransfer(t, session.data.payerVirtualAccNo, 150_000);
    expect(transfer).toMatchObject({ ok: true, kind: 'checkout', delivered: true });

    const done = await depositStatus(t, user.token, session.data._id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      message: 'Payment received. Your wallet has been credited with ₦1,500.00.',
      data: { _id: session.data._id, status: 'Completed', amount: 1500, creditedAmount: 1500 },
    });
    const bySession = await sessionStatus(t, user.token, session.data.sdkSessionId);
    expect(bySession.json().data).toMatchObject({ _id: session.data._id, status: 'Completed' });
    expect(await balanceKobo(t, user.token)).toBe(150_000);

    const [credit, ...others] = await depositCredits(t, user.id);
    expect(others).toHaveLength(0);
    expect(credit).toMatchObject({
      type: 'credit',
      serviceType: 'deposit',
      status: 'success',
      amountKobo: 150_000,
      reference: `PP-${transfer.orderNo}`,
    });
    expect(credit?.metadata).toMatchObject({
      virtualAccountNo: session.data.payerVirtualAccNo,
      payerAccountNo: transfer.notification.payerAccountNo,
      payerAccountName: transfer.notification.payerAccountName,
      payerBankName: transfer.notification.payerBankName,
    });
    expect(typeof credit?.metadata.processedAt).toBe('string');
    expect(await depositRow(t, session.data._id)).toMatchObject({
      status: 'completed',
      creditedKobo: 150_000,
      transactionId: credit?.id,
      providerOrderNo: transfer.orderNo,
    });

    // The customer's history shows the deposit as the spec's Transaction.
    const history = await t.request({ method: 'GET', url: '/api/transactions', token: user.token });
    expect(history.json().transactions[0]).toMatchObject({
      type: 'credit',
      serviceType: 'deposit',
      amount: 1500,
      metadata: { virtualAccountNo: session.data.payerVirtualAccNo },
    });
    await expectLedgerConsistent(t);
  });

  it('credits what was actually paid when it differs from the session amount', async () => {
    const user = await signUp(t);
    const session = (await bankTransfer(t, user.token, '2,000')).json().data;
    await simulateTransfer(t, session.payerVirtualAccNo, 123_456);
    const done = (await depositStatus(t, user.token, session._id)).json().data;
    expect(done).toMatchObject({ status: 'Completed', amount: 2000, creditedAmount: 1234.56 });
    expect(await balanceKobo(t, user.token)).toBe(123_456);
    await expectLedgerConsistent(t);
  });

  it('the status check credits when the webhook never came; the late webhook credits nothing', async () => {
    const user = await signUp(t);
    const session = await withoutWebhooks(
      t,
      async () => (await bankTransfer(t, user.token, 700)).json().data,
    );
    const transfer = await simulateTransfer(t, session.payerVirtualAccNo, 70_000);
    expect(transfer.delivered).toBe(false);
    expect(await balanceKobo(t, user.token)).toBe(0);

    // The countdown ends: the screen asks by id; PalmPay says paid; the credit happens here.
    const status = await depositStatus(t, user.token, session._id);
    expect(status.json().data).toMatchObject({ status: 'Completed', creditedAmount: 700 });
    expect(await balanceKobo(t, user.token)).toBe(70_000);
    const events = (await eventsOf(t)).filter(
      (e) => e.eventId === `checkout:${transfer.orderNo}:2`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({ receivedVia: 'status_check' });

    // PalmPay's retry finally gets through: the same signed body, acknowledged, no second credit.
    const before = await moneyRowCounts(t);
    const late = await postWebhook(t, rawBody(transfer));
    expect(late).toEqual({ status: 200, text: 'success' });
    expect(await moneyRowCounts(t)).toEqual(before);
    expect(await balanceKobo(t, user.token)).toBe(70_000);
    expect(await depositCredits(t, user.id)).toHaveLength(1);
    // And asking again changes nothing either.
    expect((await depositStatus(t, user.token, session._id)).json().data.status).toBe('Completed');
    expect(await balanceKobo(t, user.token)).toBe(70_000);
    await expectLedgerConsistent(t);
  });

  it('the sweeper credits a paid checkout nobody asked about; a second sweep and the late webhook credit nothing', async () => {
    const user = await signUp(t);
    const session = await withoutWebhooks(
      t,
      async () => (await bankTransfer(t, user.token, 400)).json().data,
    );
    const transfer = await simulateTransfer(t, session.payerVirtualAccNo, 40_000);
    expect(transfer.delivered).toBe(false);

    // Not idle long enough yet: nothing is asked, nothing credited.
    await t.services.deposits.sweepOpenCheckouts(1000);
    expect(await balanceKobo(t, user.token)).toBe(0);

    // Idle for minutes (within the countdown). Rows carry the database's time and the test clock
    // started with the file, so step well past the minute the sweeper waits.
    t.clock.advance(4 * 60_000);
    expect(await t.services.deposits.sweepOpenCheckouts(1000)).toBeGreaterThanOrEqual(1);
    expect(await balanceKobo(t, user.token)).toBe(40_000);
    expect((await depositRow(t, session._id))?.status).toBe('completed');

    t.clock.advance(4 * 60_000);
    await t.services.deposits.sweepOpenCheckouts(1000);
    const late = await postWebhook(t, rawBody(transfer));
    expect(late).toEqual({ status: 200, text: 'success' });
    expect(await balanceKobo(t, user.token)).toBe(40_000);
    expect(await depositCredits(t, user.id)).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('an unpaid session reads Expired after its countdown; a payment after that still counts', async () => {
    const user = await signUp(t);
    const session = (await bankTransfer(t, user.token, 300)).json().data;
    t.clock.advance((CHECKOUT_EXPIRY_S + 60) * 1000);
    const expired = await depositStatus(t, user.token, session._id);
    expect(expired.json()).toMatchObject({
      message: messages.depositExpired,
      data: { status: 'Expired', creditedAmount: 0 },
    });
    expect((await depositRow(t, session._id))?.status).toBe('expired');

    const transfer = await simulateTransfer(t, session.payerVirtualAccNo, 30_000);
    expect(transfer.delivered).toBe(true);
    expect((await depositStatus(t, user.token, session._id)).json().data).toMatchObject({
      status: 'Completed',
      creditedAmount: 300,
    });
    expect(await balanceKobo(t, user.token)).toBe(30_000);
    await expectLedgerConsistent(t);
  });

  it('verified customers pay into their permanent account; every transfer into it counts', async () => {
    const user = await verifiedCustomer(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/deposit',
      token: user.token,
      payload: { amount: 2000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json();
    expect(intent).toMatchObject({
      success: true,
      message: messages.depositVirtualCreated,
      data: {
        virtualAccountNo: user.account.accountNumber,
        bankName: 'PalmPay',
        amount: 2000,
      },
    });
    expect(intent.data.virtualAccountName).toContain('Ada Obi');

    const transfer = await simulateTransfer(t, user.account.accountNumber, 200_000);
    expect(transfer).toMatchObject({ kind: 'virtual_account', delivered: true });
    expect(await balanceKobo(t, user.token)).toBe(200_000);
    expect((await depositStatus(t, user.token, intent.data._id)).json().data).toMatchObject({
      status: 'Completed',
      creditedAmount: 2000,
    });
    const viaAccount = await t.request({
      method: 'GET',
      url: `/api/account/virtual/${intent.data._id}`,
      token: user.token,
    });
    expect(viaAccount.json()).toMatchObject({
      success: true,
      data: {
        _id: intent.data._id,
        virtualAccountNo: user.account.accountNumber,
        status: 'Completed',
        creditedAmount: 2000,
      },
    });

    // POST account/virtual is the same intent; a transfer with no intent open is credited too.
    const again = await t.request({
      method: 'POST',
      url: '/api/account/virtual',
      token: user.token,
      payload: { amount: 100 },
    });
    expect(again.json().data.virtualAccountNo).toBe(user.account.accountNumber);
    await simulateTransfer(t, user.account.accountNumber, 10_000);
    await simulateTransfer(t, user.account.accountNumber, 5_050);
    expect(await balanceKobo(t, user.token)).toBe(215_050);
    expect(await depositCredits(t, user.id)).toHaveLength(3);
    const credit = (await depositCredits(t, user.id)).find((c) => c.amountKobo === 5_050);
    expect(credit?.metadata).toMatchObject({
      virtualAccountNo: user.account.accountNumber,
      payerAccountNo: '0123456789',
    });
    // Each credit draws on its own shard of the outside account (eight rows, migration 0029), so
    // concurrent deposits do not queue on one row.
    const debits = (await t.deps.database.db.execute(sql`
      select lt.transaction_id as id, a.code
        from ledger_transfers lt
        join transactions t on t.id = lt.transaction_id
        join ledger_accounts a on a.id = lt.debit_account_id
       where t.user_id = ${user.id} and lt.code = 'deposit'`)) as unknown as {
      rows: { id: string; code: string }[];
    };
    expect(debits.rows).toHaveLength(3);
    for (const row of debits.rows) expect(row.code).toBe(shardCode('outside', row.id));
    const shards = (await t.deps.database.db.execute(
      sql`select code from ledger_accounts where kind = 'outside' order by code`,
    )) as unknown as { rows: { code: string }[] };
    expect(shards.rows.map((r) => r.code)).toEqual([
      'outside',
      ...Array.from({ length: 7 }, (_, i) => `outside#${i + 1}`),
    ]);
    await expectLedgerConsistent(t);
  });

  it('an unverified customer asking for the permanent account is told to verify (403)', async () => {
    const user = await signUp(t);
    const before = await moneyRowCounts(t);
    for (const url of ['/api/deposit', '/api/account/virtual']) {
      const res = await t.request({
        method: 'POST',
        url,
        token: user.token,
        payload: { amount: 500 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'KYC_REQUIRED', message: messages.depositNeedsKyc });
    }
    expect(await moneyRowCounts(t)).toEqual(before);
  });

  it.each([
    [{}, messages.depositAmountRequired],
    [{ amount: '' }, messages.depositAmountRequired],
    [{ amount: 'ten' }, messages.depositAmountRequired],
    [{ amount: -500 }, messages.depositAmountRequired],
    [{ amount: 99.99 }, messages.depositMinimum],
    [{ amount: 50 }, messages.depositMinimum],
    [{ amount: 100.001 }, messages.depositAmountRequired],
  ])(
    'refuses the amount in %j with a clear message and writes nothing',
    async (payload, message) => {
      const user = await signUp(t);
      const before = await moneyRowCounts(t);
      const res = await t.request({
        method: 'POST',
        url: '/api/deposit/bank-transfer',
        token: user.token,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(await moneyRowCounts(t)).toEqual(before);
    },
  );

  it('PalmPay unreachable: 504 with the spec text, the deposit marked failed', async () => {
    const user = await signUp(t);
    const unreachable = sandboxPalmPay(`${DEAD_ORIGIN}/palmpay/`, 1_000);
    const res = await withPalmPay(unreachable, () => bankTransfer(t, user.token, 1000));
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'DEPOSIT_GATEWAY_ERROR',
      message: 'Gateway error. Please log back in, and try again.',
      data: { message: 'Gateway error. Please log back in, and try again.' },
    });
    const rows = await t.deps.database.db.query.deposits.findMany({
      where: (d, { eq }) => eq(d.userId, user.id),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', providerOrderNo: null, creditedKobo: 0 });
    expect((await depositStatus(t, user.token, rows[0]!.id)).json().data.status).toBe('Failed');
    expect(await balanceKobo(t, user.token)).toBe(0);
  });

  it('PalmPay refusing the order: 502 with a clear message, the deposit marked failed', async () => {
    const user = await signUp(t);
    const real = t.deps.providers.palmpay;
    // PalmPay refuses an expiry outside 60–86 400 s (PA100001): a definite refusal over HTTP.
    const refusing: PalmPayClient = {
      ...real,
      createCheckout: (input) => real.createCheckout({ ...input, expireSeconds: 10 }),
    };
    const res = await withPalmPay(refusing, () => bankTransfer(t, user.token, 1000));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'DEPOSIT_REFUSED', message: messages.depositRefused });
    const rows = await t.deps.database.db.query.deposits.findMany({
      where: (d, { eq }) => eq(d.userId, user.id),
    });
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });

  it("another customer cannot read someone's deposit by id or by session", async () => {
    const owner = await verifiedCustomer(t);
    const other = await signUp(t);
    const session = (await bankTransfer(t, owner.token, 400)).json().data;
    const intent = (
      await t.request({
        method: 'POST',
        url: '/api/deposit',
        token: owner.token,
        payload: { amount: 400 },
      })
    ).json().data;
    for (const url of [
      `/api/deposit/${session._id}/status`,
      `/api/deposit/session/${session.sdkSessionId}`,
      `/api/deposit/${intent._id}/status`,
      `/api/account/virtual/${intent._id}`,
      '/api/deposit/not-a-uuid/status',
      '/api/account/virtual/not-a-uuid',
    ]) {
      const res = await t.request({ method: 'GET', url, token: other.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(messages.depositNotFound);
    }
    // The owner reads them; a checkout id is not a virtual intent.
    expect((await depositStatus(t, owner.token, session._id)).statusCode).toBe(200);
    const wrongKind = await t.request({
      method: 'GET',
      url: `/api/account/virtual/${session._id}`,
      token: owner.token,
    });
    expect(wrongKind.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: `/api/deposit/${session._id}/status` });
    expect(anonymous.statusCode).toBe(401);
  });
});
