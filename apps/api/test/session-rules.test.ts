import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_LOGOUT_MS, SESSION_TTL_S } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { sessions } from '../src/db/schema';
import { tokenDigest } from '../src/lib/hashing';
import { usersRepository } from '../src/modules/users/repository';
import { createTestApp, customer, PIN, signUp, STRONG_PASSWORD, type TestApp } from './harness';

/**
 * Session rules enforced by the API (decision 0049): 15 minutes idle, 12 hours in all, sliding on
 * use, the same on every API process; `?token=` links are exchanged once for a fresh session.
 */
let t: TestApp;
/** A second API process on the same database (PostgreSQL: its own pool; PGlite: one handle). */
let other: TestApp;
/** The real rules: '' leaves the harness's long test values unset, so the defaults apply. */
const REAL_RULES = { SESSION_IDLE_TIMEOUT_S: '', SESSION_LIFETIME_S: '' };
beforeAll(async () => {
  t = await createTestApp(REAL_RULES);
  other = await createTestApp(REAL_RULES, { sameDatabaseAs: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const MINUTE = 60_000;
/** Both apps read one clock: the second app's is moved with the first's. */
function advance(ms: number) {
  t.clock.advance(ms);
  other.clock.advance(ms);
}
const me = (app: TestApp, token: string) => app.request({ method: 'GET', url: '/api/user', token });
const balanceOf = async (userId: string) =>
  (await usersRepository.findById(t.deps.database.db, userId))?.balanceKobo;

async function sessionRow(token: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenDigest(token)));
  if (!row) throw new Error('no session row');
  return row;
}

describe('idle timeout and lifetime, on the server', () => {
  beforeAll(() => {
    // The two apps start with clocks a few ms apart: line them up.
    other.clock.advance(t.clock.now().getTime() - other.clock.now().getTime());
  });

  it('tells the truth in expires_in: 12 hours, as the sessions row has it', async () => {
    const user = await signUp(t);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().expires_in).toBe(SESSION_TTL_S);
    expect(SESSION_TTL_S).toBe(12 * 60 * 60);
    const row = await sessionRow(login.json().token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_TTL_S * 1000);
  });

  it('refuses a token idle for 16 minutes, with the reason, on every process, and it stays refused', async () => {
    const user = await signUp(t);
    advance(14 * MINUTE);
    expect((await me(other, user.token)).statusCode).toBe(200);
    // Sliding: 14 more minutes from that use (28 since sign-in) is still fine, on the other node.
    advance(14 * MINUTE);
    expect((await me(t, user.token)).statusCode).toBe(200);
    advance(16 * MINUTE);
    for (const app of [t, other]) {
      const refused = await me(app, user.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({
        success: false,
        code: 'SESSION_IDLE',
        message: messages.signedOutIdle,
      });
    }
    // A refusal is not a use: the token does not come back to life.
    advance(MINUTE);
    expect((await me(t, user.token)).json().code).toBe('SESSION_IDLE');
    // Not listed among the account's devices either; signing in again works.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    const fresh = login.json().token as string;
    const devices = await t.request({ method: 'GET', url: '/api/user/sessions', token: fresh });
    expect(devices.statusCode, devices.body).toBe(200);
    expect(JSON.stringify(devices.json())).not.toContain((await sessionRow(user.token)).id);
  });

  it('never refuses before 15 minutes of idleness, though last use is kept to the minute', async () => {
    const user = await signUp(t);
    // Used 59 s after sign-in: within the minute, so last_seen_at is not rewritten.
    advance(59_000);
    expect((await me(t, user.token)).statusCode).toBe(200);
    expect((await sessionRow(user.token)).lastSeenAt?.getTime()).toBe(
      (await sessionRow(user.token)).createdAt.getTime(),
    );
    advance(INACTIVITY_LOGOUT_MS - 1000);
    expect((await me(other, user.token)).statusCode).toBe(200);
  });

  it('ends a token in constant use 12 hours after sign-in: refused at 12 h and at 25 h', async () => {
    const user = await signUp(t);
    const issued = t.clock.now().getTime();
    const end = issued + SESSION_TTL_S * 1000;
    // Used every 10 minutes (alternating processes) until one second before the end.
    let turn = 0;
    while (t.clock.now().getTime() + 10 * MINUTE < end) {
      advance(10 * MINUTE);
      turn += 1;
      expect((await me(turn % 2 ? other : t, user.token)).statusCode).toBe(200);
    }
    advance(end - 1000 - t.clock.now().getTime());
    expect((await me(t, user.token)).statusCode).toBe(200);
    advance(2000);
    const ended = await me(other, user.token);
    expect(ended.statusCode).toBe(401);
    // The reason, so the app can say it on the sign-in screen.
    expect(ended.json()).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: messages.signedOutExpired,
    });
    // Still in use every 10 minutes up to 25 hours: never accepted again.
    while (t.clock.now().getTime() < issued + 25 * 60 * MINUTE) {
      advance(10 * MINUTE);
      const refused = await me(t, user.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('SESSION_EXPIRED');
    }
  });

  it('names the rule that ended the session first: idle before the lifetime, revoked as before', async () => {
    const idle = await signUp(t);
    const loggedOut = await signUp(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/logout', token: loggedOut.token }))
        .statusCode,
    ).toBe(200);
    // Unused for 13 hours: it went idle at 15 minutes, long before its 12 hours ran out.
    advance(13 * 60 * MINUTE);
    expect((await me(t, idle.token)).json().code).toBe('SESSION_IDLE');
    expect((await me(t, loggedOut.token)).json().code).toBe('UNAUTHORIZED');
  });

  it('a burst of transfers with a token idle 16 minutes (and one 25 hours old) moves nothing', async () => {
    const old = await customer(t, 1_000);
    // `old` is used every 10 minutes for 25 hours (past its lifetime).
    for (let elapsed = 0; elapsed < 25 * 60 * MINUTE; elapsed += 10 * MINUTE) {
      advance(10 * MINUTE);
      await me(t, old.token);
    }
    // `sender` signs in, then leaves the token unused for 16 minutes.
    const sender = await customer(t, 1_000);
    const recipient = await customer(t);
    advance(16 * MINUTE);
    expect((await me(t, old.token)).json().code).toBe('SESSION_EXPIRED');
    expect((await me(t, sender.token)).json().code).toBe('SESSION_IDLE');
    const send = (app: TestApp, token: string, i: number) =>
      app.request({
        method: 'POST',
        url: '/api/transfers',
        token,
        headers: { 'idempotency-key': `idle-${i}-${token.slice(0, 8)}` },
        payload: { recipientIdentifier: recipient.id, amount: 10, transactionPin: PIN },
      });
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(i % 2 ? other : t, i % 4 < 2 ? sender.token : old.token, i),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 401));
    expect(await balanceOf(sender.id)).toBe(100_000);
    expect(await balanceOf(old.id)).toBe(100_000);
    expect(await balanceOf(recipient.id)).toBe(0);
  });
});

describe('?token= links are exchanged once', () => {
  const exchange = (app: TestApp, token: string) =>
    app.request({ method: 'POST', url: '/api/auth/exchange-token', token });

  it('gives a fresh session that ends when the link would have, and the link is used up', async () => {
    const user = await signUp(t);
    // Kept in use for half an hour, so the link is live but part-way through its life.
    for (let i = 0; i < 3; i += 1) {
      advance(10 * MINUTE);
      expect((await me(t, user.token)).statusCode).toBe(200);
    }
    const linkRow = await sessionRow(user.token);
    const res = await exchange(t, user.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: messages.tokenFetched,
      data: { _id: user.id, email: user.email },
    });
    expect(body.token).not.toBe(user.token);
    const freshRow = await sessionRow(body.token);
    expect(freshRow.expiresAt.getTime()).toBe(linkRow.expiresAt.getTime());
    expect(body.expires_in).toBe(
      Math.floor((linkRow.expiresAt.getTime() - t.clock.now().getTime()) / 1000),
    );
    expect(body.expires_in).toBeLessThan(SESSION_TTL_S);
    expect((await me(other, body.token)).statusCode).toBe(200);
    expect((await me(t, user.token)).statusCode).toBe(401);
    expect((await exchange(other, user.token)).statusCode).toBe(401);
  });

  it('many tabs opening one link at once: exactly one session comes out of it', async () => {
    const user = await signUp(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => exchange(i % 2 ? other : t, user.token)),
    );
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 401)).toHaveLength(19);
    const [row] = await t.deps.database.db
      .select({ live: sql<number>`count(*) filter (where ${sessions.revokedAt} is null)` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(Number(row?.live)).toBe(1);
  });

  it('refuses a link whose session is idle, logged out or unknown', async () => {
    const idle = await signUp(t);
    advance(16 * MINUTE);
    expect((await exchange(t, idle.token)).json().code).toBe('SESSION_IDLE');
    const out = await signUp(t);
    await t.request({ method: 'POST', url: '/api/auth/logout', token: out.token });
    expect((await exchange(t, out.token)).statusCode).toBe(401);
    expect((await exchange(t, 'x'.repeat(43))).statusCode).toBe(401);
  });
});

describe('migration 0020', () => {
  it('brings live sessions of the 7-day lifetime under 12 hours, leaving others alone', async () => {
    const user = await signUp(t);
    const created = new Date(t.clock.now().getTime() - 60 * MINUTE);
    const week = new Date(created.getTime() + 7 * 24 * 60 * MINUTE);
    const db = t.deps.database.db;
    const rows = await db
      .insert(sessions)
      .values([
        { userId: user.id, tokenHash: `old-${user.id}`, createdAt: created, expiresAt: week },
        {
          userId: user.id,
          tokenHash: `revoked-${user.id}`,
          createdAt: created,
          expiresAt: week,
          revokedAt: created,
        },
      ])
      .returning({ id: sessions.id });
    const file = path.join(__dirname, '../drizzle/0020_session_lifetime.sql');
    await db.execute(sql.raw(readFileSync(file, 'utf8')));
    const after = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(rows[0]!.id)?.expiresAt.getTime()).toBe(
      created.getTime() + SESSION_TTL_S * 1000,
    );
    expect(byId.get(rows[1]!.id)?.expiresAt.getTime()).toBe(week.getTime());
  });
});
