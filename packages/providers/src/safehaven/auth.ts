/**
 * Safe Haven's OAuth2 client assertion: we sign a short JWT (RS256) with our private key and
 * exchange it at POST oauth2/token for an access token and the `ibs_client_id` every other call
 * sends as its ClientID header. node:crypto does the signing; no JWT library.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { callSupplier, describeReply, supplierUrl } from '../http';
import { isObject, integer, nonEmpty } from '../wire';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** How long a client assertion we sign stays valid. */
export const ASSERTION_LIFETIME_SECONDS = 10 * 60;
/** A cached access token is replaced this long before Safe Haven says it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface AssertionClaims {
  /** Our company URL. */
  iss: string;
  /** Our OAuth client id. */
  sub: string;
  /** Safe Haven's environment (its base URL). */
  aud: string;
  iat: number;
  exp: number;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** A compact RS256 JWT over the claims. */
export function signClientAssertion(
  claims: AssertionClaims,
  privateKey: string | KeyObject,
): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signingInput = `${header}.${payload}`;
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  const signature = sign('sha256', Buffer.from(signingInput), key);
  return `${signingInput}.${base64url(signature)}`;
}

export type AssertionCheck =
  | { ok: true; claims: AssertionClaims }
  | { ok: false; reason: 'malformed' | 'algorithm' | 'signature' | 'claims' | 'expired' };

/**
 * Checks an RS256 JWT against a public key and the clock (seconds since the epoch). Used by the
 * simulator, and by tests for the round trip.
 */
export function verifyClientAssertion(
  token: string,
  publicKey: string | KeyObject,
  nowSeconds: number,
): AssertionCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) {
    return { ok: false, reason: 'malformed' };
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseSegment(headerPart);
  const payload = parseSegment(payloadPart);
  if (!header || !payload) return { ok: false, reason: 'malformed' };
  // Only RS256: accepting "none" or an HMAC algorithm is the classic JWT forgery.
  if (header.alg !== 'RS256') return { ok: false, reason: 'algorithm' };
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  const valid = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    key,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!valid) return { ok: false, reason: 'signature' };
  const iss = nonEmpty(payload.iss);
  const sub = nonEmpty(payload.sub);
  const aud = nonEmpty(payload.aud);
  const iat = integer(payload.iat);
  const exp = integer(payload.exp);
  if (!iss || !sub || !aud || iat === undefined || exp === undefined) {
    return { ok: false, reason: 'claims' };
  }
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { iss, sub, aud, iat, exp } };
}

function parseSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface SafeHavenCredentials {
  baseUrl: string;
  /** Our OAuth client id (the dashboard's app id). */
  clientId: string;
  /** PEM (PKCS#8 or PKCS#1) of the key whose public half Safe Haven holds. */
  privateKey: string;
  /** `iss` of the assertion. */
  companyUrl: string;
}

export interface AccessToken {
  accessToken: string;
  ibsClientId: string;
  expiresAtMs: number;
}

export type TokenResult = { ok: true; token: AccessToken } | { ok: false; description: string };

export interface TokenSource {
  /** The cached token, or a new one when there is none or it is about to expire. */
  get(): Promise<TokenResult>;
  /** Forgets the cached token (after a 401) so the next get() asks for a new one. */
  invalidate(token: AccessToken): void;
}

/**
 * Caches the access token until TOKEN_REFRESH_MARGIN_MS before it expires; callers that ask while
 * a token request is in flight share it, so a burst of calls makes one token request.
 */
export function createTokenSource(
  credentials: SafeHavenCredentials,
  options: { timeoutMs: number; now?: () => number },
): TokenSource {
  const now = options.now ?? Date.now;
  // Parsed once: a bad PEM fails at start-up, not at the first call.
  const privateKey = createPrivateKey(credentials.privateKey);
  let cached: AccessToken | undefined;
  let inFlight: Promise<TokenResult> | undefined;

  async function requestToken(): Promise<TokenResult> {
    const nowSeconds = Math.floor(now() / 1000);
    const assertion = signClientAssertion(
      {
        iss: credentials.companyUrl,
        sub: credentials.clientId,
        aud: audienceOf(credentials.baseUrl),
        iat: nowSeconds,
        exp: nowSeconds + ASSERTION_LIFETIME_SECONDS,
      },
      privateKey,
    );
    const reply = await callSupplier({
      method: 'POST',
      url: supplierUrl(credentials.baseUrl, 'oauth2/token'),
      headers: {},
      body: {
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_assertion_type: CLIENT_ASSERTION_TYPE,
        client_assertion: assertion,
      },
      timeoutMs: options.timeoutMs,
    });
    const body = reply.kind === 'reply' && reply.status === 200 ? reply.json : undefined;
    const accessToken = isObject(body) ? nonEmpty(body.access_token) : undefined;
    const ibsClientId = isObject(body) ? nonEmpty(body.ibs_client_id) : undefined;
    const expiresIn = isObject(body) ? integer(body.expires_in) : undefined;
    if (!accessToken || !ibsClientId || expiresIn === undefined || expiresIn <= 0) {
      return { ok: false, description: `Safe Haven token: ${describeReply(reply)}` };
    }
    const token = { accessToken, ibsClientId, expiresAtMs: now() + expiresIn * 1000 };
    cached = token;
    return { ok: true, token };
  }

  return {
    get() {
      if (cached && now() < cached.expiresAtMs - TOKEN_REFRESH_MARGIN_MS) {
        return Promise.resolve({ ok: true, token: cached });
      }
      inFlight ??= requestToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate(token) {
      if (cached?.accessToken === token.accessToken) cached = undefined;
    },
  };
}

/** Safe Haven's `aud` is its environment URL: the base URL without a trailing slash. */
export function audienceOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
