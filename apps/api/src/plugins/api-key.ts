import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { apiKeysRepository, LAST_USED_EVERY_MS } from '../modules/developer/keys-repository';
import { keyOfHeader } from '../modules/developer/key-format';
import type { ApiRateLimits } from '../modules/public-api/rate-limits';

export type ApiKeyScope = 'read' | 'purchase';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireApiKey: the reseller's key (never the key itself, only its row's facts). */
    apiKey?: {
      id: string;
      userId: string;
      scopes: string[];
      mode: 'live' | 'test';
      /** The owner's price tier, read with the key (decision 0090). */
      priceTier: string;
    };
  }
}

type KeyGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Every guard requireApiKey made: the route table reads a route's access from its hooks. */
const keyGuards = new WeakSet<KeyGuard>();
export const isApiKeyGuard = (hook: unknown) => keyGuards.has(hook as KeyGuard);

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) is checked as `203.0.113.7`. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Whether an address is in a key's allow-list of addresses and CIDR blocks (empty: any). */
export function addressAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowed) {
    const [base = '', bits, ...rest] = entry.trim().split('/');
    const version = isIP(base);
    // An entry that names no address or block admits nothing (never a refusal of the whole list).
    if (version === 0 || rest.length > 0) continue;
    const type = version === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) {
      list.addAddress(base, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (version === 6 ? 128 : 32)) continue;
    list.addSubnet(base, prefix, type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The reseller API's guard (decision 0087): `Authorization: Bearer owo_live_…` (or `owo_test_…`
 * on a sandbox deployment). Refusals: a missing, malformed, unknown or revoked key, another
 * deployment's key, or a disabled owner → 401 API_KEY_INVALID; an address outside the key's
 * allow-list → 403 API_KEY_IP_REFUSED; a key without the scope → 403 API_KEY_SCOPE. Then the
 * key's rate limits (decision 0088). The key is never logged: only its row's id is kept.
 */
export function createApiKeyGuards(deps: AppDeps, rates: ApiRateLimits) {
  const { database, clock, config, logger } = deps;
  const deploymentMode = config.providerMode === 'live' ? 'live' : 'test';
  /** When this process last recorded each key's use (the database is asked at most once a minute). */
  const touched = new Map<string, number>();

  async function recordUse(id: string, ip: string) {
    const now = clock.now();
    const last = touched.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return;
    touched.set(id, now.getTime());
    if (touched.size > 100_000) touched.clear();
    // A failed bookkeeping write must not refuse the call.
    await apiKeysRepository.touch(database.db, id, ip, now).catch((error: unknown) => {
      logger.warn({ err: error, apiKeyId: id }, 'recording an API key use failed');
    });
  }

  function requireApiKey(scope: ApiKeyScope): KeyGuard {
    const guard: KeyGuard = async (request, reply) => {
      const presented = keyOfHeader(request.headers.authorization);
      if (!presented || presented.mode !== deploymentMode) throw new AppError('API_KEY_INVALID');
      const key = await apiKeysRepository.findByDigest(database.db, presented.digest);
      if (!key || key.revokedAt !== null || !key.userActive || key.mode !== deploymentMode) {
        throw new AppError('API_KEY_INVALID');
      }
      if (!addressAllowed(key.allowedIps, request.ip)) throw new AppError('API_KEY_IP_REFUSED');
      if (!key.scopes.includes(scope)) throw new AppError('API_KEY_SCOPE');
      rates.admit(key.id, reply);
      request.apiKey = {
        id: key.id,
        userId: key.userId,
        scopes: key.scopes,
        mode: key.mode,
        priceTier: key.priceTier,
      };
      await recordUse(key.id, request.ip);
    };
    keyGuards.add(guard);
    return guard;
  }

  return { requireApiKey };
}

/** The key of a route guarded by requireApiKey. */
export function apiKeyOf(request: FastifyRequest) {
  if (!request.apiKey) throw new AppError('API_KEY_INVALID');
  return request.apiKey;
}

export type ApiKeyGuards = ReturnType<typeof createApiKeyGuards>;
