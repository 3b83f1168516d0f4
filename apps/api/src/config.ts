import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { ProvidersConfig } from '@owo/providers/create-providers';
import {
  API_GLOBAL_REQUESTS_PER_SECOND,
  API_KEY_PURCHASES_PER_MINUTE,
  API_KEY_RATE,
  INACTIVITY_LOGOUT_MS,
  SESSION_TTL_S,
  WALLET_LIMITS_KOBO,
} from '@owo/shared/constants';
import { CRASH_POINTS, parseCrashAt, type CrashAt } from './lib/crash-points';

/** Decision 0003's bound on a session's life; production refuses a longer SESSION_LIFETIME_S. */
const SESSION_LIFETIME_MAX_S = 24 * 60 * 60;
import {
  LIVE_SUPPLIER_VARIABLES,
  parseTrustProxy,
  productionProblems,
  type LiveSupplierVariable,
  type TrustProxy,
} from './production-profile';

/**
 * The one module that reads the environment (ARCHITECTURE.md). Everything else receives a Config.
 * A bad value stops the start with a message that names the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** A replica (HAProxy's read port) for the reads that may lag (decision 0052). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Past this replay lag the lag-tolerant reads go back to the primary. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** API processes on this machine (decision 0038): a count, or `auto`/`0` for one per core. */
  API_PROCESSES: z
    .string()
    .regex(/^(auto|\d{1,3})$/i, 'must be a number of processes (1 to 256), or auto (one per core)')
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= 256, 'must be at most 256 (auto: one per core)')
    .default('1'),
  /** Set by the cluster's primary on the workers it forks (cluster/primary.ts), never by hand. */
  API_WORKER_INDEX: z.coerce.number().int().min(1).max(256).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Owo <no-reply@owo.local>'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  APP_NAME: z.string().min(1).default('Owo'),
  CHAT_PROPERTY_ID: z.string().min(1).optional(),
  /** The support WhatsApp number in international form (2348012345678); unset hides the link. */
  SUPPORT_WHATSAPP: z
    .string()
    .transform((v) => v.replace(/[\s()+-]/g, ''))
    .pipe(
      z
        .string()
        .regex(
          /^[1-9]\d{7,14}$/,
          'must be a phone number in international form, e.g. 2348012345678',
        ),
    )
    .optional(),
  /** Proxies in front of the API: a hop count or their addresses/CIDRs (production-profile.ts). */
  TRUST_PROXY: z.string().default('false'),
  /**
   * Session rules (decision 0049): refused after this long unused (the spec's 15 minutes), and
   * this long after sign-in however used. Production refuses anything looser than the defaults'
   * bounds; tests of other features lengthen them, as their clocks jump by hours.
   */
  SESSION_IDLE_TIMEOUT_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(INACTIVITY_LOGOUT_MS / 1000),
  SESSION_LIFETIME_S: z.coerce
    .number()
    .int()
    .min(600)
    .max(30 * 86_400)
    .default(SESSION_TTL_S),
  /** Sign-in and reset codes one client address may have mailed in an hour (decision 0016). */
  OTP_REQUESTS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Requests one reseller API key may make a second and a minute (decision 0088). */
  API_KEY_REQUESTS_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(API_KEY_RATE.perSecond),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(API_KEY_RATE.perMinute),
  /** Purchases one key may make a minute, across every API process (decision 0088). */
  API_KEY_PURCHASES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(API_KEY_PURCHASES_PER_MINUTE),
  /** Reseller API requests a second across every key, per API process (decision 0088). */
  API_GLOBAL_REQUESTS_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(API_GLOBAL_REQUESTS_PER_SECOND),
  /** Other origins allowed to call the API from a browser (decision 0014); none by default. */
  CORS_ORIGINS: z
    .string()
    .refine(
      (v) => v.split(',').every((o) => /^https?:\/\/[^/\s,]+\/?$/.test(o.trim())),
      'must be a comma-separated list of origins such as https://app.example.com (no path)',
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  PROVIDER_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  VTPASS_BASE_URL: z.url().optional(),
  VTPASS_API_KEY: z.string().min(1).optional(),
  VTPASS_PUBLIC_KEY: z.string().min(1).optional(),
  VTPASS_SECRET_KEY: z.string().min(1).optional(),
  DATASTATION_BASE_URL: z.url().optional(),
  DATASTATION_API_KEY: z.string().min(1).optional(),
  OGDAMS_BASE_URL: z.url().optional(),
  OGDAMS_API_KEY: z.string().min(1).optional(),
  /** Keys Ogdams's webhook signature when its dashboard shows a secret apart from the API key. */
  OGDAMS_WEBHOOK_SECRET: z.string().min(1).optional(),
  PALMPAY_BASE_URL: z.url().optional(),
  PALMPAY_APP_ID: z.string().min(1).optional(),
  /** Our PalmPay merchant id (the balance query names it); unset → the app id. */
  PALMPAY_MERCHANT_ID: z.string().min(1).optional(),
  /** Our merchant private key: PEM (newlines may be written as \n) or PalmPay's bare base64. */
  PALMPAY_MERCHANT_PRIVATE_KEY: z.string().min(1).optional(),
  /** PalmPay's platform public key (verifies webhooks): PEM or bare base64. */
  PALMPAY_PUBLIC_KEY: z.string().min(1).optional(),
  SAFEHAVEN_BASE_URL: z.url().optional(),
  /** Our OAuth client id (Safe Haven dashboard app). */
  SAFEHAVEN_CLIENT_ID: z.string().min(1).optional(),
  /** PEM private key that signs the client assertion (newlines may be written as \n). */
  SAFEHAVEN_PRIVATE_KEY: z.string().min(1).optional(),
  /** Our Safe Haven account debited for identity checks and bills. */
  SAFEHAVEN_DEBIT_ACCOUNT: z
    .string()
    .regex(/^\d{10}$/, 'must be a 10-digit account number')
    .optional(),
  /** Our company URL: the client assertion's iss. */
  SAFEHAVEN_COMPANY_URL: z.url().optional(),
  RECONCILER_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /** How often finished days are rolled up for the admin dashboard; 0 turns the job off. */
  ANALYTICS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).default(600_000),
  /** How often expired rows are pruned (decision 0023); 0 turns the pruning job off. */
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** How often the admin alerts' conditions are evaluated (decision 0030); 0 turns it off. */
  ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Idempotency keys older than this many days go once their order is settled. */
  RETENTION_IDEMPOTENCY_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** On SIGTERM: how long in-flight requests and job passes may take before the exit is forced. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** Prometheus metrics on their own listener (decision 0026); unset: no listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The metrics listener's interface: loopback unless the scraper is on another machine. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** How often the ledger audit runs for the metrics (decision 0026); 0 turns it off. */
  LEDGER_AUDIT_INTERVAL_MS: z.coerce.number().int().min(0).default(600_000),
  /** Where suppliers reach us (webhooks, notifyUrl); default http://127.0.0.1:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  LIMIT_UNVERIFIED_DAILY_NAIRA: z.coerce.number().int().min(0).optional(),
  LIMIT_UNVERIFIED_BALANCE_NAIRA: z.coerce.number().int().min(0).optional(),
  LIMIT_VERIFIED_DAILY_NAIRA: z.coerce.number().int().min(0).optional(),
  LIMIT_VERIFIED_BALANCE_NAIRA: z.coerce.number().int().min(0).optional(),
  /** Staff credits and debits (decision 0047): the most one request may move, in naira. */
  ADJUSTMENT_MAX_NAIRA: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
  /** …and the most one requester may ask to move per Lagos day, in naira. */
  ADJUSTMENT_DAILY_NAIRA: z.coerce.number().int().min(1).max(1_000_000_000).default(5_000_000),
  SWAP_RECIPIENT_MTN: z
    .string()
    .regex(/^0\d{10}$/, 'must be an 11-digit phone number')
    .default('08031234567'),
  SWAP_RECIPIENT_AIRTEL: z
    .string()
    .regex(/^0\d{10}$/, 'must be an 11-digit phone number')
    .default('08021234567'),
  /** Margin (percent of cost) on the default selling price of a plan an admin fetch adds. */
  PLAN_DEFAULT_MARGIN_PERCENT: z.coerce.number().int().min(0).max(100).default(5),
  /** Crash tests only (lib/crash-points.ts): `<point>` or `<point>@<n>`; refused in production. */
  CRASH_AT: z
    .string()
    .refine((v) => parseCrashAt(v) !== undefined, {
      message: `must be one of ${CRASH_POINTS.join(', ')}, optionally followed by @<n>`,
    })
    .optional(),
  /** Crash tests only: how long a paying request keeps its order from the reconciler. */
  PROCESSING_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  /** An order still pending after this long stops being requeried and waits for an admin. */
  NEEDS_DECISION_AFTER_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(30 * 24 * 3_600_000)
    // Two hours of requeries every ≤ 15 min (decision 0043); was a day of the customer's money.
    .default(2 * 3_600_000),
});

export interface WalletLimits {
  /** Kobo that may leave the wallet per Lagos day. */
  dailyOutKobo: number;
  /** The most the wallet may hold, in kobo. */
  balanceCapKobo: number;
}

/** The adapters' URLs and keys; the timeout (and clock) are added where they are built. */
export type LiveProviderConfig = Omit<ProvidersConfig, 'timeoutMs' | 'now'>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Absent: embedded PGlite under dataDir/pg. */
  databaseUrl: string | undefined;
  /** Connections per API process (PostgreSQL only). */
  databasePoolMax: number;
  /** A replica for the reads that may lag (decision 0052); absent: every read on the primary. */
  databaseReadUrl: string | undefined;
  databaseReadMaxLagSeconds: number;
  /** API processes the server runs on this machine (1: no cluster; auto resolved to the cores). */
  apiProcesses: number;
  /** This process's place among the API processes (1…apiProcesses); undefined: no cluster. */
  apiWorkerIndex: number | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  appName: string;
  chatPropertyId: string | undefined;
  /** Digits only, international form; undefined hides the WhatsApp link. */
  supportWhatsapp: string | undefined;
  logLevel: string;
  /**
   * Fastify's trustProxy: the proxies in front of the API (a hop count or their addresses), so the
   * client address the per-address limits use is read from X-Forwarded-For; false: none.
   */
  trustProxy: TrustProxy;
  /** Codes one client address may have mailed in an hour, across e-mails (decision 0016). */
  otpRequestsPerClientPerHour: number;
  /** What one reseller API key may request a second and a minute (decision 0088). */
  apiKeyRate: {
    perSecond: number;
    perMinute: number;
    purchasesPerMinute: number;
    /** Every key together, per process. */
    globalPerSecond: number;
  };
  /** A session unused this long is refused (decision 0049). */
  sessionIdleTimeoutMs: number;
  /** A session ends this long after sign-in; the sign-in reply's `expires_in`. */
  sessionLifetimeS: number;
  /** Browser origins besides our own that may call the API (CORS); empty: none. */
  corsOrigins: string[];
  webDistDir: string;
  /** sandbox: the simulators run on sandboxPort and the adapters call them; live: real suppliers. */
  providerMode: 'sandbox' | 'live';
  sandboxPort: number;
  providerTimeoutMs: number;
  /** Present in live mode (every URL and key is then required). */
  liveProviders: LiveProviderConfig | undefined;
  /** 0 turns the background reconciler off (tests drive it by hand). */
  reconcilerIntervalMs: number;
  /** 0 turns the analytics rollup job off (the dashboard then reads every day live). */
  analyticsRollupIntervalMs: number;
  /** 0 turns the pruning job off. */
  retentionIntervalMs: number;
  /** 0 turns the admin alerts' evaluation off. */
  alertsIntervalMs: number;
  /** Age in days past which settled orders' idempotency keys are deleted. */
  retentionIdempotencyDays: number;
  /** Longest graceful shutdown before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The metrics listener's port; undefined: no listener. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** 0 turns the scheduled ledger audit off. */
  ledgerAuditIntervalMs: number;
  /** Our public origin, no trailing slash: webhooks are `${publicBaseUrl}/api/webhooks/…`. */
  publicBaseUrl: string;
  /** Wallet limits by KYC level (docs/decisions: wallet limits). */
  walletLimits: { unverified: WalletLimits; verified: WalletLimits };
  /** Staff credits and debits (decision 0047): per request, and per requester and Lagos day. */
  adjustmentLimits: { perRequestKobo: number; perAdminDailyKobo: number };
  /** The number customers send airtime to, per swap network. */
  swapRecipients: { MTN: string; AIRTEL: string };
  /** A plan new to the catalogue (admin fetch) is priced at cost plus this percent. */
  planDefaultMarginPercent: number;
  /** Where the crash tests kill this process (never in production); undefined: nowhere. */
  crashAt: CrashAt | undefined;
  /** How long an unfinished order is the paying request's before the reconciler may requery it. */
  processingGraceMs: number;
  /**
   * Age past which an open order is no longer requeried by itself: it appears in the admin's
   * "needs a decision" queue, and only then may an admin refund it without the supplier's word.
   */
  needsDecisionAfterMs: number;
}

export class ConfigError extends Error {}

/** Blank values count as unset, so `FOO= npm start` behaves like no FOO at all. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/**
 * A malformed variable stops the parse; in production the operator still gets every other
 * production problem in the same round: the malformed ones are left out and the rest judged.
 */
function productionLinesBesides(
  given: Record<string, string>,
  issues: readonly z.core.$ZodIssue[],
): string[] {
  if (given.NODE_ENV !== 'production') return [];
  const malformed = new Set(issues.map((i) => String(i.path[0])));
  const rest = envSchema.safeParse(
    Object.fromEntries(Object.entries(given).filter(([name]) => !malformed.has(name))),
  );
  if (!rest.success) return [];
  return productionProblems(rest.data).filter(
    (line) => !malformed.has(line.slice(0, line.indexOf(':'))),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given = withoutBlanks(env);
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(
      `Invalid configuration:\n  ${[...problems, ...productionLinesBesides(given, parsed.error.issues)].join('\n  ')}`,
    );
  }
  const e = parsed.data;
  // Every problem at once, one line per variable: an operator fixes them in one round.
  const problems: string[] = [];
  if (e.PROCESSING_GRACE_MS <= 2 * e.PROVIDER_TIMEOUT_MS) {
    // Within the grace the paying request may still be talking to a supplier (airtime: two calls,
    // VTpass then the in-house route). A requery before the supplier has the order reads
    // "unknown" as failed and refunds what it is about to deliver.
    problems.push('PROCESSING_GRACE_MS: must be more than twice PROVIDER_TIMEOUT_MS');
  }
  if (e.NEEDS_DECISION_AFTER_MS <= e.PROCESSING_GRACE_MS) {
    problems.push('NEEDS_DECISION_AFTER_MS: must be more than PROCESSING_GRACE_MS');
  }
  const apiProcesses = resolveApiProcesses(e.API_PROCESSES);
  // auto is refused too, even on a one-core machine: the same setting must not start on one
  // machine and stop on another.
  if (!/^0*1$/.test(e.API_PROCESSES) && !e.DATABASE_URL) {
    // PGlite is one process per data directory (db/data-dir-lock.ts): a second process would
    // stop at the lock, or, without it, two writers would corrupt the files.
    problems.push(
      `API_PROCESSES: must be 1 with the embedded database (PGlite runs in one process); set DATABASE_URL to a PostgreSQL server to run ${e.API_PROCESSES} processes`,
    );
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    // A replica of what? The embedded database has none.
    problems.push('DATABASE_READ_URL: needs DATABASE_URL (a replica of that PostgreSQL server)');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    // Two listeners on one port: the start would die on EADDRINUSE without naming the variable.
    problems.push('METRICS_PORT: must differ from PORT');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) {
    problems.push(`TRUST_PROXY: ${trustProxy.error}`);
  }
  if (e.NODE_ENV === 'production') {
    if (e.CRASH_AT) {
      // A kill switch in a real deployment is a mistake to stop at, not to ignore silently.
      problems.push('CRASH_AT: not allowed when NODE_ENV=production');
    }
    if (e.SESSION_IDLE_TIMEOUT_S > INACTIVITY_LOGOUT_MS / 1000) {
      problems.push(
        `SESSION_IDLE_TIMEOUT_S: at most ${INACTIVITY_LOGOUT_MS / 1000} (the spec's 15 minutes) when NODE_ENV=production`,
      );
    }
    if (e.SESSION_LIFETIME_S > SESSION_LIFETIME_MAX_S) {
      problems.push(
        `SESSION_LIFETIME_S: at most ${SESSION_LIFETIME_MAX_S} (24 hours) when NODE_ENV=production`,
      );
    }
    problems.push(...productionProblems(e));
  } else if (e.PROVIDER_MODE === 'live') {
    for (const name of LIVE_SUPPLIER_VARIABLES) {
      if (!e[name]) problems.push(`${name}: required when PROVIDER_MODE=live`);
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // Production always has SESSION_SECRET (checked above); elsewhere one is generated once.
  const sessionSecret = e.SESSION_SECRET ?? readOrCreateSecret(dataDir);
  let liveProviders: LiveProviderConfig | undefined;
  if (e.PROVIDER_MODE === 'live') {
    // Every one is set: a missing one was refused above.
    const r = e as typeof e & Record<LiveSupplierVariable, string>;
    liveProviders = {
      vtpass: {
        baseUrl: r.VTPASS_BASE_URL,
        apiKey: r.VTPASS_API_KEY,
        publicKey: r.VTPASS_PUBLIC_KEY,
        secretKey: r.VTPASS_SECRET_KEY,
      },
      datastation: { baseUrl: r.DATASTATION_BASE_URL, apiKey: r.DATASTATION_API_KEY },
      ogdams: {
        baseUrl: r.OGDAMS_BASE_URL,
        apiKey: r.OGDAMS_API_KEY,
        ...(e.OGDAMS_WEBHOOK_SECRET ? { webhookSecret: e.OGDAMS_WEBHOOK_SECRET } : {}),
      },
      palmpay: {
        baseUrl: r.PALMPAY_BASE_URL,
        appId: r.PALMPAY_APP_ID,
        // A PEM in one env line carries its newlines as the two characters \n.
        merchantPrivateKey: r.PALMPAY_MERCHANT_PRIVATE_KEY.replace(/\\n/g, '\n'),
        palmpayPublicKey: r.PALMPAY_PUBLIC_KEY.replace(/\\n/g, '\n'),
        ...(e.PALMPAY_MERCHANT_ID ? { merchantId: e.PALMPAY_MERCHANT_ID } : {}),
      },
      safehaven: {
        baseUrl: r.SAFEHAVEN_BASE_URL,
        clientId: r.SAFEHAVEN_CLIENT_ID,
        privateKey: r.SAFEHAVEN_PRIVATE_KEY.replace(/\\n/g, '\n'),
        debitAccountNumber: r.SAFEHAVEN_DEBIT_ACCOUNT,
        companyUrl: r.SAFEHAVEN_COMPANY_URL,
      },
    };
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS,
    apiProcesses,
    apiWorkerIndex: e.API_WORKER_INDEX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    appName: e.APP_NAME,
    chatPropertyId: e.CHAT_PROPERTY_ID,
    supportWhatsapp: e.SUPPORT_WHATSAPP,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxy as TrustProxy,
    otpRequestsPerClientPerHour: e.OTP_REQUESTS_PER_CLIENT_PER_HOUR,
    apiKeyRate: {
      perSecond: e.API_KEY_REQUESTS_PER_SECOND,
      perMinute: e.API_KEY_REQUESTS_PER_MINUTE,
      purchasesPerMinute: e.API_KEY_PURCHASES_PER_MINUTE,
      globalPerSecond: e.API_GLOBAL_REQUESTS_PER_SECOND,
    },
    sessionIdleTimeoutMs: e.SESSION_IDLE_TIMEOUT_S * 1000,
    sessionLifetimeS: e.SESSION_LIFETIME_S,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    providerMode: e.PROVIDER_MODE,
    sandboxPort: e.SANDBOX_PORT,
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    liveProviders,
    reconcilerIntervalMs: e.RECONCILER_INTERVAL_MS,
    analyticsRollupIntervalMs: e.ANALYTICS_ROLLUP_INTERVAL_MS,
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    retentionIdempotencyDays: e.RETENTION_IDEMPOTENCY_DAYS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    ledgerAuditIntervalMs: e.LEDGER_AUDIT_INTERVAL_MS,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    walletLimits: {
      unverified: {
        dailyOutKobo: nairaOr(
          e.LIMIT_UNVERIFIED_DAILY_NAIRA,
          WALLET_LIMITS_KOBO.unverified.dailyOut,
        ),
        balanceCapKobo: nairaOr(
          e.LIMIT_UNVERIFIED_BALANCE_NAIRA,
          WALLET_LIMITS_KOBO.unverified.balanceCap,
        ),
      },
      verified: {
        dailyOutKobo: nairaOr(e.LIMIT_VERIFIED_DAILY_NAIRA, WALLET_LIMITS_KOBO.verified.dailyOut),
        balanceCapKobo: nairaOr(
          e.LIMIT_VERIFIED_BALANCE_NAIRA,
          WALLET_LIMITS_KOBO.verified.balanceCap,
        ),
      },
    },
    adjustmentLimits: {
      perRequestKobo: e.ADJUSTMENT_MAX_NAIRA * 100,
      perAdminDailyKobo: e.ADJUSTMENT_DAILY_NAIRA * 100,
    },
    swapRecipients: { MTN: e.SWAP_RECIPIENT_MTN, AIRTEL: e.SWAP_RECIPIENT_AIRTEL },
    planDefaultMarginPercent: e.PLAN_DEFAULT_MARGIN_PERCENT,
    crashAt: e.CRASH_AT ? parseCrashAt(e.CRASH_AT) : undefined,
    processingGraceMs: e.PROCESSING_GRACE_MS,
    needsDecisionAfterMs: e.NEEDS_DECISION_AFTER_MS,
  };
}

/** `auto` and `0` mean one process per core the machine offers this process. */
function resolveApiProcesses(raw: string): number {
  const count = /^\d+$/.test(raw) ? Number(raw) : 0;
  return count > 0 ? count : availableParallelism();
}

function nairaOr(naira: number | undefined, defaultKobo: number): number {
  return naira === undefined ? defaultKobo : naira * 100;
}

/** The embedded default keeps one generated secret in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
