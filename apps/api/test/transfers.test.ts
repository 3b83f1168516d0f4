import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAFEHAVEN_ACCOUNTS } from '@owo/providers/sandbox/magic';
import { messages } from '@owo/shared/messages';
import { ledgerTransfers, users } from '../src/db/schema';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  fund,
  signUp,
  type TestApp,
} from './harness';
import { countRows } from './purchase-support';
import {
  PIN,
  countLedgerCode,
  historyOf,
  newKey,
  sendTransfer,
  walletTransfersOf,
} from './transfers-support';

/** Transfers between users (spec §4/§7 Transfers), bank list and name enquiry. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const verifyRecipient = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/transfers/verify-recipient', token, payload });

/** Everything a refused transfer must leave as it was. */
async function snapshot(...people: { id: string; token: string }[]) {
  return Promise.all(
    people.map(async (p) => ({
      balance: await balanceKobo(t, p.token),
      rows: await countRows(t, p.id),
      transfers: (await walletTransfersOf(t, p.id)).length,
    })),
  );
}

describe('verify-recipient', () => {
  it('finds a user by e-mail (any case) and answers the spec shape', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const res = await verifyRecipient(a.token, { email: `  ${b.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: messages.recipientFound,
      data: { _id: b.id, email: b.email, firstName: 'Ada', lastName: 'Obi' },
    });
  });

  it('an unknown e-mail → 404 with a clear message; a suspended account is still found', async () => {
    const a = await customer(t);
    const res = await verifyRecipient(a.token, { email: 'nobody.here@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'RECIPIENT_NOT_FOUND',
      message: messages.recipientNotFound,
      data: { message: messages.recipientNotFound },
    });
    const b = await customer(t);
    await t.deps.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, b.id));
    // Suspension stops money out, never money in (decision 0028).
    expect((await verifyRecipient(a.token, { email: b.email })).statusCode).toBe(200);
  });

  it('yourself → 400 refused', async () => {
    const a = await customer(t);
    const res = await verifyRecipient(a.token, { email: a.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'TRANSFER_TO_SELF',
      message: messages.transferToSelf,
    });
  });

  it('bad input gets the spec messages; no session → 401', async () => {
    const a = await customer(t);
    const missing = await verifyRecipient(a.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.transferBeneficiaryRequired);
    const invalid = await verifyRecipient(a.token, { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(messages.invalidEmail);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/transfers/verify-recipient',
      payload: { email: a.email },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('look-ups are throttled per user (e-mail harvesting)', async () => {
    const a = await customer(t);
    const b = await customer(t);
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      codes.push((await verifyRecipient(a.token, { email: b.email })).statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Another user is not affected, and the window passes.
    expect((await verifyRecipient(b.token, { email: a.email })).statusCode).toBe(200);
    t.clock.advance(11 * 60_000);
    expect((await verifyRecipient(a.token, { email: b.email })).statusCode).toBe(200);
  });
});

describe('a transfer', () => {
  it('moves the money in one ledger transfer and shows in both histories with the note', async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t);
    const res = await sendTransfer(t, a.token, {
      recipientIdentifier: b.id,
      amount: '250.50',
      transactionPin: PIN,
      note: '  rent for June  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.transferSuccessful,
      data: {
        type: 'debit',
        serviceType: 'transfer',
        currency: 'NGN',
        amount: 250.5,
        status: 'success',
        metadata: {
          note: 'rent for June',
          direction: 'out',
          counterpartyId: b.id,
          counterpartyEmail: b.email,
          counterpartyName: 'Ada Obi',
        },
      },
    });
    expect(await balanceKobo(t, a.token)).toBe(100_000 - 25_050);
    expect(await balanceKobo(t, b.token)).toBe(25_050);

    const [row] = await walletTransfersOf(t, b.id);
    expect(row).toMatchObject({
      senderId: a.id,
      recipientId: b.id,
      amountKobo: 25_050,
      note: 'rent for June',
      debitTransactionId: body.data._id,
    });
    const moves = await t.deps.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.transactionId, body.data._id));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ code: 'wallet_transfer', amountKobo: 25_050 });

    const sent = (await historyOf(t, a.token)).find((x) => x._id === body.data._id);
    expect(sent).toMatchObject({
      type: 'debit',
      amount: 250.5,
      metadata: { note: 'rent for June' },
    });
    const received = (await historyOf(t, b.token)).find((x) => x.serviceType === 'transfer');
    expect(received).toMatchObject({
      _id: row!.creditTransactionId,
      type: 'credit',
      amount: 250.5,
      status: 'success',
      metadata: {
        note: 'rent for June',
        direction: 'in',
        counterpartyId: a.id,
        counterpartyEmail: a.email,
      },
    });
    // Neither sees the other's row.
    expect((await historyOf(t, b.token)).some((x) => x._id === body.data._id)).toBe(false);
    expect((await historyOf(t, a.token)).some((x) => x._id === received!._id)).toBe(false);
    await expectLedgerConsistent(t);
  });

  it('names the recipient by e-mail too; the note is optional', async () => {
    const a = await customer(t, 100);
    const b = await customer(t);
    const res = await sendTransfer(t, a.token, {
      recipientIdentifier: b.email.toUpperCase(),
      amount: 10,
      transactionPin: PIN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.metadata.note).toBe('');
    expect(await balanceKobo(t, b.token)).toBe(1_000);
  });

  it.each([
    ['yourself by id', 'self-id', 400, 'TRANSFER_TO_SELF'],
    ['yourself by e-mail', 'self-email', 400, 'TRANSFER_TO_SELF'],
    ['an unknown id', '00000000-0000-4000-8000-000000000000', 404, 'RECIPIENT_NOT_FOUND'],
    ['a malformed id', 'not-a-user', 404, 'RECIPIENT_NOT_FOUND'],
    ['an unknown e-mail', 'ghost@example.com', 404, 'RECIPIENT_NOT_FOUND'],
  ])('to %s: refused, nothing written', async (_name, who, status, code) => {
    const a = await customer(t, 500);
    const before = await snapshot(a);
    const recipientIdentifier = who === 'self-id' ? a.id : who === 'self-email' ? a.email : who;
    const res = await sendTransfer(t, a.token, {
      recipientIdentifier,
      amount: 100,
      transactionPin: PIN,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await snapshot(a)).toEqual(before);
  });

  it('insufficient funds → 402 INSUFFICIENT_FUNDS, nothing written on either side', async () => {
    const a = await customer(t, 100);
    const b = await customer(t);
    const before = await snapshot(a, b);
    const res = await sendTransfer(t, a.token, {
      recipientIdentifier: b.id,
      amount: '100.01',
      transactionPin: PIN,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: messages.insufficientFunds,
    });
    expect(await snapshot(a, b)).toEqual(before);
    await expectLedgerConsistent(t);
  });

  it('a wrong PIN → 400 PIN_INCORRECT, and no PIN at all → PIN_NOT_SET; nothing written', async () => {
    const a = await customer(t, 500);
    const b = await customer(t);
    const before = await snapshot(a, b);
    const wrong = await sendTransfer(t, a.token, {
      recipientIdentifier: b.id,
      amount: 100,
      transactionPin: '9999',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PIN_INCORRECT', message: messages.pinIncorrect });
    const noPin = await signUp(t);
    await fund(t, noPin.id, 500);
    const refused = await sendTransfer(t, noPin.token, {
      recipientIdentifier: b.id,
      amount: 100,
      transactionPin: PIN,
    });
    expect(refused.json().code).toBe('PIN_NOT_SET');
    expect(await snapshot(a, b)).toEqual(before);
  });

  it.each([
    [{ amount: '' }, messages.transferAmountRequired],
    [{ amount: undefined }, messages.transferAmountRequired],
    [{ amount: '9.99' }, messages.transferMinimum],
    [{ amount: '10.001' }, messages.invalidAmount],
    [{ amount: '-20' }, messages.invalidAmount],
    [{ note: 'x'.repeat(101) }, messages.transferNoteTooLong],
    [{ recipientIdentifier: '' }, messages.transferBeneficiaryRequired],
    [{ transactionPin: '12' }, messages.pinExactlyFour],
  ])('refuses %j with its message', async (change, message) => {
    const a = await customer(t, 500);
    const b = await customer(t);
    const before = await snapshot(a, b);
    const res = await sendTransfer(t, a.token, {
      recipientIdentifier: b.id,
      amount: 100,
      transactionPin: PIN,
      note: 'ok',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await snapshot(a, b)).toEqual(before);
  });

  it("is refused when the recipient's wallet would pass its cap (the money has not left)", async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t);
    // Unverified cap: ₦300,000.
    await fund(t, b.id, 299_990);
    const before = await snapshot(a, b);
    const over = await sendTransfer(t, a.token, {
      recipientIdentifier: b.id,
      amount: 20,
      transactionPin: PIN,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'RECIPIENT_CANNOT_RECEIVE',
      message: messages.recipientCannotReceive,
    });
    expect(await snapshot(a, b)).toEqual(before);
    // Exactly up to the cap is fine.
    const fits = await sendTransfer(t, a.token, {
      recipientIdentifier: b.id,
      amount: 10,
      transactionPin: PIN,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await balanceKobo(t, b.token)).toBe(300_000_00);
    await expectLedgerConsistent(t);
  });
});

describe('idempotency', () => {
  it('the same key again → the first reply, one transfer; another body → 422', async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t);
    const key = newKey();
    const body = { recipientIdentifier: b.id, amount: 100, transactionPin: PIN, note: 'once' };
    const first = await sendTransfer(t, a.token, body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    // A replay with the PIN typed wrongly is still the same request (the PIN is not part of it).
    const again = await sendTransfer(
      t,
      a.token,
      { ...body, transactionPin: '0000' },
      { 'idempotency-key': key },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceKobo(t, a.token)).toBe(90_000);
    expect(await walletTransfersOf(t, a.id)).toHaveLength(1);

    const other = await sendTransfer(
      t,
      a.token,
      { ...body, amount: 200 },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balanceKobo(t, a.token)).toBe(90_000);
    await expectLedgerConsistent(t);
  });

  it('five at once with one key → one transfer, five identical replies', async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t);
    const key = newKey();
    const body = { recipientIdentifier: b.email, amount: 100, transactionPin: PIN };
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => sendTransfer(t, a.token, body, { 'idempotency-key': key })),
    );
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(replies[0]!.json());
    }
    expect(await walletTransfersOf(t, a.id)).toHaveLength(1);
    expect(await balanceKobo(t, b.token)).toBe(10_000);
    await expectLedgerConsistent(t);
  });

  it("another user's key is not theirs: the same key and body from a second user is their own transfer", async () => {
    const a = await customer(t, 1_000);
    const c = await customer(t, 1_000);
    const b = await customer(t);
    const key = newKey();
    const body = { recipientIdentifier: b.id, amount: 100, transactionPin: PIN };
    const mine = await sendTransfer(t, a.token, body, { 'idempotency-key': key });
    const theirs = await sendTransfer(t, c.token, body, { 'idempotency-key': key });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().data._id).not.toBe(mine.json().data._id);
    expect(await balanceKobo(t, a.token)).toBe(90_000);
    expect(await balanceKobo(t, c.token)).toBe(90_000);
    expect(await balanceKobo(t, b.token)).toBe(20_000);
    // And a's transfer row is not in c's history.
    expect((await historyOf(t, c.token)).some((x) => x._id === mine.json().data._id)).toBe(false);
  });

  it('a refused transfer stores no key: fixing the PIN with the same key goes through', async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t);
    const key = newKey();
    const body = { recipientIdentifier: b.id, amount: 100, transactionPin: '9999' };
    const wrong = await sendTransfer(t, a.token, body, { 'idempotency-key': key });
    expect(wrong.statusCode).toBe(400);
    const right = await sendTransfer(
      t,
      a.token,
      { ...body, transactionPin: PIN },
      { 'idempotency-key': key },
    );
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('concurrency', () => {
  it('A→B and B→A at the same moment, 25 pairs: no deadlock, totals unchanged', async () => {
    const a = await customer(t, 1_000);
    const b = await customer(t, 1_000);
    const transfersBefore = await countLedgerCode(t, 'wallet_transfer');
    const pairs = 25;
    const replies = await Promise.all(
      Array.from({ length: pairs }, (_, i) => [
        sendTransfer(t, a.token, {
          recipientIdentifier: b.id,
          amount: 10 + i,
          transactionPin: PIN,
        }),
        sendTransfer(t, b.token, {
          recipientIdentifier: a.id,
          amount: 10 + i,
          transactionPin: PIN,
        }),
      ]).flat(),
    );
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(await balanceKobo(t, a.token)).toBe(100_000);
    expect(await balanceKobo(t, b.token)).toBe(100_000);
    expect(await walletTransfersOf(t, a.id)).toHaveLength(2 * pairs);
    expect((await countLedgerCode(t, 'wallet_transfer')) - transfersBefore).toBe(2 * pairs);
    await expectLedgerConsistent(t);
  });

  it('a burst from one wallet sends only what it holds; the rest is 402', async () => {
    const a = await customer(t, 100);
    const b = await customer(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        sendTransfer(t, a.token, { recipientIdentifier: b.id, amount: 10, transactionPin: PIN }),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(10);
    expect(await balanceKobo(t, a.token)).toBe(0);
    expect(await balanceKobo(t, b.token)).toBe(10_000);
    await expectLedgerConsistent(t);
  });
});

describe('banks and name enquiry (Safe Haven)', () => {
  it('GET transfers/banks lists banks by name, fetched once per few minutes', async () => {
    const a = await customer(t);
    const spy = vi.spyOn(t.deps.providers.safehaven, 'banks');
    try {
      const first = await t.request({ method: 'GET', url: '/api/transfers/banks', token: a.token });
      expect(first.statusCode, first.body).toBe(200);
      const body = first.json();
      expect(body.success).toBe(true);
      expect(body.message).toBe(messages.banksFetched);
      expect(body.data.length).toBeGreaterThan(5);
      for (const bank of body.data) {
        expect(Object.keys(bank).sort()).toEqual(['bankCode', 'name']);
        expect(bank.bankCode).toMatch(/^\d+$/);
      }
      const names = body.data.map((x: { name: string }) => x.name);
      expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
      await t.request({ method: 'GET', url: '/api/transfers/banks', token: a.token });
      const callsWhileCached = spy.mock.calls.length;
      t.clock.advance(11 * 60_000);
      await t.request({ method: 'GET', url: '/api/transfers/banks', token: a.token });
      expect(spy.mock.calls.length).toBe(callsWhileCached + 1);
      expect(callsWhileCached).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
    expect((await t.request({ method: 'GET', url: '/api/transfers/banks' })).statusCode).toBe(401);
  });

  it('POST transfers/verify names the account; a wrong one → 400; an unreachable bank → 502', async () => {
    const a = await customer(t);
    const verify = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/transfers/verify', token: a.token, payload });
    const ok = await verify({ bankCode: '000013', accountNumber: '0123456789' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: messages.bankAccountVerified,
      data: { accountNumber: '0123456789', bankCode: '000013' },
    });
    expect(ok.json().data.accountName).toMatch(/\w+/);

    const wrong = await verify({ bankCode: '000013', accountNumber: SAFEHAVEN_ACCOUNTS.notFound });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'BANK_ACCOUNT_NOT_FOUND',
      message: messages.bankAccountNotFound,
    });
    const down = await verify({
      bankCode: '000013',
      accountNumber: SAFEHAVEN_ACCOUNTS.unavailable,
    });
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('BANK_UNAVAILABLE');

    const short = await verify({ bankCode: '000013', accountNumber: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.invalidAccountNumber);
    const noBank = await verify({ accountNumber: '0123456789' });
    expect(noBank.json().message).toBe(messages.selectBank);
  });
});
