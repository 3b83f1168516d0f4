import type { AppDeps } from '../../deps';
import { claimOrThrow, type LimitRule } from '../throttle/limiter';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Per-user budgets for the calls that reveal a third party's name or cost us a paid supplier
 * call (docs/decisions/0016-atomic-limiter.md, "Look-ups"). Each kind has a short window, which
 * stops a burst, and a day, which stops a slow harvest. The figures leave room for a person who
 * mistypes a number a few times: a meter or card is checked once or twice per purchase.
 */
export const LOOKUP_LIMITS = {
  /** POST transfers/verify-recipient, and POST transfers naming an e-mail: is it a customer? */
  recipient: { max: 30, windowMs: 10 * MINUTE_MS, perDay: 100 },
  /** POST transfers/verify: a bank account's holder, from Safe Haven's name enquiry. */
  bankAccount: { max: 10, windowMs: 10 * MINUTE_MS, perDay: 50 },
  /** POST vtpass/verify-meter-number: the name and address on a meter. */
  meter: { max: 10, windowMs: 10 * MINUTE_MS, perDay: 50 },
  /** POST vtpass/smartcard-verify: the name on a TV smart card. */
  smartcard: { max: 10, windowMs: 10 * MINUTE_MS, perDay: 50 },
  /** POST services/verify: a meter or card through Safe Haven's VAS verify. */
  servicesVerify: { max: 10, windowMs: 10 * MINUTE_MS, perDay: 50 },
} as const;

export type LookupKind = keyof typeof LOOKUP_LIMITS;

/** The key a user's look-ups of one kind are counted under (both windows share it). */
export const lookupKey = (kind: LookupKind, userId: string) => `lookup:${kind}:${userId}`;

export function lookupRules(kind: LookupKind, userId: string): LimitRule[] {
  const limit = LOOKUP_LIMITS[kind];
  const key = lookupKey(kind, userId);
  return [
    { key, max: limit.max, windowMs: limit.windowMs },
    { key, max: limit.perDay, windowMs: DAY_MS },
  ];
}

/**
 * Takes one look-up from the user's budget before the supplier (or our user table) is asked;
 * over it, 429 LOOKUPS_THROTTLED with Retry-After. The claim is atomic (throttle/limiter.ts),
 * so a burst of any size gets exactly the budget through.
 */
export function createLookupGuard({ database, clock }: Pick<AppDeps, 'database' | 'clock'>) {
  return {
    async take(kind: LookupKind, userId: string): Promise<void> {
      await claimOrThrow(database.db, lookupRules(kind, userId), clock.now(), 'LOOKUPS_THROTTLED');
    },
  };
}

export type LookupGuard = ReturnType<typeof createLookupGuard>;
