import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_MAX_FAILURES,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_PER_MINUTE,
  PIN_MAX_FAILURES,
} from '@owo/shared/constants';
import { hashSecret } from '../../apps/api/src/lib/hashing';
import { POSTGRES_ADMIN_URL, SOAK } from './support/env';
import {
  BURST_N,
  burst,
  guessesEndingWith,
  notRefused,
  openCode,
  report,
  startBurstServer,
  type BurstServer,
} from './support/burst';

/**
 * The auth limits under bursts (docs/decisions/0016-atomic-limiter.md): each test sends BURST_N
 * requests at the same moment from one client address, spread over two API processes on one
 * PostgreSQL database, and checks that no more than the limit was evaluated and that the right
 * secret, sent last, never wins. Before the atomic limiter these failed: thousands of wrong codes
 * were checked against one sign-in code (figures in docs/reliability.md).
 *
 * Needs real server processes and a PostgreSQL server: skipped on the PGlite pass.
 */

const PROCESSES = 2;
/** One seeded customer per test, so no test's counts touch another's. */
const USERS = 6;
const STRONG_PASSWORD = 'Str0ng!pass';
/** The processes' OTP_REQUESTS_PER_CLIENT_PER_HOUR (its default, set to be explicit). */
const OTP_MAX_REQUESTS_PER_CLIENT = 30;

describe.skipIf(!POSTGRES_ADMIN_URL)('auth limits under a burst from one client', () => {
  let server: BurstServer;
  beforeAll(async () => {
    server = await startBurstServer({
      adminUrl: POSTGRES_ADMIN_URL!,
      processes: PROCESSES,
      users: USERS,
      env: { OTP_REQUESTS_PER_CLIENT_PER_HOUR: String(OTP_MAX_REQUESTS_PER_CLIENT) },
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** A client address of its own per test: per-address counts stay apart. */
  const client = () => `203.0.113.${1 + (randomBytes(1)[0]! % 250)}`;
  const timeout = SOAK ? 600_000 : 60_000;

  /** Wrong codes checked for an e-mail: the rate_events rows of its per-e-mail failure key. */
  const checkedCodes = async (purpose: string, email: string) =>
    Number(
      (
        await server.database.query<{ n: string }>(
          'select count(*) as n from rate_events where key = $1',
          [`otp-fail:${purpose}:${email}`],
        )
      )[0]!.n,
    );

  it(
    'sign-in code: a burst of guesses with the right code last checks at most 5 and never signs in',
    async () => {
      const { email } = server.users[0]!;
      const address = client();
      expect(
        (await server.send(0, address, 'POST', '/api/auth/request-otp', { json: { email } }))
          .status,
      ).toBe(200);
      const guesses = guessesEndingWith(await openCode(server, email, 'auth'), BURST_N);
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/auth/verify-otp', {
          json: { email, otp: guesses[i] },
        }),
      );
      const checked = await checkedCodes('auth', email);
      report('verify-otp (sign-in)', BURST_N, checked, result);
      expect(result.tally['200'] ?? 0).toBe(0);
      expect(checked).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      expect(notRefused(result, ['OTP_VERIFY_THROTTLED'])).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    },
    timeout,
  );

  it(
    'password-reset code: a burst of guesses checks at most 5 and never resets the password',
    async () => {
      const { email } = server.users[1]!;
      const address = client();
      expect(
        (
          await server.send(0, address, 'POST', '/api/user/request-password-reset', {
            json: { email },
          })
        ).status,
      ).toBe(200);
      const guesses = guessesEndingWith(await openCode(server, email, 'reset'), BURST_N);
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/user/reset-password', {
          json: { email, otp: guesses[i], password: 'N3w!passw0rd' },
        }),
      );
      const checked = await checkedCodes('reset', email);
      report('reset-password', BURST_N, checked, result);
      expect(result.tally['200'] ?? 0).toBe(0);
      expect(checked).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      expect(notRefused(result, ['OTP_VERIFY_THROTTLED'])).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    },
    timeout,
  );

  it(
    'PIN-change code: a burst of guesses checks at most 5 and never changes the PIN',
    async () => {
      const { email, token } = server.users[2]!;
      const address = client();
      expect(
        (await server.send(0, address, 'POST', '/api/user/request-pin-otp', { token })).status,
      ).toBe(200);
      const guesses = guessesEndingWith(await openCode(server, email, 'pin'), BURST_N);
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/user/set-transaction-pin', {
          token,
          json: { transactionPin: '9876', otp: guesses[i] },
        }),
      );
      const checked = await checkedCodes('pin', email);
      report('set-transaction-pin (code)', BURST_N, checked, result);
      expect(result.tally['200'] ?? 0).toBe(0);
      expect(checked).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      expect(notRefused(result, ['OTP_VERIFY_THROTTLED'])).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
    },
    timeout,
  );

  it(
    'password login: a burst of wrong passwords with the right one last checks at most 5',
    async () => {
      const { id, email } = server.users[3]!;
      await server.database.query('update users set password_hash = $1 where id = $2', [
        await hashSecret(STRONG_PASSWORD),
        id,
      ]);
      const address = client();
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/auth/login', {
          json: { email, password: i === BURST_N - 1 ? STRONG_PASSWORD : `Wr0ng!pass${i}` },
        }),
      );
      const checked = notRefused(result, ['LOGIN_THROTTLED']);
      report('login', BURST_N, checked, result);
      expect(result.tally['200'] ?? 0).toBe(0);
      expect(checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    },
    timeout,
  );

  it(
    'transaction PIN: a burst of wrong PINs with the right one last checks at most 5',
    async () => {
      const { id, token } = server.users[4]!;
      const address = client();
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/user/validate-pin', {
          token,
          json: { transactionPin: i === BURST_N - 1 ? '1234' : i % 2 ? '0000' : '4321' },
        }),
      );
      // Each wrong PIN checked answers PIN_INCORRECT, the one that locks PIN_LOCKED (423).
      const incorrect = result.tally['400 PIN_INCORRECT'] ?? 0;
      const [state] = await server.database.query<{ attempts: number }>(
        'select pin_failed_attempts as attempts from users where id = $1',
        [id],
      );
      report('validate-pin', BURST_N, incorrect + 1, result);
      expect(result.tally['200'] ?? 0).toBe(0);
      expect(incorrect).toBe(PIN_MAX_FAILURES - 1);
      expect(state?.attempts).toBe(PIN_MAX_FAILURES);
    },
    timeout,
  );

  it(
    'code requests: a burst for one e-mail mails one code; a burst over many e-mails is capped per client',
    async () => {
      const { email } = server.users[5]!;
      const address = client();
      const mailed = async (emails: string[]) =>
        Number(
          (
            await server.database.query<{ n: string }>(
              'select count(*) as n from otp_codes where email = any($1::text[])',
              [emails],
            )
          )[0]!.n,
        );
      const one = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/auth/request-otp', { json: { email } }),
      );
      const codesForOne = await mailed([email]);
      report('request-otp (one e-mail)', BURST_N, codesForOne, one);

      const other = client();
      const emails = Array.from(
        { length: BURST_N },
        (_, i) => `burst.${randomBytes(3).toString('hex')}.${i}@example.com`,
      );
      const many = await burst(BURST_N, (i) =>
        server.send(i, other, 'POST', '/api/auth/request-otp', { json: { email: emails[i] } }),
      );
      const codesForMany = await mailed(emails);
      report('request-otp (many e-mails)', BURST_N, codesForMany, many);
      expect(codesForOne).toBeLessThanOrEqual(OTP_MAX_PER_MINUTE);
      expect(one.tally['200'] ?? 0).toBeLessThanOrEqual(OTP_MAX_PER_MINUTE);
      expect(codesForMany).toBeLessThanOrEqual(OTP_MAX_REQUESTS_PER_CLIENT);
    },
    timeout,
  );
});
