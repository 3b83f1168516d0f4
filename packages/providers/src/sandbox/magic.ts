/**
 * The sandbox's magic inputs: the value a purchase is made for (phone number, meter number or
 * smart-card number) decides how every simulator answers. VTpass's own documented sandbox values
 * are kept; the rest are ours. docs/sandbox.md lists them for people; tests import them from here.
 *
 * Scenarios:
 * - delivered: the pay call answers success.
 * - failed: the pay call answers a definite failure (VTpass 016, DataStation "failed",
 *   Ogdams status false); requery agrees.
 * - pendingThenDelivered / pendingThenReversed: the pay call answers pending (VTpass 099 /
 *   "pending", DataStation "processing", Ogdams HTTP 202); a requery made SETTLE_AFTER_MS or more
 *   later (simulator clock) answers delivered / reversed.
 * - pendingForever: VTpass's 201000000000: stays pending on every requery.
 * - http500: the pay call answers HTTP 500 with an HTML body; the supplier recorded the order as
 *   failed, so the requery answers failed.
 * - malformed: the pay call answers HTTP 200 with a body that is not JSON; the supplier delivered,
 *   so the requery answers delivered.
 * - timeout: the simulator holds the pay call without answering for longer than any adapter
 *   timeout; the supplier delivered, so the requery answers delivered.
 * - noReply: the connection is closed without an answer and the supplier never recorded the order;
 *   the requery answers "unknown request id" (VTpass 015 and its neighbours).
 * - invalidAccount: verification says the meter or smart card does not exist, and the pay call
 *   fails.
 * Any other well-formed value is delivered (and verifies), so everyday demo numbers work.
 */
export type Scenario =
  | 'delivered'
  | 'failed'
  | 'pendingThenDelivered'
  | 'pendingThenReversed'
  | 'pendingForever'
  | 'http500'
  | 'malformed'
  | 'timeout'
  | 'noReply'
  | 'invalidAccount';

/** How long a "pending then …" order stays pending, in simulator-clock milliseconds. */
export const SETTLE_AFTER_MS = 5_000;

/** Phone numbers (valid Nigerian numbers, so the API's own validation lets them through). */
export const MAGIC_PHONES = {
  delivered: '08011111111',
  failed: '08010000016',
  pendingThenDelivered: '08010000099',
  pendingThenReversed: '08010000091',
  pendingForever: '08010000201',
  http500: '08010000500',
  malformed: '08010000502',
  timeout: '08010000300',
  noReply: '08010000400',
} as const satisfies Partial<Record<Scenario, string>>;

/** Meter numbers: VTpass's documented 13-digit values, then ours (11 digits). */
export const MAGIC_METERS = {
  delivered: '1111111111111',
  deliveredPostpaid: '1010101010101',
  failed: '16000000000',
  pendingThenDelivered: '99000000000',
  pendingThenReversed: '91000000000',
  pendingForever: '201000000000',
  http500: '500000000000',
  malformed: '502000000000',
  timeout: '300000000000',
  noReply: '400000000000',
  invalidAccount: '00000000000',
} as const;

/** Smart-card numbers: VTpass's documented 1212121212, then ours (10 digits). */
export const MAGIC_SMARTCARDS = {
  delivered: '1212121212',
  failed: '1600000000',
  pendingThenDelivered: '9900000000',
  pendingThenReversed: '9100000000',
  pendingForever: '2010000000',
  http500: '5000000000',
  malformed: '5020000000',
  timeout: '3000000000',
  noReply: '4000000000',
  invalidAccount: '0000000000',
} as const;

const byValue = new Map<string, Scenario>();
for (const table of [MAGIC_PHONES, MAGIC_METERS, MAGIC_SMARTCARDS]) {
  for (const [scenario, value] of Object.entries(table)) {
    byValue.set(value, scenario === 'deliveredPostpaid' ? 'delivered' : (scenario as Scenario));
  }
}

/** The scenario for a phone, meter or smart-card number (any other value: delivered). */
export function scenarioFor(value: string): Scenario {
  const digits = value.replace(/\D/g, '');
  // Phones arrive as 0XXXXXXXXXX, 234XXXXXXXXXX or +234XXXXXXXXXX; compare the local form.
  const local = /^234[1-9]\d{9}$/.test(digits) ? `0${digits.slice(3)}` : digits;
  return byValue.get(local) ?? 'delivered';
}

// ---- PalmPay (betting, virtual accounts)

/**
 * PalmPay betting: the `rechargeAccount` of a bill order (the customer's betting user id) decides
 * how the order plays out; any other account is delivered at once. `pendingThenReversed` ends in
 * PalmPay's orderStatus 3 (failed). The simulator posts the signed bill notification when an order
 * reaches its final status (docs/sandbox.md, PalmPay).
 */
export const MAGIC_BET_ACCOUNTS = {
  delivered: '11111111',
  failed: '10000016',
  pendingThenDelivered: '10000099',
  pendingThenReversed: '10000091',
  pendingForever: '10000201',
  http500: '10000500',
  malformed: '10000502',
  timeout: '10000300',
  noReply: '10000400',
} as const satisfies Partial<Record<Scenario, string>>;

const betScenarios = new Map<string, Scenario>(
  Object.entries(MAGIC_BET_ACCOUNTS).map(([scenario, value]) => [value, scenario as Scenario]),
);

/** The scenario for a PalmPay betting account (exact match after trimming; else delivered). */
export function bettingScenarioFor(rechargeAccount: string): Scenario {
  return betScenarios.get(rechargeAccount.trim()) ?? 'delivered';
}

/**
 * PalmPay virtual accounts: the `licenseNumber` (BVN or NIN) that PalmPay refuses (AC100007
 * "LicenseNumber verification failed"), and the one its gateway answers with HTTP 500. Any other
 * 11-digit number gets an account.
 */
export const MAGIC_LICENSE_NUMBERS = {
  refused: '00000000007',
  http500: '00000000500',
} as const;

// ---------------------------------------------------------------- Safe Haven (identity, banks)

/**
 * Safe Haven identity numbers (BVN or NIN, 11 digits). Every number starting `222` verifies with
 * the fixed OTP, so tests can use many distinct identities; any other 11-digit number verifies
 * with a random OTP printed in the sandbox log ("[safehaven sandbox] OTP …").
 */
export const SAFEHAVEN_IDENTITIES = {
  /** Prefix of the numbers that always get FIXED_OTP. */
  fixedOtpPrefix: '222',
  /** An example of such a number. */
  verified: '22200000001',
  fixedOtp: '123456',
  /** Initiate refused: "no record found" (adapter: rejected). */
  notFound: '10000000404',
  /** Initiate answers HTTP 500 (adapter: unavailable). */
  unavailable: '10000000500',
  /**
   * Verifies (fixed OTP) but belongs to someone else: Ibrahim Musa Balogun, born 1979-03-14,
   * whatever the applicant's profile says (sandbox/identity-register.ts). Every other number's
   * holder is the profile that sandbox mode enrolled for it, so a customer's own name matches.
   */
  otherHolder: '22200000999',
} as const;

/** How long a Safe Haven OTP stays valid, in simulator-clock milliseconds. */
export const SAFEHAVEN_OTP_TTL_MS = 10 * 60 * 1000;

/** Name-enquiry account numbers (any bank code); every other 10-digit number gets a name. */
export const SAFEHAVEN_ACCOUNTS = {
  /** NIP 07 "Invalid Account" (adapter: invalid). */
  notFound: '0000000000',
  /** NIP 91 "Beneficiary Bank not available" (adapter: unavailable). */
  unavailable: '0000000091',
} as const;

/**
 * Safe Haven vas/verify: these answer HTTP 500 (adapter: unavailable). The meter and smart-card
 * scenarios of MAGIC_METERS / MAGIC_SMARTCARDS apply to Safe Haven's pay calls as to the others.
 */
export const SAFEHAVEN_VERIFY_UNAVAILABLE = {
  meter: '50300000000',
  smartcard: '5030000000',
} as const;

/**
 * Safe Haven vas/pay/*: values answered with HTTP 402 "Request Failed" (fixture
 * pay-request-failed.json), nothing recorded, so there is no Safe Haven id to look up. The Errors
 * page does not say a 402 leaves our account undebited: the adapter holds the order pending with
 * an operator alert (no refund, no failover) and it waits in the admin's needs-decision queue.
 */
export const SAFEHAVEN_PAY_FAILED_402 = {
  phone: '08010000402',
  meter: '40200000000',
  card: '4020000000',
} as const;

/** True when a Safe Haven pay call for this phone, meter or card answers 402. */
export function safeHavenAnswers402(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  const local = /^234[1-9]\d{9}$/.test(digits) ? `0${digits.slice(3)}` : digits;
  return (Object.values(SAFEHAVEN_PAY_FAILED_402) as string[]).includes(local);
}

// ---- VTpass's own reply codes

/**
 * VTpass only: values for which the VTpass simulator answers one of VTpass's documented codes that
 * the shared scenarios do not reach (vtpass/SOURCES.md). For every other simulator, and for
 * VTpass's merchant-verify, they are ordinary values (delivered).
 * - reversal040: pay answers 099 (processing); a requery SETTLE_AFTER_MS or more later answers
 *   040 TRANSACTION REVERSAL (refunded once).
 * - ipNotWhitelisted027: pay answers 027 and nothing is recorded (failed, with an operator alert).
 * - lowWalletBalance018: pay answers 018 and nothing is recorded (failed, with an operator alert).
 * - statusFailed000: pay answers 000 with transaction status "failed" (a status VTpass does not
 *   document) and the order is recorded; requeries answer the same until
 *   FAILED_THEN_DELIVERED_AFTER_MS, then 000 delivered: why the adapter holds it pending with an
 *   alert instead of refunding it.
 * - invalidCredentials087: pay answers 087 INVALID CREDENTIALS (a code no public page defines)
 *   and nothing is recorded: held pending with an alert, then the requery's documented 015
 *   refunds it once.
 */
export const VTPASS_CODE_VALUES = {
  reversal040: { phone: '08010000040', meter: '04000000000', card: '0400000000' },
  ipNotWhitelisted027: { phone: '08010000027', meter: '02700000000', card: '0270000000' },
  lowWalletBalance018: { phone: '08010000018', meter: '01800000000', card: '0180000000' },
  statusFailed000: { phone: '08010000006', meter: '00600000000', card: '0060000000' },
  invalidCredentials087: { phone: '08010000087', meter: '08700000000', card: '0870000000' },
} as const;

export type VtpassCodeScenario = keyof typeof VTPASS_CODE_VALUES;

/** statusFailed000: how long (simulator clock) VTpass says "failed" before it delivers. */
export const FAILED_THEN_DELIVERED_AFTER_MS = 30 * 60_000;

/**
 * VTpass only: a prepaid meter whose vend is delivered but whose pay reply names no token
 * anywhere; a requery VTPASS_TOKEN_LATER_AFTER_MS or more later carries it. The API keeps such an
 * order pending until a token arrives (decision 0046). The wait is long enough for an admin to
 * approve it with the token first.
 */
export const VTPASS_TOKEN_LATER_METER = '07000000000';
export const VTPASS_TOKEN_LATER_AFTER_MS = 5 * 60_000;

const vtpassCodeScenarios = new Map<string, VtpassCodeScenario>(
  Object.entries(VTPASS_CODE_VALUES).flatMap(([scenario, values]) =>
    Object.values(values).map((value) => [value, scenario as VtpassCodeScenario] as const),
  ),
);

/** The VTpass-only code scenario of a phone, meter or card number, if it has one. */
export function vtpassCodeScenarioFor(value: string): VtpassCodeScenario | undefined {
  const digits = value.replace(/\D/g, '');
  const local = /^234[1-9]\d{9}$/.test(digits) ? `0${digits.slice(3)}` : digits;
  return vtpassCodeScenarios.get(local);
}
