import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAGIC_METERS, MAGIC_SMARTCARDS } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { OPEN_CHECKOUTS_MAX } from '../../apps/api/src/modules/deposits/checkout-limits';
import { IDENTITY_INITIATES_PER_HOUR } from '../../apps/api/src/modules/kyc/verification-service';
import {
  LOOKUP_LIMITS,
  lookupKey,
  type LookupKind,
} from '../../apps/api/src/modules/lookups/limits';
import { POSTGRES_ADMIN_URL, SOAK } from './support/env';
import {
  BURST_N,
  burst,
  notRefused,
  openCode,
  report,
  startBurstServer,
  type BurstServer,
} from './support/burst';

/**
 * Look-ups of other people's names, paid supplier calls and the one-identity-one-wallet rule
 * under bursts (docs/decisions/0016-atomic-limiter.md, "Look-ups", "Checkouts", "One identity"):
 * BURST_N requests at the same moment from one customer, spread over two API processes on one
 * PostgreSQL database. What reached a supplier is counted in the database: each admitted look-up
 * is one limiter row (and one supplier call), each checkout one deposits row, each PalmPay status
 * question one limiter row, each identity initiate one identity_verifications row.
 *
 * Needs real server processes and a PostgreSQL server: skipped on the PGlite pass.
 */

const PROCESSES = 2;
/** Customers 0-9 for the limits; the next NIN_RACE for the identity race. */
const NIN_RACE = 50;
const USERS = 10 + NIN_RACE;
const STRONG_PASSWORD = 'Str0ng!pass';

describe.skipIf(!POSTGRES_ADMIN_URL)('look-up and supplier-call limits under a burst', () => {
  let server: BurstServer;
  beforeAll(async () => {
    server = await startBurstServer({
      adminUrl: POSTGRES_ADMIN_URL!,
      processes: PROCESSES,
      users: USERS,
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  const client = () => `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;
  const timeout = SOAK ? 600_000 : 120_000;
  const count = async (sql: string, params: unknown[]) =>
    Number((await server.database.query<{ n: string }>(sql, params))[0]!.n);
  const claims = (key: string) =>
    count('select count(*) as n from rate_events where key = $1', [key]);

  const lookups: {
    kind: LookupKind;
    user: number;
    url: string;
    json: (i: number) => unknown;
  }[] = [
    {
      kind: 'bankAccount',
      user: 0,
      url: '/api/transfers/verify',
      json: (i) => ({
        bankCode: '000013',
        accountNumber: `01234${String(i % 1e5).padStart(5, '0')}`,
      }),
    },
    {
      kind: 'meter',
      user: 1,
      url: '/api/vtpass/verify-meter-number',
      json: () => ({ serviceID: 'ikeja-electric', billersCode: MAGIC_METERS.delivered }),
    },
    {
      kind: 'smartcard',
      user: 2,
      url: '/api/vtpass/smartcard-verify',
      json: () => ({ serviceID: 'dstv', billersCode: MAGIC_SMARTCARDS.delivered }),
    },
    {
      kind: 'servicesVerify',
      user: 3,
      url: '/api/services/verify',
      json: () => ({
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.utility.IKEJA,
        entityNumber: MAGIC_METERS.delivered,
      }),
    },
    {
      kind: 'recipient',
      user: 4,
      url: '/api/transfers/verify-recipient',
      json: (i) => ({ email: `guess.${i}.${randomBytes(3).toString('hex')}@example.com` }),
    },
  ];

  for (const l of lookups) {
    it(
      `${l.url}: a burst evaluates ${LOOKUP_LIMITS[l.kind].max}, the rest 429 with Retry-After`,
      async () => {
        const { id, token } = server.users[l.user]!;
        const address = client();
        const result = await burst(BURST_N, (i) =>
          server.send(i, address, 'POST', l.url, { token, json: l.json(i) }),
        );
        const admitted = await claims(lookupKey(l.kind, id));
        const evaluated = notRefused(result, ['LOOKUPS_THROTTLED']);
        report(`${l.url} (${l.kind})`, BURST_N, evaluated, result);
        const { max } = LOOKUP_LIMITS[l.kind];
        expect(admitted).toBe(max);
        expect(evaluated).toBe(max);
        // Each admitted one was answered by the supplier (recipients: by our user table).
        const answered = l.kind === 'recipient' ? ['404 RECIPIENT_NOT_FOUND'] : ['200'];
        expect(result.tally[answered[0]!] ?? 0).toBe(max);
        for (const r of result.replies.filter((x) => x.status === 429)) {
          expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        }
      },
      timeout,
    );
  }

  it(
    'POST transfers naming e-mails spends the same budget: no oracle past it',
    async () => {
      const { id, token } = server.users[5]!;
      const known = server.users[6]!;
      const address = client();
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/transfers', {
          token,
          headers: { 'idempotency-key': `burst-transfer-${i}-${Date.now()}` },
          json: {
            recipientIdentifier: i === BURST_N - 1 ? known.email : `nobody.${i}@example.com`,
            amount: 100,
            transactionPin: '1234',
          },
        }),
      );
      const evaluated = notRefused(result, ['LOOKUPS_THROTTLED']);
      report('POST transfers (e-mail recipients)', BURST_N, evaluated, result);
      expect(await claims(lookupKey('recipient', id))).toBe(LOOKUP_LIMITS.recipient.max);
      expect(evaluated).toBeLessThanOrEqual(LOOKUP_LIMITS.recipient.max);
    },
    timeout,
  );

  it(
    'KYC initiate: a burst reaches Safe Haven at most 5 times',
    async () => {
      const { id, token } = server.users[7]!;
      const address = client();
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/verification/initiate', {
          token,
          json: { type: 'NIN', number: ninFor(i) },
        }),
      );
      const reached = await count(
        'select count(*) as n from identity_verifications where user_id = $1',
        [id],
      );
      report('verification/initiate', BURST_N, reached, result);
      expect(reached).toBe(IDENTITY_INITIATES_PER_HOUR);
      expect(notRefused(result, ['VERIFICATION_THROTTLED'])).toBe(IDENTITY_INITIATES_PER_HOUR);
    },
    timeout,
  );

  it(
    'PalmPay checkouts: a burst opens at most 5; status polls ask PalmPay once per 30 s',
    async () => {
      // A customer under the balance cap (the seeded ones are funded past it).
      const { id, token } = await signUpOverHttp();
      const address = client();
      const result = await burst(BURST_N, (i) =>
        server.send(i, address, 'POST', '/api/deposit/bank-transfer', {
          token,
          json: { amount: 100 + i },
        }),
      );
      const opened = await count('select count(*) as n from deposits where user_id = $1', [id]);
      report('deposit/bank-transfer', BURST_N, opened, result);
      expect(opened).toBe(OPEN_CHECKOUTS_MAX);
      expect(notRefused(result, ['DEPOSIT_CHECKOUTS_THROTTLED'])).toBe(OPEN_CHECKOUTS_MAX);

      const open = result.replies.find((r) => r.status === 200);
      expect(open, JSON.stringify(result.tally)).toBeDefined();
      const depositId = open!.body.data._id as string;
      const polls = await burst(BURST_N, (i) =>
        server.send(i, address, 'GET', `/api/deposit/${depositId}/status`, { token }),
      );
      const asked = await claims(`deposit-query:${depositId}`);
      report('deposit/{id}/status (PalmPay asked)', BURST_N, asked, polls);
      expect(polls.tally['200']).toBe(BURST_N);
      expect(asked).toBe(1);
    },
    timeout,
  );

  it(
    `one NIN, ${NIN_RACE} wallets at once: exactly one verified, the others open nothing`,
    async () => {
      const racers = server.users.slice(10, 10 + NIN_RACE);
      const nin = ninFor(Number.parseInt(randomBytes(3).toString('hex'), 16));
      // One person trying the same NIN from many wallets: each wallet bears the holder's name, so
      // the name check (decision 0055) passes everywhere and only the NIN's uniqueness decides.
      await server.database.query(
        `update users set first_name = 'Ada', last_name = 'Okafor', birth_date = ''
          where id = any($1::uuid[])`,
        [racers.map((u) => u.id)],
      );
      // Each wallet stays on one process: the sandbox's identity records live in its process.
      const verified = await Promise.all(
        racers.map(async (u, k) => {
          const started = await server.send(k, client(), 'POST', '/api/verification/initiate', {
            token: u.token,
            json: { type: 'NIN', number: nin },
          });
          expect(started.status, JSON.stringify(started.body)).toBe(200);
          const identityId = started.body.data.identityId as string;
          const checked = await server.send(k, client(), 'POST', '/api/verification/validate', {
            token: u.token,
            json: { identityId, otp: SAFEHAVEN_IDENTITIES.fixedOtp },
          });
          expect(checked.status, JSON.stringify(checked.body)).toBe(200);
          return { ...u, identityId };
        }),
      );
      const result = await burst(NIN_RACE, (k) =>
        server.send(k, client(), 'POST', '/api/account/subaccount', {
          token: verified[k]!.token,
          json: {
            phoneNumber: '08031234567',
            emailAddress: verified[k]!.email,
            identityId: verified[k]!.identityId,
            identityNumber: nin,
            identityType: 'NIN',
            otp: SAFEHAVEN_IDENTITIES.fixedOtp,
          },
        }),
      );
      const ids = racers.map((u) => u.id);
      const kycVerified = await count(
        'select count(*) as n from users where id = any($1::uuid[]) and is_kyc_verified',
        [ids],
      );
      const accounts = await count(
        'select count(*) as n from user_accounts where user_id = any($1::uuid[])',
        [ids],
      );
      report('account/subaccount (one NIN)', NIN_RACE, kycVerified, result);
      expect(result.tally['200']).toBe(1);
      expect(result.tally['409 IDENTITY_IN_USE']).toBe(NIN_RACE - 1);
      expect(kycVerified).toBe(1);
      // The winner's Safe Haven sub-account and PalmPay virtual account; nobody else's.
      expect(accounts).toBe(2);
    },
    timeout,
  );

  /** An 11-digit NIN the sandbox verifies with its fixed OTP. */
  function ninFor(i: number): string {
    return `${SAFEHAVEN_IDENTITIES.fixedOtpPrefix}${String(i % 1e8).padStart(8, '0')}`;
  }

  /** A new customer through the real sign-up (request-otp, the mailed code, complete-signup). */
  async function signUpOverHttp(): Promise<{ id: string; token: string }> {
    const email = `burst.${randomBytes(4).toString('hex')}@example.com`;
    const address = client();
    const asked = await server.send(0, address, 'POST', '/api/auth/request-otp', {
      json: { email },
    });
    expect(asked.status).toBe(200);
    const otp = await openCode(server, email, 'auth');
    const verified = await server.send(0, address, 'POST', '/api/auth/verify-otp', {
      json: { email, otp },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const done = await server.send(0, address, 'POST', '/api/auth/complete-signup', {
      json: {
        firstName: 'Burst',
        lastName: 'Tester',
        email,
        phoneNumber: '08031234567',
        password: STRONG_PASSWORD,
        signupTicket: verified.body.signupTicket,
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return { id: done.body.data._id as string, token: done.body.token as string };
  }
});
