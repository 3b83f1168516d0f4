import { isIP } from 'node:net';

/**
 * The production profile (decision 0020): what NODE_ENV=production refuses, and TRUST_PROXY's
 * meaning. config.ts calls these; they only look at strings, so each rule is tested alone.
 */

/**
 * A number no one answers: the old built-in 2348000000000, or any number ending in a run of seven
 * or more of one digit (…0000000, …1111111). Customers would message nobody.
 */
export function isPlaceholderPhone(digits: string): boolean {
  return /(\d)\1{6,}$/.test(digits);
}

/** The supplier URLs and keys the live adapters cannot work without. */
export const LIVE_SUPPLIER_VARIABLES = [
  'VTPASS_BASE_URL',
  'VTPASS_API_KEY',
  'VTPASS_PUBLIC_KEY',
  'VTPASS_SECRET_KEY',
  'DATASTATION_BASE_URL',
  'DATASTATION_API_KEY',
  'OGDAMS_BASE_URL',
  'OGDAMS_API_KEY',
  'PALMPAY_BASE_URL',
  'PALMPAY_APP_ID',
  'PALMPAY_MERCHANT_PRIVATE_KEY',
  'PALMPAY_PUBLIC_KEY',
  'SAFEHAVEN_BASE_URL',
  'SAFEHAVEN_CLIENT_ID',
  'SAFEHAVEN_PRIVATE_KEY',
  'SAFEHAVEN_DEBIT_ACCOUNT',
  'SAFEHAVEN_COMPANY_URL',
] as const;

export type LiveSupplierVariable = (typeof LIVE_SUPPLIER_VARIABLES)[number];

/** Fewer different characters than this is a pattern, not a secret (e.g. "abab…", "1111…"). */
export const SESSION_SECRET_MIN_DISTINCT = 10;

/**
 * The least a secret's estimated entropy may be. `openssl rand -hex 16` (the shortest random secret
 * of 32 characters) estimates 110 bits on average and never below 90 in 200,000 draws; a sequence
 * such as `0123456789…` estimates 15.
 */
export const SESSION_SECRET_MIN_BITS = 72;

/** Shannon entropy in bits per symbol of the symbols' own frequencies. */
function bitsPerSymbol(symbols: readonly (string | number)[]): number {
  const counts = new Map<string | number, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / symbols.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * A cautious estimate of a secret's entropy in bits: its length times the lower of two per-symbol
 * entropies, of its characters and of the steps between neighbouring characters. Many different
 * characters in a run (`0123456789abcdef…`, `abcdefghij` repeated) all step by one, so the steps
 * give such a pattern away where counting characters alone does not. Keyboard walks and words are
 * not detected: the README says to generate the secret.
 */
export function estimatedSecretBits(secret: string): number {
  const codes = Array.from(secret, (ch) => ch.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, i) => code - (codes[i] ?? 0));
  const perSymbol = Math.min(bitsPerSymbol(codes), steps.length ? bitsPerSymbol(steps) : 0);
  return codes.length * perSymbol;
}

/** Placeholders published in our own files: anyone could sign with them. */
const KNOWN_EXAMPLE_SECRETS = new Set([
  'replace-with-at-least-32-random-characters',
  'change-me-to-a-long-random-password',
]);

/** Why a session secret is weak, or undefined when it is fit for production. */
export function sessionSecretWeakness(secret: string): string | undefined {
  if (secret.length < 32) return 'must be at least 32 characters';
  if (KNOWN_EXAMPLE_SECRETS.has(secret) || /change-?me|replace-with/i.test(secret)) {
    return 'is an example value; generate one (openssl rand -base64 48)';
  }
  if (new Set(secret).size < SESSION_SECRET_MIN_DISTINCT) {
    return `must mix at least ${SESSION_SECRET_MIN_DISTINCT} different characters; generate one (openssl rand -base64 48)`;
  }
  if (estimatedSecretBits(secret) < SESSION_SECRET_MIN_BITS) {
    return 'follows a pattern (too little entropy); generate one (openssl rand -base64 48)';
  }
  return undefined;
}

/** The variables the production profile reads (already parsed; blanks are absent). */
export type ProductionEnv = {
  PROVIDER_MODE: 'sandbox' | 'live';
  DATABASE_URL?: string;
  SMTP_URL?: string;
  PUBLIC_BASE_URL?: string;
  SESSION_SECRET?: string;
  TRUST_PROXY: string;
  SUPPORT_WHATSAPP?: string;
} & Partial<Record<LiveSupplierVariable, string>>;

/**
 * Every reason this environment is unsafe for production, one line per variable: a production
 * start with the sandbox would accept deposit webhooks signed with the committed PalmPay key, the
 * embedded database keeps the money on one disk of one process, and without SMTP the sign-in codes
 * would be printed to the log.
 */
export function productionProblems(env: ProductionEnv): string[] {
  const problems: string[] = [];
  if (env.PROVIDER_MODE !== 'live') {
    problems.push('PROVIDER_MODE: must be live when NODE_ENV=production');
  }
  if (!env.DATABASE_URL) problems.push('DATABASE_URL: required when NODE_ENV=production');
  if (!env.SMTP_URL) problems.push('SMTP_URL: required when NODE_ENV=production');
  for (const name of LIVE_SUPPLIER_VARIABLES) {
    if (!env[name]) problems.push(`${name}: required when NODE_ENV=production`);
  }
  if (!env.PUBLIC_BASE_URL) {
    problems.push('PUBLIC_BASE_URL: required when NODE_ENV=production (an https:// origin)');
  } else if (!env.PUBLIC_BASE_URL.startsWith('https://')) {
    problems.push('PUBLIC_BASE_URL: must be an https:// origin when NODE_ENV=production');
  }
  if (!env.SESSION_SECRET) {
    problems.push('SESSION_SECRET: required when NODE_ENV=production');
  } else {
    const weakness = sessionSecretWeakness(env.SESSION_SECRET);
    if (weakness) problems.push(`SESSION_SECRET: ${weakness}`);
  }
  if (env.SUPPORT_WHATSAPP && isPlaceholderPhone(env.SUPPORT_WHATSAPP)) {
    problems.push(
      'SUPPORT_WHATSAPP: looks like a placeholder (a run of one digit); give the real support number or leave it unset to hide the WhatsApp link',
    );
  }
  if (env.TRUST_PROXY.trim().toLowerCase() === 'true') {
    problems.push(
      'TRUST_PROXY: "true" trusts every X-Forwarded-For hop (any client can pick its address); give the number of proxies in front of the API, e.g. 1',
    );
  }
  return problems;
}

/** What Fastify's trustProxy takes: false, a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`/`0` (no proxy), a hop count (proxies in front of the API; the client is
 * read that many hops back in X-Forwarded-For), or a comma list of the proxies' addresses or
 * CIDRs. `true` (trust every hop) is kept outside production only, for tests that send
 * X-Forwarded-For straight to a node; productionProblems refuses it.
 */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const value = raw.trim();
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) return { error: 'must be a hop count from 0 to 100' };
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrCidr)) return entries;
  return {
    error:
      'must be a number of proxies (e.g. 1) or a comma list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,192.168.1.4)',
  };
}

/**
 * What Fastify is given. A hop count becomes a function of the hop's index (0 = the peer on the
 * socket), trusting the first n: Fastify itself reads a bare number as "trust nothing" (it cannot
 * tell the balancer from a client that reaches a node directly), so the nodes must be reachable
 * only through the balancer, or TRUST_PROXY must list the proxies' addresses instead.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
