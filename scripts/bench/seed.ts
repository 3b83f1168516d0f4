import { createLedger } from '../../apps/api/src/ledger/ledger';
import {
  createAdjustmentService,
  MAX_OPERATOR_CREDIT_KOBO,
} from '../../apps/api/src/modules/adjustments/service';
import { createOtpService } from '../../apps/api/src/modules/auth/otp-service';
import { createSessionService } from '../../apps/api/src/modules/auth/session-service';
import { createPinService } from '../../apps/api/src/modules/pin/service';
import { settingsRepository } from '../../apps/api/src/modules/settings/repository';
import { SUPPLIER_SETTING_KEYS } from '../../apps/api/src/modules/suppliers/routing';
import { usersRepository } from '../../apps/api/src/modules/users/repository';
import { apiKeys } from '../../apps/api/src/db/schema';
import { generateKey, type KeyMode } from '../../apps/api/src/modules/developer/key-format';
import { NETWORK_NAMES } from '@owo/shared/networks';
import type { RouteSupplier } from '@owo/shared/suppliers';
import { offlineDeps } from './offline-deps';
import { openBenchDatabase } from './bench-database';

export const BENCH_PIN = '1234';

export interface Seeded {
  tokens: string[];
  /** The users behind the tokens, in the same order (transfers name their recipient by id). */
  userIds: string[];
  /**
   * With `withApiKeys`: one reseller API key per user, same order (the public API pass; those
   * wallets are verified). Empty otherwise.
   */
  apiKeys: string[];
  /** Each wallet's starting balance, kobo. */
  fundedKobo: number;
  seconds: number;
}

/**
 * One customer per client (so no two clients fight over one wallet row), each verified, with
 * PIN 1234, a session and the largest operator credit. Written with the app's own repositories
 * and services, as `npm run cli` would. The PIN is set through the PIN service, so it is stored
 * the way the API will check it (today an HMAC keyed with the server secret, which is why the
 * API process must get the same sessionSecret).
 */
export async function seed(options: {
  databaseUrl: string;
  users: number;
  dataDir: string;
  sessionSecret: string;
  /**
   * Airtime's route on every network, as an admin would set it (default: the app's own route).
   * A test that cuts the database under load routes airtime to VTpass alone: a refused VTpass
   * order moves to DataStation, and a move committed just as its connection is reset reads as an
   * error, so DataStation is never called; its order then rightly waits for an admin (decision
   * 0043), which such a test is not about.
   */
  airtimeRoute?: RouteSupplier<'airtime'>[];
  /**
   * Verifies each wallet and gives it a reseller API key (the bench's public API pass). Off by
   * default: the reliability suites seed customers through this too, and some of them are about
   * unverified ones (their limits, their first identity check).
   */
  withApiKeys?: boolean;
  /** The API keys' mode: the deployment's (`test` on a sandbox one, `live` otherwise). */
  keyMode?: KeyMode;
}): Promise<Seeded> {
  const started = performance.now();
  const { config, database } = openBenchDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    sessionSecret: options.sessionSecret,
    poolMax: 10,
  });
  try {
    await database.migrate();
    const deps = offlineDeps(config, database, 'the bench seeding');
    if (options.airtimeRoute) {
      const route = options.airtimeRoute;
      await settingsRepository.set(database.db, SUPPLIER_SETTING_KEYS.routing, {
        airtime: Object.fromEntries(NETWORK_NAMES.map((network) => [network, route])),
      });
    }
    const sessions = createSessionService(deps);
    const adjustments = createAdjustmentService(deps, createLedger(database));
    const pins = createPinService(deps, createOtpService(deps));
    const run = Date.now().toString(36);

    const one = async (i: number) => {
      const user = await database.db.transaction((tx) =>
        usersRepository.insertWithWallet(tx, {
          email: `bench.${run}.${i}@example.com`,
          firstName: 'Bench',
          lastName: `Client${i}`,
          phoneNumber: '08031234567',
          isVerified: true,
          // API keys buy only for a verified wallet (decision 0087).
          isKycVerified: options.withApiKeys === true,
        }),
      );
      let apiKey: string | undefined;
      if (options.withApiKeys) {
        const key = generateKey(options.keyMode ?? 'test');
        await database.db.insert(apiKeys).values({
          userId: user.id,
          name: 'bench',
          mode: options.keyMode ?? 'test',
          prefix: key.prefix,
          keyDigest: key.digest,
          scopes: ['read', 'purchase'],
        });
        apiKey = key.secret;
      }
      await pins.setPin(user.id, { transactionPin: BENCH_PIN });
      await adjustments.credit({
        userId: user.id,
        amountKobo: MAX_OPERATOR_CREDIT_KOBO,
        reason: 'bench funding',
        actor: 'bench',
      });
      const { token } = await sessions.issue(user.id, { ip: '127.0.0.1', userAgent: 'owo-bench' });
      return { token, userId: user.id, apiKey };
    };

    const tokens: string[] = [];
    const userIds: string[] = [];
    const keys: string[] = [];
    const batch = 10;
    for (let i = 0; i < options.users; i += batch) {
      const ids = Array.from({ length: Math.min(batch, options.users - i) }, (_, k) => i + k);
      for (const made of await Promise.all(ids.map(one))) {
        tokens.push(made.token);
        userIds.push(made.userId);
        if (made.apiKey) keys.push(made.apiKey);
      }
    }
    return {
      tokens,
      userIds,
      apiKeys: keys,
      fundedKobo: MAX_OPERATOR_CREDIT_KOBO,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}
