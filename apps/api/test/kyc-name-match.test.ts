import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { messages } from '@owo/shared/messages';
import { auditLog, users } from '../src/db/schema';
import { createTestApp, signUp, type TestApp } from './harness';
import { expectError, signInAdmin } from './airtime-swap-support';
import {
  FIXED_OTP,
  createSubaccount,
  identityNumber,
  identityRows,
  initiate,
  validate,
  verifyKyc,
} from './deposit-support';

/**
 * KYC matches the identity's holder against the profile (decision 0055). The sandbox enrols the
 * applicant's profile as the holder of the number typed, except the magic otherHolder number,
 * which always belongs to Ibrahim Musa Balogun (born 1979-03-14).
 */
describe('KYC: the holder of the NIN/BVN must be the profile’s person', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  let support: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAdmin(t);
    const staff = await signUp(t);
    await t.deps.database.db.update(users).set({ role: 'support' }).where(eq(users.id, staff.id));
    support = { token: staff.token };
  });
  afterAll(async () => {
    await t?.close();
  });

  const OTHER = SAFEHAVEN_IDENTITIES.otherHolder;
  const renamed = async (first: string, last: string, birthDate = '') => {
    const user = await signUp(t);
    await t.deps.database.db
      .update(users)
      .set({ firstName: first, lastName: last, birthDate })
      .where(eq(users.id, user.id));
    return user;
  };
  const verified = async (userId: string) =>
    (await t.services.limits.limitsOf(t.deps.database.db, userId)).verified;
  const reviews = (token: string) =>
    t.request({ method: 'GET', url: '/api/admin/kyc-reviews', token });
  const decide = (token: string, id: string, action: 'approve' | 'reject', reason = 'checked') =>
    t.request({
      method: 'POST',
      url: `/api/admin/kyc-reviews/${id}/${action}`,
      token,
      payload: { reason },
    });

  /** Initiate + the right code for `number`: answers the validate reply and the identity id. */
  async function check(user: { token: string }, number: string, type: 'NIN' | 'BVN' = 'NIN') {
    const started = await initiate(t, user.token, { type, number });
    expect(started.statusCode, started.body).toBe(200);
    const identityId = started.json().data.identityId as string;
    return { identityId, res: await validate(t, user.token, { identityId, otp: FIXED_OTP }) };
  }

  it('refuses another person’s NIN with a clear message; the account is not verified and cannot open accounts', async () => {
    const tobi = await renamed('Tobi', 'Adewale');
    const { identityId, res } = await check(tobi, OTHER);
    expectError(res, 422, messages.identityNameMismatch.replaceAll('{type}', 'NIN'));
    expect(await verified(tobi.id)).toBe(false);
    const [row] = await identityRows(t, tobi.id);
    expect(row).toMatchObject({
      status: 'mismatch',
      mismatch: 'name',
      reviewStatus: 'pending',
      holderName: 'Ibrahim Musa Balogun',
      profileName: 'Tobi Adewale',
    });
    // The account step refuses it too (no limits raised by going around the screen).
    const opened = await createSubaccount(t, tobi.token, {
      phoneNumber: '08031234567',
      emailAddress: tobi.email,
      identityId,
      identityNumber: OTHER,
      identityType: 'NIN',
      otp: FIXED_OTP,
    });
    expect(opened.statusCode).toBe(400);
    expect(await verified(tobi.id)).toBe(false);
  });

  it('tolerates case, order, accents and an omitted middle name; refuses a different date of birth', async () => {
    // The sandbox enrols "Ada Obi"; a profile "OBI ÀDA" names the same person.
    const ada = await signUp(t);
    const number = identityNumber();
    const started = await initiate(t, ada.token, { type: 'BVN', number });
    await t.deps.database.db
      .update(users)
      .set({ firstName: 'OBI', lastName: 'Àda' })
      .where(eq(users.id, ada.id));
    const identityId = started.json().data.identityId as string;
    const ok = await validate(t, ada.token, { identityId, otp: FIXED_OTP });
    expect(ok.statusCode, ok.body).toBe(200);

    // Ibrahim Balogun's own profile matches his number without the middle name; a wrong date
    // of birth does not.
    const ibrahim = await renamed('ibrahim', 'BALOGUN', '1979-03-14');
    expect((await check(ibrahim, OTHER)).res.statusCode).toBe(200);
    const wrongDay = await renamed('Ibrahim', 'Balogun', '1980-03-14');
    expectError(
      (await check(wrongDay, OTHER)).res,
      422,
      messages.identityBirthDateMismatch.replaceAll('{type}', 'NIN'),
    );
  });

  it('a refused attempt does not use up the number: its holder and a corrected retry can still use one; an approval then is refused', async () => {
    const tobi = await renamed('Tobi', 'Adewale');
    const refused = await check(tobi, OTHER, 'BVN');
    expect(refused.res.statusCode).toBe(422);
    // The holder himself verifies the same number all the way to his accounts.
    const ibrahim = await renamed('Ibrahim', 'Balogun');
    await verifyKyc(t, ibrahim, { type: 'BVN', number: OTHER });
    expect(await verified(ibrahim.id)).toBe(true);
    // Tobi corrects nothing but uses his own number: verified as usual.
    await verifyKyc(t, { token: tobi.token, email: tobi.email });
    expect(await verified(tobi.id)).toBe(true);
    // Tobi's old review can no longer be approved (verified with his own number meanwhile)…
    expect((await decide(admin.token, refused.identityId, 'approve')).statusCode).toBe(409);
    // …nor can another impostor's, for a number its holder now has: one number, one wallet.
    const kemi = await renamed('Kemi', 'Ojo');
    const second = await check(kemi, OTHER, 'BVN');
    expect(second.res.statusCode).toBe(422);
    expectError(
      await decide(admin.token, second.identityId, 'approve'),
      409,
      messages.identityInUse.replace('{type}', 'BVN'),
    );
    expect(await verified(kemi.id)).toBe(false);
  });

  it('the mismatch reaches the review queue; support reads it, only an admin approves; approval raises the limits and is audit-logged', async () => {
    const tobi = await renamed('Tobi', 'Adewale');
    const { identityId } = await check(tobi, OTHER);
    const user = await signUp(t);

    // Staff role checked on the server: a customer is refused, support reads but cannot decide.
    expect((await reviews(user.token)).statusCode).toBe(403);
    expect((await decide(user.token, identityId, 'approve')).statusCode).toBe(403);
    const listed = await reviews(support.token);
    expect(listed.statusCode).toBe(200);
    const item = listed.json().data.find((r: { _id: string }) => r._id === identityId);
    expect(item).toMatchObject({
      type: 'NIN',
      mismatch: 'name',
      holderName: 'Ibrahim Musa Balogun',
      holderBirthDate: '1979-03-14',
      profileName: 'Tobi Adewale',
      reviewStatus: 'pending',
      user: { _id: tobi.id, email: tobi.email, isKYCVerified: false },
    });
    expect((await decide(support.token, identityId, 'approve')).statusCode).toBe(403);
    expect(await verified(tobi.id)).toBe(false);
    expect((await decide(admin.token, identityId, 'approve', '')).statusCode).toBe(400);

    const approved = await decide(admin.token, identityId, 'approve', 'Name change: marriage');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: messages.kycReviewApproved,
      data: { reviewStatus: 'approved', user: { isKYCVerified: true } },
    });
    expect(await verified(tobi.id)).toBe(true);
    const me = await t.request({ method: 'GET', url: '/api/user', token: tobi.token });
    expect(me.json().data.isKYCVerified).toBe(true);
    const [entry] = await t.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, tobi.id));
    expect(entry).toMatchObject({
      action: 'kyc.review.approve',
      actorEmail: admin.email,
      reason: 'Name change: marriage',
    });
    // Settled: gone from the queue, and a second decision finds nothing.
    expect(
      (await reviews(admin.token)).json().data.some((r: { _id: string }) => r._id === identityId),
    ).toBe(false);
    expectError(await decide(admin.token, identityId, 'reject'), 404, messages.kycReviewNotFound);
  });

  it('a rejection keeps the customer unverified', async () => {
    const tobi = await renamed('Tobi', 'Adewale');
    const first = await check(tobi, OTHER);
    const rejected = await decide(admin.token, first.identityId, 'reject', 'Not the holder');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await verified(tobi.id)).toBe(false);
  });

  it('a malformed or unknown review id is a 404', async () => {
    expect((await decide(admin.token, 'nope', 'approve')).statusCode).toBe(404);
    expect(
      (await decide(admin.token, '00000000-0000-4000-8000-000000000000', 'reject')).statusCode,
    ).toBe(404);
  });
});
