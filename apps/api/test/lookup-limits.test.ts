import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAGIC_METERS, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { PALMPAY_PATHS } from '@owo/providers/palmpay/protocol';
import { messages } from '@owo/shared/messages';
import type { FaultProxy } from '../../../tests/reliability/support/fault-proxy';
import { IDENTITY_INITIATES_PER_HOUR } from '../src/modules/kyc/verification-service';
import { LOOKUP_LIMITS } from '../src/modules/lookups/limits';
import {
  CHECKOUT_QUERY_EVERY_MS,
  OPEN_CHECKOUTS_MAX,
} from '../src/modules/deposits/checkout-limits';
import { customer, signUp, uniqueEmail, type TestApp } from './harness';
import { withProxiedApp } from './proxied-app';
import { identityNumber } from './deposit-support';

/**
 * Per-user limits on look-ups of other people's names and on paid supplier calls
 * (docs/decisions/0016-atomic-limiter.md, "Look-ups" and "Checkouts"). Each limit is hit with a
 * burst of BURST requests at once from one customer; the supplier calls are counted on a proxy
 * in front of the sandbox, so "at most the limit reached the supplier" is measured where the
 * supplier would bill it. On PostgreSQL (DATABASE_URL) the burst runs over a connection pool.
 */
const BURST = Number(process.env.BURST_N ?? 200);

let t: TestApp;
let proxy: FaultProxy;
withProxiedApp((app) => ({ t, proxy } = app));

/** Supplier calls the proxy saw since `from` whose path (without its query) is `path`. */
const callsTo = (from: number, supplier: string, path: string) =>
  proxy.log.slice(from).filter((e) => e.supplier === supplier && e.path.split('?')[0] === path)
    .length;

function burst(n: number, make: (i: number) => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: n }, (_, i) => make(i)));
}

/** The refusals of a burst, each checked for the code, the message and Retry-After. */
function refusals(
  replies: LightMyRequestResponse[],
  code: string,
  message: string,
  maxRetryS: number,
) {
  const refused = replies.filter((r) => r.statusCode === 429);
  for (const r of refused) {
    expect(r.json()).toMatchObject({ success: false, code, message });
    const retry = Number(r.headers['retry-after']);
    expect(Number.isInteger(retry) && retry >= 1 && retry <= maxRetryS, String(retry)).toBe(true);
  }
  return refused.length;
}

const TEN_MINUTES_S = 10 * 60;

describe('look-ups of other people’s names: a burst gets exactly the budget through', () => {
  const cases = [
    {
      name: 'bank account name enquiry (POST transfers/verify)',
      kind: 'bankAccount' as const,
      url: '/api/transfers/verify',
      payload: (i: number) => ({
        bankCode: '000013',
        accountNumber: `01234${String(i).padStart(5, '0')}`,
      }),
      supplier: ['safehaven', 'transfers/name-enquiry'] as const,
    },
    {
      name: 'meter verification (POST vtpass/verify-meter-number)',
      kind: 'meter' as const,
      url: '/api/vtpass/verify-meter-number',
      payload: () => ({ serviceID: 'ikeja-electric', billersCode: MAGIC_METERS.delivered }),
      supplier: ['vtpass', 'merchant-verify'] as const,
    },
    {
      name: 'smart-card verification (POST vtpass/smartcard-verify)',
      kind: 'smartcard' as const,
      url: '/api/vtpass/smartcard-verify',
      payload: () => ({ serviceID: 'dstv', billersCode: MAGIC_SMARTCARDS.delivered }),
      supplier: ['vtpass', 'merchant-verify'] as const,
    },
    {
      name: 'VAS verification (POST services/verify)',
      kind: 'servicesVerify' as const,
      url: '/api/services/verify',
      payload: () => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
        entityNumber: MAGIC_METERS.delivered,
      }),
      supplier: ['safehaven', 'vas/verify'] as const,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${LOOKUP_LIMITS[c.kind].max} of ${BURST} reach the supplier`, async () => {
      const user = await customer(t);
      const from = proxy.log.length;
      const replies = await burst(BURST, (i) =>
        t.request({ method: 'POST', url: c.url, token: user.token, payload: c.payload(i) }),
      );
      const max = LOOKUP_LIMITS[c.kind].max;
      const answered = replies.filter((r) => r.statusCode !== 429);
      expect(answered.length, JSON.stringify(answered.map((r) => r.statusCode))).toBe(max);
      for (const r of answered) expect(r.statusCode, r.body).toBe(200);
      expect(refusals(replies, 'LOOKUPS_THROTTLED', messages.lookupsThrottled, TEN_MINUTES_S)).toBe(
        BURST - max,
      );
      expect(callsTo(from, c.supplier[0], c.supplier[1])).toBe(max);

      // Another customer has a budget of their own; the window passes.
      const other = await customer(t);
      const fresh = await t.request({
        method: 'POST',
        url: c.url,
        token: other.token,
        payload: c.payload(0),
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
      t.clock.advance(LOOKUP_LIMITS[c.kind].windowMs + 1_000);
      const later = await t.request({
        method: 'POST',
        url: c.url,
        token: user.token,
        payload: c.payload(1),
      });
      expect(later.statusCode, later.body).toBe(200);
    });
  }

  it('the daily budget stops a slow harvest that keeps under the 10-minute one', async () => {
    const user = await customer(t);
    const { max, perDay, windowMs } = LOOKUP_LIMITS.meter;
    const verify = () =>
      t.request({
        method: 'POST',
        url: '/api/vtpass/verify-meter-number',
        token: user.token,
        payload: { serviceID: 'ikeja-electric', billersCode: MAGIC_METERS.delivered },
      });
    for (let done = 0; done < perDay; done += max) {
      const replies = await burst(max, verify);
      expect(replies.every((r) => r.statusCode === 200)).toBe(true);
      t.clock.advance(windowMs + 1_000);
    }
    const refused = await verify();
    expect(refused.statusCode).toBe(429);
    // Free again only when the first of the day's look-ups is a day old: hours, not minutes.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(TEN_MINUTES_S);
  });
});

describe('recipient look-ups and the e-mail oracle of POST transfers', () => {
  const transfer = (token: string, recipientIdentifier: string, pin = '1234') =>
    t.request({
      method: 'POST',
      url: '/api/transfers',
      token,
      payload: { recipientIdentifier, amount: 100, transactionPin: pin },
    });

  it('without a PIN the answer is the same for a customer’s e-mail and an unknown one', async () => {
    const noPin = await signUp(t);
    const known = await customer(t);
    const real = await transfer(noPin.token, known.email);
    const unknown = await transfer(noPin.token, uniqueEmail('nobody'));
    expect(real.statusCode).toBe(400);
    expect(real.json()).toMatchObject({ code: 'PIN_NOT_SET', message: messages.setTransactionPin });
    expect(unknown.statusCode).toBe(real.statusCode);
    expect(unknown.json()).toEqual(real.json());
  });

  it('a wrong PIN answers the same for both too', async () => {
    const sender = await customer(t);
    const known = await customer(t);
    const real = await transfer(sender.token, known.email, '9999');
    const unknown = await transfer(sender.token, uniqueEmail('nobody'), '9999');
    expect(real.json().code).toBe('PIN_INCORRECT');
    expect(unknown.statusCode).toBe(real.statusCode);
    // The same reply but for the count of tries, which the second wrong PIN lowered by one.
    const first = real.json();
    expect(unknown.json()).toEqual({
      ...first,
      data: {
        ...first.data,
        pin: { ...first.data.pin, attemptsLeft: first.data.pin.attemptsLeft - 1 },
      },
    });
  });

  it(`a burst of ${BURST} transfers naming e-mails evaluates ${LOOKUP_LIMITS.recipient.max}; then a real e-mail is refused like the rest`, async () => {
    const sender = await customer(t);
    const known = await customer(t);
    const replies = await burst(BURST, () => transfer(sender.token, uniqueEmail('guess')));
    const { max } = LOOKUP_LIMITS.recipient;
    const evaluated = replies.filter((r) => r.statusCode !== 429);
    expect(evaluated).toHaveLength(max);
    for (const r of evaluated) expect(r.json().code).toBe('RECIPIENT_NOT_FOUND');
    expect(refusals(replies, 'LOOKUPS_THROTTLED', messages.lookupsThrottled, TEN_MINUTES_S)).toBe(
      BURST - max,
    );
    // Past the budget a real customer's e-mail reads exactly like a made-up one.
    const real = await transfer(sender.token, known.email);
    const unknown = await transfer(sender.token, uniqueEmail('nobody'));
    expect(real.statusCode).toBe(429);
    expect(real.json()).toEqual(unknown.json());
    // verify-recipient spends the same budget.
    const verify = await t.request({
      method: 'POST',
      url: '/api/transfers/verify-recipient',
      token: sender.token,
      payload: { email: known.email },
    });
    expect(verify.statusCode).toBe(429);
    // The app pays by the _id verify-recipient answered: that is no look-up and still works
    // (and fails here only for want of money).
    const byId = await transfer(sender.token, known.id);
    expect(byId.json().code).toBe('INSUFFICIENT_FUNDS');
  });

  it(`a burst of ${BURST} verify-recipient calls answers ${LOOKUP_LIMITS.recipient.max}`, async () => {
    const sender = await customer(t);
    const known = await customer(t);
    const replies = await burst(BURST, (i) =>
      t.request({
        method: 'POST',
        url: '/api/transfers/verify-recipient',
        token: sender.token,
        payload: { email: i % 2 === 0 ? known.email : uniqueEmail('guess') },
      }),
    );
    const evaluated = replies.filter((r) => r.statusCode !== 429);
    expect(evaluated).toHaveLength(LOOKUP_LIMITS.recipient.max);
    expect(refusals(replies, 'LOOKUPS_THROTTLED', messages.lookupsThrottled, TEN_MINUTES_S)).toBe(
      BURST - LOOKUP_LIMITS.recipient.max,
    );
  });
});

describe('KYC initiate: each one is a paid Safe Haven look-up that texts the number’s owner', () => {
  it(`a burst of ${BURST} reaches Safe Haven ${IDENTITY_INITIATES_PER_HOUR} times`, async () => {
    const user = await signUp(t);
    const from = proxy.log.length;
    const replies = await burst(BURST, () =>
      t.request({
        method: 'POST',
        url: '/api/verification/initiate',
        token: user.token,
        payload: { type: 'NIN', number: identityNumber() },
      }),
    );
    const answered = replies.filter((r) => r.statusCode !== 429);
    expect(answered).toHaveLength(IDENTITY_INITIATES_PER_HOUR);
    for (const r of answered) expect(r.statusCode, r.body).toBe(200);
    expect(
      refusals(replies, 'VERIFICATION_THROTTLED', messages.verificationThrottled, 60 * 60),
    ).toBe(BURST - IDENTITY_INITIATES_PER_HOUR);
    expect(callsTo(from, 'safehaven', 'identity/v2')).toBe(IDENTITY_INITIATES_PER_HOUR);
  });
});

describe('PalmPay checkouts: open ones capped, the same amount shown again, status from our row', () => {
  const checkout = (token: string, amount: number) =>
    t.request({ method: 'POST', url: '/api/deposit/bank-transfer', token, payload: { amount } });

  it(`a burst of ${BURST} checkouts opens ${OPEN_CHECKOUTS_MAX} at PalmPay`, async () => {
    const user = await signUp(t);
    const from = proxy.log.length;
    // Distinct amounts, so none is the reuse of another.
    const replies = await burst(BURST, (i) => checkout(user.token, 100 + i));
    const opened = replies.filter((r) => r.statusCode !== 429);
    expect(opened, JSON.stringify(opened.map((r) => r.body))).toHaveLength(OPEN_CHECKOUTS_MAX);
    for (const r of opened) expect(r.statusCode, r.body).toBe(200);
    expect(
      refusals(replies, 'DEPOSIT_CHECKOUTS_THROTTLED', messages.depositCheckoutsThrottled, 30 * 60),
    ).toBe(BURST - OPEN_CHECKOUTS_MAX);
    expect(callsTo(from, 'palmpay', PALMPAY_PATHS.checkoutCreate)).toBe(OPEN_CHECKOUTS_MAX);

    // Asking again for an amount that is open shows that checkout; PalmPay is not asked.
    const first = opened[0]!.json().data;
    const before = proxy.log.length;
    const again = await checkout(user.token, first.amount);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first);
    expect(callsTo(before, 'palmpay', PALMPAY_PATHS.checkoutCreate)).toBe(0);
  });

  it(`a burst of ${BURST} status polls asks PalmPay once per ${CHECKOUT_QUERY_EVERY_MS / 1000} s`, async () => {
    const user = await signUp(t);
    const opened = await checkout(user.token, 500);
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data._id as string;
    const poll = () =>
      t.request({ method: 'GET', url: `/api/deposit/${id}/status`, token: user.token });

    const from = proxy.log.length;
    const replies = await burst(BURST, poll);
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toMatchObject({ _id: id, status: 'Pending' });
    }
    expect(callsTo(from, 'palmpay', PALMPAY_PATHS.checkoutQuery)).toBe(1);

    t.clock.advance(CHECKOUT_QUERY_EVERY_MS + 1_000);
    const next = proxy.log.length;
    await burst(BURST, poll);
    expect(callsTo(next, 'palmpay', PALMPAY_PATHS.checkoutQuery)).toBe(1);
  });
});
