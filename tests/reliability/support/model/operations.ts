import fc from 'fast-check';

/**
 * The operations the conservation test interleaves, as plain data: fast-check generates a list
 * of them from a seed (so a seed names one list, always the same), and execute.ts plays them
 * against the API. Users are named by index (0 … USERS-1); indexes below VERIFIED are
 * KYC-verified and have a permanent PalmPay account for virtual-account deposits.
 */

export const USERS = 8;
export const VERIFIED = 3;

/** Every purchase route (purchase-support's nine, Safe Haven's four) by a short name. */
export const PRODUCTS = [
  'in-house airtime',
  'in-house data',
  'Ogdams data',
  'in-house cable',
  'in-house electricity',
  'VTpass data',
  'VTpass airtime',
  'VTpass TV',
  'VTpass electricity',
  'services airtime',
  'services data',
  'services cable-tv',
  'services utility',
] as const;
export type Product = (typeof PRODUCTS)[number];

/** The simulators' scenarios a magic number picks (packages/providers/src/sandbox/magic.ts). */
export type Scenario =
  | 'delivered'
  | 'failed'
  | 'pendingThenDelivered'
  | 'pendingThenReversed'
  | 'pendingForever'
  | 'http500'
  | 'malformed'
  | 'timeout'
  | 'noReply';

export type Operation =
  /** A purchase; `duplicate` sends it twice at once under one Idempotency-Key. */
  | { kind: 'purchase'; user: number; product: Product; scenario: Scenario; duplicate: boolean }
  | { kind: 'betting'; user: number; scenario: Scenario; naira: number; duplicate: boolean }
  /** `kobo` may be far more than the sender has. */
  | { kind: 'transfer'; from: number; to: number; kobo: number; duplicate: boolean }
  /** A bank transfer into a checkout (anyone) or the permanent account (verified users). */
  | { kind: 'deposit'; user: number; via: 'checkout' | 'virtual'; kobo: number }
  /** PalmPay sends an earlier deposit notification again (the `pick`-th one made so far). */
  | { kind: 'webhookReplay'; pick: number }
  /**
   * Airtime to cash: create, then an admin approves (wallet: paid at once; bank: approve then
   * complete), rejects, the owner cancels, or approve and reject race.
   */
  | {
      kind: 'swap';
      user: number;
      naira: number;
      payout: 'wallet' | 'bank';
      payee: number;
      decision: 'approve' | 'reject' | 'cancel' | 'race';
    }
  /** An admin acts on the `pick`-th order answered so far; `twice` sends it twice at once. */
  | { kind: 'admin'; action: 'refund' | 'approve' | 'reverse'; pick: number; twice: boolean }
  /** Time passes: the test clock moves, the reconciler and the deposit sweeper run once. */
  | { kind: 'tick'; ms: number };

/** True one time in five (duplicates, double admin clicks). */
const sometimes = fc.integer({ min: 0, max: 4 }).map((n) => n === 0);

const user = fc.integer({ min: 0, max: USERS - 1 });

const scenario: fc.Arbitrary<Scenario> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('delivered' as const) },
  { weight: 3, arbitrary: fc.constant('failed' as const) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'pendingThenDelivered' as const,
      'pendingThenReversed' as const,
      'pendingForever' as const,
      'http500' as const,
      'malformed' as const,
      'timeout' as const,
      'noReply' as const,
    ),
  },
);

const pair = fc
  .tuple(user, fc.integer({ min: 1, max: USERS - 1 }))
  .map(([from, step]) => ({ from, to: (from + step) % USERS }));

/** One operation, weighted roughly like a busy day (purchases most, admin actions few). */
export const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      kind: fc.constant('purchase' as const),
      user,
      product: fc.constantFrom(...PRODUCTS),
      scenario,
      duplicate: sometimes,
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('betting' as const),
      user,
      scenario,
      naira: fc.integer({ min: 100, max: 3_000 }),
      duplicate: sometimes,
    }),
  },
  {
    weight: 20,
    arbitrary: fc
      .record({
        pair,
        // Mostly affordable; a fifth far past any balance.
        kobo: fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 1_000, max: 2_000_000 }) },
          { weight: 1, arbitrary: fc.integer({ min: 50_000_000, max: 90_000_000 }) },
        ),
        duplicate: sometimes,
      })
      .map(({ pair: p, kobo, duplicate }) => ({
        kind: 'transfer' as const,
        from: p.from,
        to: p.to,
        kobo,
        duplicate,
      })),
  },
  {
    weight: 12,
    arbitrary: fc
      .record({ user, virtual: fc.boolean(), kobo: fc.integer({ min: 10_000, max: 3_000_000 }) })
      .map(({ user: u, virtual, kobo }) => ({
        kind: 'deposit' as const,
        user: u,
        via: virtual && u < VERIFIED ? ('virtual' as const) : ('checkout' as const),
        kobo,
      })),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('webhookReplay' as const), pick: fc.nat() }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('swap' as const),
      user,
      naira: fc.integer({ min: 100, max: 20_000 }),
      payout: fc.constantFrom('wallet' as const, 'bank' as const),
      payee: user,
      decision: fc.constantFrom(
        'approve' as const,
        'approve' as const,
        'reject' as const,
        'cancel' as const,
        'race' as const,
      ),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('admin' as const),
      action: fc.constantFrom('refund' as const, 'approve' as const, 'reverse' as const),
      pick: fc.nat(),
      twice: sometimes,
    }),
  },
  {
    // Small steps: the clock must not run far ahead of requests in flight. The reconciler's
    // grace (2 min after the reserve) assumes a paying request has given up on its supplier by
    // then; a clock that jumps minutes while a pay call is still on its way lets a requery find
    // "unknown", refund, and the late call deliver (a test artefact, not a state of production).
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      ms: fc.integer({ min: 200, max: 3_000 }),
    }),
  },
);

/** The seed's list of `count` operations: the same seed always gives the same list. */
export function operationsFor(seed: number, count: number): Operation[] {
  const [ops] = fc.sample(fc.array(operation, { minLength: count, maxLength: count }), {
    seed,
    numRuns: 1,
  });
  if (!ops) throw new Error(`fast-check produced no operations for seed ${seed}`);
  return ops;
}
