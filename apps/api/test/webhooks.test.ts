import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSign } from 'node:crypto';
import { loadPrivateKey, signingDigest } from '@owo/providers/palmpay/signing';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/server';
import { messages } from '@owo/shared/messages';
import {
  balanceKobo,
  createTestApp,
  expectLedgerConsistent,
  signUp,
  type TestApp,
} from './harness';
import {
  bankTransfer,
  depositCredits,
  depositRow,
  depositStatus,
  eventsOf,
  moneyRowCounts,
  postWebhook,
  rawBody,
  signedByPalmPay,
  simulateTransfer,
  verifiedCustomer,
  withoutWebhooks,
} from './deposit-support';

describe('POST /api/webhooks/palmpay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A checkout whose PalmPay notifications go nowhere, paid: the signed body is ours to post. */
  async function paidCheckoutNotDelivered(naira: number, paidKobo = naira * 100) {
    const user = await signUp(t);
    const session = await withoutWebhooks(
      t,
      async () => (await bankTransfer(t, user.token, naira)).json().data,
    );
    const transfer = await simulateTransfer(t, session.payerVirtualAccNo, paidKobo);
    expect(transfer.delivered).toBe(false);
    return { user, session, transfer };
  }

  it('a bad signature is refused with 401 and writes nothing', async () => {
    const { user, transfer } = await paidCheckoutNotDelivered(500);
    const genuine = transfer.notification;
    const merchantKey = loadPrivateKey(SANDBOX_KEYS.palmpay.merchantPrivateKey);
    const { sign: _sign, ...unsigned } = genuine;
    const signedByWrongKey = JSON.stringify({
      ...unsigned,
      sign: createSign('RSA-SHA1')
        .update(signingDigest(unsigned), 'utf8')
        .sign(merchantKey, 'base64'),
    });
    const bodies = [
      // Amount raised after signing.
      JSON.stringify({ ...genuine, amount: 5_000_000 }),
      // Another account number after signing.
      JSON.stringify({ ...genuine, orderId: 'DEPSOMEONEELSE' }),
      signedByWrongKey,
      JSON.stringify(unsigned),
      JSON.stringify({ ...genuine, sign: 'bm90IGEgc2lnbmF0dXJl' }),
      'not json at all',
      '',
    ];
    const before = await moneyRowCounts(t);
    for (const body of bodies) {
      const res = await postWebhook(t, body);
      expect(res.status, body).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({
        success: false,
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: messages.webhookSignatureInvalid,
      });
    }
    expect(await moneyRowCounts(t)).toEqual(before);
    expect(await balanceKobo(t, user.token)).toBe(0);

    // The untouched body is accepted (the refusals above were about the signature alone).
    expect(await postWebhook(t, rawBody(transfer))).toEqual({ status: 200, text: 'success' });
    expect(await balanceKobo(t, user.token)).toBe(50_000);
    await expectLedgerConsistent(t);
  });

  it('10 copies of the same signed notification at once credit exactly once', async () => {
    const { user, session, transfer } = await paidCheckoutNotDelivered(2500);
    const body = rawBody(transfer);
    const replies = await Promise.all(Array.from({ length: 10 }, () => postWebhook(t, body)));
    expect(replies).toEqual(Array.from({ length: 10 }, () => ({ status: 200, text: 'success' })));
    expect(await balanceKobo(t, user.token)).toBe(250_000);
    expect(await depositCredits(t, user.id)).toHaveLength(1);
    const events = (await eventsOf(t)).filter(
      (e) => e.eventId === `checkout:${transfer.orderNo}:2`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.transactionId).toBe((await depositRow(t, session._id))?.transactionId);
    await expectLedgerConsistent(t);
  });

  it('webhook copies racing the status check credit once between them', async () => {
    const { user, session, transfer } = await paidCheckoutNotDelivered(800);
    const body = rawBody(transfer);
    await Promise.all([
      ...Array.from({ length: 5 }, () => postWebhook(t, body)),
      ...Array.from({ length: 3 }, () => depositStatus(t, user.token, session._id)),
    ]);
    expect(await balanceKobo(t, user.token)).toBe(80_000);
    expect(await depositCredits(t, user.id)).toHaveLength(1);
    expect((await depositStatus(t, user.token, session._id)).json().data.status).toBe('Completed');
    await expectLedgerConsistent(t);
  });

  it('virtual-account notifications: a replayed one credits once', async () => {
    const user = await verifiedCustomer(t);
    const transfer = await simulateTransfer(t, user.account.accountNumber, 75_000);
    expect(transfer.delivered).toBe(true);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => postWebhook(t, rawBody(transfer))),
    );
    expect(replies.every((r) => r.status === 200 && r.text === 'success')).toBe(true);
    expect(await balanceKobo(t, user.token)).toBe(75_000);
    expect(await depositCredits(t, user.id)).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('out of order: a cancel after the payment changes nothing; a payment after a failure counts', async () => {
    // Paid, then PalmPay's (late) cancellation of the same order arrives.
    const paid = await paidCheckoutNotDelivered(600);
    await postWebhook(t, rawBody(paid.transfer));
    const cancel = signedByPalmPay({
      orderId: paid.transfer.notification.orderId,
      orderNo: paid.transfer.orderNo,
      appId: SANDBOX_KEYS.palmpay.appId,
      amount: 60_000,
      orderStatus: 4,
      currency: 'NGN',
    });
    expect(await postWebhook(t, cancel)).toEqual({ status: 200, text: 'success' });
    expect((await depositStatus(t, paid.user.token, paid.session._id)).json().data).toMatchObject({
      status: 'Completed',
      creditedAmount: 600,
    });
    expect(await balanceKobo(t, paid.user.token)).toBe(60_000);

    // A failure notification first (the deposit reads Failed), then the money arrives after all.
    const user = await signUp(t);
    const session = (await bankTransfer(t, user.token, 900)).json().data;
    const row = await depositRow(t, session._id);
    const failed = signedByPalmPay({
      orderId: row?.reference,
      orderNo: row?.providerOrderNo,
      appId: SANDBOX_KEYS.palmpay.appId,
      amount: 90_000,
      orderStatus: 3,
      currency: 'NGN',
    });
    expect(await postWebhook(t, failed)).toEqual({ status: 200, text: 'success' });
    expect((await depositStatus(t, user.token, session._id)).json()).toMatchObject({
      message: messages.depositFailed,
      data: { status: 'Failed' },
    });
    const late = signedByPalmPay({
      orderId: row?.reference,
      orderNo: row?.providerOrderNo,
      appId: SANDBOX_KEYS.palmpay.appId,
      amount: 90_000,
      orderStatus: 2,
      currency: 'NGN',
      payerAccountNo: '0987654321',
      payerAccountName: 'Late Payer',
      payerBankName: 'GTBank',
    });
    expect(await postWebhook(t, late)).toEqual({ status: 200, text: 'success' });
    expect((await depositStatus(t, user.token, session._id)).json().data).toMatchObject({
      status: 'Completed',
      creditedAmount: 900,
    });
    expect(await balanceKobo(t, user.token)).toBe(90_000);
    await expectLedgerConsistent(t);
  });

  it('a notification matching nothing of ours is recorded for ops and acknowledged', async () => {
    const before = await moneyRowCounts(t);
    const checkout = signedByPalmPay({
      orderId: 'DEPNOSUCHORDER0000000000000',
      orderNo: 'PC-UNKNOWN-1',
      appId: SANDBOX_KEYS.palmpay.appId,
      amount: 10_000,
      orderStatus: 2,
      currency: 'NGN',
    });
    const virtual = signedByPalmPay({
      orderNo: 'VA-UNKNOWN-1',
      orderStatus: 1,
      orderAmount: 10_000,
      currency: 'NGN',
      virtualAccountNo: '6600000000',
      virtualAccountName: 'Nobody',
      accountReference: 'owo-va-nobody',
      appId: SANDBOX_KEYS.palmpay.appId,
    });
    for (const body of [checkout, virtual, checkout]) {
      expect(await postWebhook(t, body)).toEqual({ status: 200, text: 'success' });
    }
    const after = await moneyRowCounts(t);
    expect(after).toEqual({ ...before, events: before.events + 2 });
    const unmatched = (await eventsOf(t)).filter((e) => e.kind.startsWith('unmatched:'));
    expect(unmatched.map((e) => [e.kind, e.eventId]).sort()).toEqual([
      ['unmatched:checkout', 'checkout:PC-UNKNOWN-1:2'],
      ['unmatched:virtual_account', 'virtual_account:VA-UNKNOWN-1:1'],
    ]);
    expect(unmatched.every((e) => e.transactionId === null)).toBe(true);
  });

  it('a bill notification goes to betting and is acknowledged', async () => {
    const before = await moneyRowCounts(t);
    const bill = signedByPalmPay({
      outOrderNo: 'BETNOSUCHORDER',
      orderNo: 'PB-UNKNOWN-1',
      appId: SANDBOX_KEYS.palmpay.appId,
      amount: 50_000,
      rechargeAccount: '11111111',
      orderStatus: 2,
      completedTime: Date.now(),
    });
    expect(await postWebhook(t, bill)).toEqual({ status: 200, text: 'success' });
    expect(await moneyRowCounts(t)).toEqual(before);
  });

  it('reads the exact raw body whatever content type PalmPay sends it with', async () => {
    const { user, transfer } = await paidCheckoutNotDelivered(150);
    const res = await fetch(`${t.baseUrl}/api/webhooks/palmpay`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: rawBody(transfer),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('success');
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await balanceKobo(t, user.token)).toBe(15_000);
    await expectLedgerConsistent(t);
  });
});
