/**
 * The Safe Haven MFB simulator: speaks Safe Haven's wire format (OAuth2 client assertion, identity
 * v2 with OTP, sub-accounts, our account list, bank list and name enquiry, the VAS
 * services/categories/products, verify, pay and transaction lookup) with replies built from the
 * fixtures, each shaped like a documented reply (replies.ts, SOURCES.md). It checks the client
 * assertion's RS256 signature with the sandbox public key and keeps identities, accounts and orders
 * in memory. Magic values (sandbox/magic.ts) drive every outcome; docs/sandbox.md lists them.
 */
import { createHash, createPublicKey, randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { isObject, nonEmpty } from '../wire';
import type { SimulatorOptions } from '../sandbox/sim-kit';
import { CLIENT_ASSERTION_TYPE, verifyClientAssertion } from './auth';
import { SAFEHAVEN_OWN_BANK_CODE } from './banks';
import { errorBody, fill, FIXTURES } from './replies';
import { registerIdentityRoutes, SAFEHAVEN_SANDBOX_FLOAT_KOBO } from './sim-identity';
import { SimWallet } from '../sandbox/sim-wallet';
import { IdentityRegister } from '../sandbox/identity-register';
import type { VasOrder } from './sim-orders';
import { registerVasRoutes } from './sim-vas';

export { SAFEHAVEN_BANK_NAME, SAFEHAVEN_LOG_PREFIX } from './sim-identity';

export interface SafeHavenSimulatorOptions extends SimulatorOptions {
  keys: { clientId: string; publicKey: string; debitAccountNumber: string };
  /**
   * The clock for client assertions and access tokens (real milliseconds, default Date.now). It is
   * not the simulator clock: tests move that one by days to settle orders, and tokens signed with
   * the real time must still be accepted.
   */
  authNow?: () => number;
  /** Access-token lifetime in seconds (default 2 400, as the fixture's expires_in). */
  tokenLifetimeSeconds?: number;
  /** Where OTPs "sent to the phone on record" are printed (default console.info). */
  log?: (line: string) => void;
  /** Our debit account's balance; the sandbox's control call sets it. */
  wallet?: SimWallet;
  /** Who holds each identity number (default: a person picked from the digits). */
  identityRegister?: IdentityRegister;
}

export const safeHavenSimulator: FastifyPluginAsync<SafeHavenSimulatorOptions> = async (
  app,
  options,
) => {
  const { keys, now, holdMs } = options;
  const authNow = options.authNow ?? Date.now;
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? FIXTURES.tokenSuccess.expires_in;
  const publicKey = createPublicKey(keys.publicKey);
  const ibsClientId = createHash('sha256').update(keys.clientId).digest('hex').slice(0, 24);
  const prefix = app.prefix;
  const tokens = new Map<string, number>();
  const orders = new Map<string, VasOrder>();

  // Every call but the token exchange carries the bearer token and our ibs_client_id.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.endsWith('/oauth2/token')) return;
    const header = request.headers.authorization ?? '';
    const token = /^Bearer (\S+)$/i.exec(header)?.[1];
    const expiresAtMs = token ? tokens.get(token) : undefined;
    const refuse = (message: string) =>
      reply.code(401).send(errorBody(401, message, { error: 'Unauthorized' }));
    if (!token || expiresAtMs === undefined || expiresAtMs <= authNow()) {
      return refuse('Unauthorized: invalid or expired access token');
    }
    if (request.headers.clientid !== ibsClientId) return refuse('Unauthorized: invalid ClientID');
  });

  // The token request as OAuth2 clients send it (RFC 6749 4.4.2, RFC 7521 4.2: form-encoded), as
  // well as JSON. Scoped to this plugin, so no other simulator takes form bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post('/oauth2/token', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const refuse = (message: string) =>
      reply.code(401).send(errorBody(401, message, { error: 'invalid_client' }));
    if (body.grant_type !== 'client_credentials') {
      return reply.code(400).send(
        errorBody(400, 'grant_type must be client_credentials', {
          error: 'unsupported_grant_type',
        }),
      );
    }
    if (body.client_assertion_type !== CLIENT_ASSERTION_TYPE) {
      return refuse(`client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`);
    }
    if (body.client_id !== keys.clientId) return refuse('Unknown client_id');
    const assertion = nonEmpty(body.client_assertion);
    if (!assertion) return refuse('client_assertion is required');
    const check = verifyClientAssertion(assertion, publicKey, Math.floor(authNow() / 1000));
    if (!check.ok) return refuse(`Invalid client assertion (${check.reason})`);
    if (check.claims.sub !== keys.clientId) return refuse('Invalid client assertion (sub)');
    if (!audienceMatches(check.claims.aud)) return refuse('Invalid client assertion (aud)');

    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, authNow() + tokenLifetimeSeconds * 1000);
    return fill(FIXTURES.tokenSuccess, {
      access_token: accessToken,
      client_id: keys.clientId,
      expires_in: tokenLifetimeSeconds,
      refresh_token: randomBytes(24).toString('base64url'),
      ibs_client_id: ibsClientId,
      ibs_user_id: createHash('sha256').update(`user:${keys.clientId}`).digest('hex').slice(0, 24),
    });
  });

  /** `aud` is Safe Haven's environment URL: here, any origin plus this simulator's prefix. */
  function audienceMatches(aud: string): boolean {
    try {
      return new URL(aud).pathname.replace(/\/+$/, '') === prefix.replace(/\/+$/, '');
    } catch {
      return false;
    }
  }

  /** A 30-digit NIP session id: Safe Haven's institution code, the time, and random digits. */
  function sessionId(): string {
    const stamp = new Date(now()).toISOString().replace(/\D/g, '').slice(2, 14);
    const tail = Array.from({ length: 12 }, () => randomInt(10)).join('');
    return `${SAFEHAVEN_OWN_BANK_CODE}${stamp}${tail}`;
  }

  const shared = {
    ibsClientId,
    debitAccountNumber: keys.debitAccountNumber,
    now,
    sessionId,
    orders,
    wallet: options.wallet ?? new SimWallet(SAFEHAVEN_SANDBOX_FLOAT_KOBO),
  };
  registerIdentityRoutes(app, {
    ...shared,
    log: options.log ?? ((line) => console.info(line)),
    register: options.identityRegister ?? new IdentityRegister(),
  });
  registerVasRoutes(app, { ...shared, holdMs });
};
