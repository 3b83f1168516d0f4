/** Business constants of the specification (§9 of both documents) and of our own rules. */
export const DESKTOP_CUTOFF_PX = 768;
export const TRUST_USER_COUNT = 40_000;
export const PIN_LENGTH = 4;
export const OTP_LENGTH = 4;
export const PASSWORD_MIN_LENGTH = 8;
export const MINIMUM_AGE_YEARS = 18;
export const INACTIVITY_LOGOUT_MS = 15 * 60 * 1000;
export const FUNDING_COUNTDOWN_S = 600;
export const BANNER_ROTATION_MS = 5000;
export const HOME_LATEST_TRANSACTIONS = 5;
export const TOAST_DURATION_MS = 5000;
export const IOS_INSTALL_TOAST_MS = 6000;
export const QUERY_STALE_MS = 60_000;
export const CHAT_RETRY_MS = 1000;
export const AIRTIME_CHIPS_NAIRA = [100, 200, 500, 1000] as const;
export const DEPOSIT_CHIPS_NAIRA = [100, 200, 500, 1000, 2000, 5000] as const;

/** Server-side security limits (our decisions, see docs/decisions/). */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_PER_MINUTE = 1;
export const OTP_MAX_PER_HOUR = 5;
export const SIGNUP_TICKET_TTL_S = 30 * 60;
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MS = 30 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * A session's absolute lifetime, however much it is used (decision 0049); the sign-in reply's
 * `expires_in`. Unused for INACTIVITY_LOGOUT_MS, the server refuses it sooner.
 */
export const SESSION_TTL_S = 12 * 60 * 60;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** support: read-only staff (the admin area's reads; nothing that moves money or changes prices). */
export const ROLES = ['user', 'admin', 'support'] as const;
export type Role = (typeof ROLES)[number];
/** Roles that may open the admin area (support only its read screens). */
export const STAFF_ROLES = ['admin', 'support'] as const satisfies readonly Role[];
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Purchase limits (ours: the spec leaves fees and minimums open; docs/decisions/0007). */
export const AIRTIME_MIN_NAIRA = 50;
export const AIRTIME_MAX_NAIRA = 50_000;
export const ELECTRICITY_MIN_NAIRA = 500;
export const ELECTRICITY_MAX_NAIRA = 500_000;
export const DATA_BALANCE_USSD = '*323*4#';
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;
export const HISTORY_YEARS = 10;

/** Nigeria keeps UTC+1 all year (no DST): Lagos calendar arithmetic is a fixed offset. */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------- money in and across
export const DEPOSIT_MIN_NAIRA = 100;
/**
 * How long a PalmPay checkout order (and our deposit row for it) stays open: PalmPay's documented
 * minimum orderExpireTime, 1,800 s (it refuses less). The screen keeps the spec's 10-minute
 * countdown (FUNDING_COUNTDOWN_S); a transfer made after the countdown still arrives and is credited.
 */
export const CHECKOUT_EXPIRY_S = 1_800;
export const IDENTITY_NUMBER_LENGTH = 11;
export const IDENTITY_TYPES = ['NIN', 'BVN'] as const;
export type IdentityKind = (typeof IDENTITY_TYPES)[number];
export const TRANSFER_MIN_NAIRA = 10;
export const BETTING_SCENE_CODE = 'betting';
export const BETTING_QUICK_AMOUNTS_NAIRA = [100, 500, 1000, 2000, 5000, 10000] as const;
export const BETTING_FALLBACK_RANGE = '100-500,000';
export const BETTING_FALLBACK_MAX_DIGITS = 9;
export const BETTING_PLATFORMS_SHOWN = 3;
/** Billers the product hides from the betting list (spec §2, compared case-insensitively). */
export const HIDDEN_BILLERS = ['MSport', 'SportyBet'] as const;
/**
 * Wallet limits by KYC level, in kobo (defaults; the server reads overrides from its config):
 * how much may leave the wallet per Lagos day, and the most it may hold.
 */
export const WALLET_LIMITS_KOBO = {
  unverified: { dailyOut: 50_000_00, balanceCap: 300_000_00 },
  verified: { dailyOut: 200_000_00, balanceCap: 500_000_00 },
} as const;

// ---------------------------------------------------------------- airtime to cash
export const SWAP_RATE = 0.6;
export const SWAP_RATE_PERCENT = 60;
/** The upload page's fallback when no expected payout is passed (spec 2 §2). */
export const SWAP_UPLOAD_FALLBACK_RATE = 0.85;
export const SWAP_MIN_NAIRA = 100;
export const SWAP_MAX_NAIRA = 50_000;
export const SWAP_NETWORKS = ['MTN', 'AIRTEL'] as const;
export type SwapNetwork = (typeof SWAP_NETWORKS)[number];
export const SWAP_MAX_SCREENSHOTS = 3;
export const SWAP_REDIRECT_MS = 3000;
export const ADMIN_SWAP_PAGE_SIZE = 10;
export const SWAP_STATUSES = [
  'PENDING_TRANSFER',
  'AWAITING_VERIFICATION',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'CANCELLED',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
export const SWAP_BANKS = [
  'Access Bank',
  'GTBank',
  'First Bank',
  'UBA',
  'Zenith Bank',
  'Fidelity Bank',
  'FCMB',
  'Sterling Bank',
  'Union Bank',
  'Wema Bank',
  'Polaris Bank',
  'Stanbic IBTC',
  'Keystone Bank',
  'Heritage Bank',
  'Unity Bank',
  'Providus Bank',
  'Jaiz Bank',
  'SunTrust Bank',
  'Titan Trust Bank',
  'Parallex Bank',
  'Opay',
  'Palmpay',
  'Moniepoint',
  'Kuda',
] as const;

// ---------------------------------------------------------------- the admin area

/** Dashboard periods (spec 2 §2); monthly is the default. Calendar periods in Lagos time. */
export const ANALYTICS_PERIODS = ['yearly', 'monthly', 'weekly', 'daily', 'yesterday'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'monthly';

/** System shutdown durations in minutes, with the dashboard's labels (spec 2 §2, §9). */
export const SHUTDOWN_DURATIONS = [
  { minutes: 10, label: '10 mins' },
  { minutes: 30, label: '30 mins' },
  { minutes: 60, label: '1 hr' },
  { minutes: 180, label: '3 hrs' },
  { minutes: 360, label: '6 hrs' },
  { minutes: 720, label: '12 hrs' },
  { minutes: 1440, label: '24 hrs' },
  { minutes: 2880, label: '48 hrs' },
] as const;
export const SHUTDOWN_MINUTES = SHUTDOWN_DURATIONS.map((d) => d.minutes);
/** The dashboard's default duration and the one a per-service toggle sends (spec 2 §7, §9). */
export const DASHBOARD_SHUTDOWN_DEFAULT_MINUTES = 10;
export const SERVICE_TOGGLE_SHUTDOWN_MINUTES = 60;
export const SHUTDOWN_REASON_DEFAULT = 'services update';
/**
 * Airtime on one network (the Airtime tab's per-network cards): off refuses airtime on that network
 * only, while the "airtime" switch still stops every network.
 */
export const AIRTIME_NETWORK_SWITCHES = {
  MTN: 'airtime-mtn',
  GLO: 'airtime-glo',
  AIRTEL: 'airtime-airtel',
  '9MOBILE': 'airtime-9mobile',
} as const;
export type AirtimeNetworkSwitch =
  (typeof AIRTIME_NETWORK_SWITCHES)[keyof typeof AIRTIME_NETWORK_SWITCHES];
/** What a shutdown names; "system" stops every service. */
export const SHUTDOWN_SERVICES = [
  'airtime',
  'data',
  'cable-tv',
  'utility',
  'system',
  'airtime-mtn',
  'airtime-glo',
  'airtime-airtel',
  'airtime-9mobile',
] as const;
export type ShutdownService = (typeof SHUTDOWN_SERVICES)[number];

/** Admin list page sizes (the spec shows none for these; ours). */
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;
export const BETTING_STATS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 30;
/** Admin transaction filters: the chips and the year select (last 10 years). */
export const ADMIN_TRANSACTION_FILTERS = ['all', 'success', 'pending', 'failed'] as const;
export type AdminTransactionFilter = (typeof ADMIN_TRANSACTION_FILTERS)[number];
export const ADMIN_YEARS = 10;
export const BETTING_STATS_STATUSES = ['all', 'success', 'failed', 'pending'] as const;
export type BettingStatsStatus = (typeof BETTING_STATS_STATUSES)[number];

/** VTpass services the admin lists (spec 2 §2: GLO and GLO SME share a toggle). */
export const ADMIN_VTPASS_DATA_SERVICES = [
  'mtn-data',
  'airtel-data',
  'etisalat-data',
  'glo-data',
  'glo-sme-data',
] as const;
export const ADMIN_VTPASS_TV_SERVICES = ['dstv', 'gotv', 'startimes', 'showmax'] as const;
/** Ogdams plans show only for this network_id (spec 2 §2). */
export const OGDAMS_ADMIN_NETWORK_ID = 4;

/** Utility discount on electricity: a percentage with up to 2 decimals, stored as basis points. */
export const UTILITY_DISCOUNT_MAX_PERCENT = 20;
/** A refund, reverse or approve reason: required for refund and reverse, at most this long. */
export const ADMIN_REASON_MAX = 300;

/**
 * Earlier passwords a reset or change may not bring back, besides the current one (decision 0059):
 * the current and the last 4, five in all.
 */
export const PASSWORD_HISTORY_KEPT = 4;

/**
 * The reseller API's rate limits (decision 0088). Per key: requests a second and a minute (each
 * API process counts its own; the deployment may raise them with API_KEY_REQUESTS_PER_SECOND and
 * _PER_MINUTE). Purchases per key a minute across every process (the atomic limiter). Across all
 * keys, per process: requests a second, and purchases running at once (more wait their turn).
 */
export const API_KEY_RATE = { perSecond: 10, perMinute: 300 } as const;
export const API_KEY_PURCHASES_PER_MINUTE = 120;
export const API_GLOBAL_REQUESTS_PER_SECOND = 200;
export const API_MAX_PURCHASES_IN_FLIGHT = 32;
/** API purchases that may wait for one of those slots, per process; more are refused (429). */
export const API_MAX_PURCHASES_WAITING = 512;
