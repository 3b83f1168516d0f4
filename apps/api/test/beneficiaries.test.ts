import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaryMessages } from '@owo/shared/beneficiaries';
import { messages } from '@owo/shared/messages';
import { BENEFICIARY_CAP, RECENTS_PER_KIND } from '@owo/shared/schemas/beneficiaries';
import { beneficiaries } from '../src/db/schema';
import { createTestApp, customer, type TestApp } from './harness';
import { kind, loadPlans, purchase } from './purchase-support';
import { sendTransfer } from './transfers-support';

/** Saved beneficiaries (owner-only, capped, validated like the forms) and recent numbers. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const list = (token: string, query = '') =>
  t.request({ method: 'GET', url: `/api/beneficiaries${query}`, token });
const create = (token: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/beneficiaries', token, payload });
const rename = (token: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/api/beneficiaries/${id}`, token, payload });
const remove = (token: string, id: string) =>
  t.request({ method: 'DELETE', url: `/api/beneficiaries/${id}`, token });

const MUM = { kind: 'phone', label: 'Mum', number: '+234 803 123 4567' };

describe('saved beneficiaries', () => {
  it('create, list, rename and delete: the phone is kept in the local form the forms send', async () => {
    const a = await customer(t);
    const made = await create(a.token, MUM);
    expect(made.statusCode, made.body).toBe(201);
    const saved = made.json().data;
    expect(saved).toMatchObject({
      kind: 'phone',
      label: 'Mum',
      number: '08031234567',
      provider: null,
      verifiedName: null,
    });

    const listed = await list(a.token, '?kind=phone');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ success: true, data: [saved], recent: [] });

    const renamed = await rename(a.token, saved._id, { label: '  Mummy  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.label).toBe('Mummy');

    expect((await remove(a.token, saved._id)).statusCode).toBe(200);
    expect((await list(a.token)).json().data).toEqual([]);
    expect((await remove(a.token, saved._id)).statusCode).toBe(404);
  });

  it("another customer can neither see, rename nor delete one's beneficiary (404, unchanged)", async () => {
    const a = await customer(t);
    const b = await customer(t);
    const saved = (await create(a.token, MUM)).json().data;

    expect((await list(b.token)).json().data).toEqual([]);
    const renamed = await rename(b.token, saved._id, { label: 'Mine now' });
    expect(renamed.statusCode).toBe(404);
    expect(renamed.json().message).toBe(beneficiaryMessages.notFound);
    expect((await remove(b.token, saved._id)).statusCode).toBe(404);

    expect((await list(a.token)).json().data).toEqual([saved]);
    // No token: 401.
    expect((await t.request({ method: 'GET', url: '/api/beneficiaries' })).statusCode).toBe(401);
  });

  it.each([
    [{ ...MUM, number: '0803123' }, messages.invalidPhone],
    [{ ...MUM, label: '   ' }, beneficiaryMessages.labelRequired],
    [{ ...MUM, label: 'x'.repeat(41) }, beneficiaryMessages.labelTooLong],
    [{ ...MUM, provider: 'VODAFONE' }, messages.selectNetworkData],
    [
      {
        kind: 'meter',
        label: 'Home',
        number: '12345',
        provider: 'ikeja-electric',
        meterType: 'prepaid',
      },
      messages.invalidMeterNumber,
    ],
    [
      {
        kind: 'meter',
        label: 'Home',
        number: '1111111111111',
        provider: 'nowhere',
        meterType: 'prepaid',
      },
      messages.selectProvider,
    ],
    [
      {
        kind: 'meter',
        label: 'Home',
        number: '1111111111111',
        provider: 'ikeja-electric',
        meterType: 'x',
      },
      messages.selectMeterType,
    ],
    [
      { kind: 'smartcard', label: 'TV', number: '12ab', provider: 'GOTV' },
      messages.invalidCardNumber,
    ],
    [
      { kind: 'betting', label: 'Bet', number: '', provider: 'bet9ja' },
      messages.bettingUserIdRequired,
    ],
    [{ kind: 'recipient', label: 'Ada', number: 'not-an-email' }, messages.invalidEmail],
    [{ kind: 'bank', label: 'x', number: '1' }, beneficiaryMessages.unknownKind],
  ])('refuses %j with the form rule (400, nothing saved)', async (body, message) => {
    const a = await customer(t);
    const res = await create(a.token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await list(a.token)).json().data).toEqual([]);
  });

  it('the same number twice is refused (409); a malformed id is 404, not 500', async () => {
    const a = await customer(t);
    expect((await create(a.token, MUM)).statusCode).toBe(201);
    const again = await create(a.token, { ...MUM, number: '08031234567', label: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(beneficiaryMessages.exists);
    expect((await rename(a.token, 'not-a-uuid', { label: 'x' })).statusCode).toBe(404);
    expect((await remove(a.token, 'not-a-uuid')).statusCode).toBe(404);
  });

  it(`at most ${BENEFICIARY_CAP} per customer, even when the creates arrive together`, async () => {
    const a = await customer(t);
    const b = await customer(t);
    const phone = (i: number) => `0803${String(1000000 + i).padStart(7, '0')}`;
    const replies = await Promise.all(
      Array.from({ length: BENEFICIARY_CAP + 5 }, (_, i) =>
        create(a.token, { kind: 'phone', label: `N${i}`, number: phone(i) }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(BENEFICIARY_CAP);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(replies.find((r) => r.statusCode === 409)?.json().message).toBe(
      beneficiaryMessages.full,
    );
    const rows = await t.deps.database.db.select().from(beneficiaries);
    expect(rows.filter((r) => r.userId === a.id)).toHaveLength(BENEFICIARY_CAP);
    // The cap is per customer: another still saves.
    expect((await create(b.token, MUM)).statusCode).toBe(201);
  });
});

describe('recent numbers', () => {
  it("come only from the caller's own orders, with the verified names, newest first", async () => {
    const a = await customer(t, 20_000);
    const b = await customer(t, 20_000);
    const plans = await loadPlans(t, a.token);
    const buy = async (who: { token: string }, name: string, value: string) => {
      const res = await purchase(t, kind(name), who.token, kind(name).body(value, plans));
      expect(res.statusCode, res.body).toBeLessThan(300);
      // Newest first needs orders that are not all made in the same instant.
      t.clock.advance(1_000);
    };
    await buy(a, 'VTpass airtime', '08031111111');
    await buy(a, 'VTpass airtime', '08032222222');
    await buy(a, 'VTpass airtime', '08031111111');
    await buy(a, 'VTpass electricity', '1111111111111');
    await buy(a, 'VTpass TV', '1212121212');
    await buy(b, 'VTpass airtime', '08039999999');
    const sent = await sendTransfer(
      t,
      a.token,
      { recipientIdentifier: b.email, amount: 500, transactionPin: '1234', note: '' },
      { 'idempotency-key': `k-${Date.now()}` },
    );
    expect(sent.statusCode, sent.body).toBe(200);

    const recent = (await list(a.token)).json().recent as Record<string, unknown>[];
    const phones = recent.filter((r) => r.kind === 'phone').map((r) => r.number);
    expect(phones).toEqual(['08031111111', '08032222222']);
    expect(recent.find((r) => r.kind === 'meter')).toMatchObject({
      number: '1111111111111',
      provider: 'ikeja-electric',
      providerName: 'Ikeja Electric',
      meterType: 'prepaid',
      verifiedName: expect.any(String),
    });
    expect(recent.find((r) => r.kind === 'smartcard')).toMatchObject({
      number: '1212121212',
      provider: 'GOTV',
      verifiedName: expect.any(String),
    });
    expect(recent.find((r) => r.kind === 'recipient')).toMatchObject({
      number: b.email,
      verifiedName: 'Ada Obi',
    });
    // B's number and B's received transfer are not A's recents; A is not among B's.
    expect(recent.map((r) => r.number)).not.toContain('08039999999');
    const bRecent = (await list(b.token)).json().recent as Record<string, unknown>[];
    expect(bRecent.map((r) => r.number)).toEqual(['08039999999']);

    // The kind filter, and a saved number leaves the recents (with the verified name kept).
    const meters = (await list(a.token, '?kind=meter')).json();
    expect(meters.recent.map((r: { kind: string }) => r.kind)).toEqual(['meter']);
    const saved = await create(a.token, {
      kind: 'meter',
      label: 'Home',
      number: '1111111111111',
      provider: 'ikeja-electric',
      meterType: 'prepaid',
    });
    expect(saved.json().data.verifiedName).toBe(meters.recent[0].verifiedName);
    expect((await list(a.token, '?kind=meter')).json().recent).toEqual([]);
    expect((await list(a.token, '?kind=nope')).statusCode).toBe(400);
  });

  it(`offer at most ${RECENTS_PER_KIND} numbers per kind`, async () => {
    const a = await customer(t, 20_000);
    const plans = await loadPlans(t, a.token);
    for (let i = 0; i < RECENTS_PER_KIND + 2; i += 1) {
      const phone = `0803444444${i}`;
      const res = await purchase(
        t,
        kind('VTpass airtime'),
        a.token,
        kind('VTpass airtime').body(phone, plans),
      );
      expect(res.statusCode, res.body).toBeLessThan(300);
      // Newest first needs orders that are not all made in the same instant.
      t.clock.advance(1_000);
    }
    const recent = (await list(a.token, '?kind=phone')).json().recent;
    expect(recent).toHaveLength(RECENTS_PER_KIND);
    expect(recent[0].number).toBe(`0803444444${RECENTS_PER_KIND + 1}`);
  });
});
