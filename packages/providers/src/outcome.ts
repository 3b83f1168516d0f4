/**
 * The money rule, in one place. Every adapter classifies a supplier's reply with these three
 * constructors, and only `failed` refunds the customer:
 *
 * - `failed`: the supplier said so with authority — a documented failure code, a documented
 *   reversal, or a "never received" answer from a lookup the supplier documents as authoritative
 *   for a reference WE sent. Nothing that could still be delivered is failed.
 * - `pending`: everything else — timeouts, resets, HTTP 5xx, unknown codes, malformed bodies, a
 *   404 from a lookup the supplier does not document as authoritative, a reply naming another
 *   order. The reconciler requeries it; past the "needs a decision" age it stops and an admin
 *   decides (Approve / Refund, which requery first). A reply an operator should see at once (an
 *   undocumented code or status that may mean trouble) is pending WITH an alert: still no refund,
 *   and no failover to the next supplier (decision 0042).
 * - `delivered`: the supplier's documented success.
 *
 * A wrong refund loses real money quietly (our books still agree with themselves), so an answer
 * the adapter cannot place is pending, never failed. docs/decisions/0018-supplier-money-rule.md.
 */
import type { PurchaseOutcome } from './types';

type Delivered = Extract<PurchaseOutcome, { status: 'delivered' }>;
type Failed = Extract<PurchaseOutcome, { status: 'failed' }>;
type Pending = Extract<PurchaseOutcome, { status: 'pending' }>;

export function delivered(
  description: string,
  raw: unknown,
  extra: Omit<Delivered, 'status' | 'description' | 'raw'> = {},
): Delivered {
  return { status: 'delivered', description, raw, ...dropUndefined(extra) };
}

/**
 * A confirmed failure. `authority` names the documented code or answer that makes it one, so a
 * failure without a reason cannot be written by accident; it leads the description.
 */
export function failed(
  authority: string,
  description: string,
  raw: unknown,
  options: { alert?: string } = {},
): Failed {
  const outcome: Failed = { status: 'failed', description: `${authority}: ${description}`, raw };
  if (options.alert) outcome.alert = options.alert;
  return outcome;
}

/**
 * Not settled. `alert` marks a reply no public source documents as a failure that an operator
 * should still look at now: pending, never refunded and never sent on to another supplier.
 */
export function pending(
  description: string,
  raw: unknown,
  providerReference?: string,
  options: { alert?: string; noLookup?: boolean } = {},
): Pending {
  const outcome: Pending = { status: 'pending', description, raw };
  if (providerReference) outcome.providerReference = providerReference;
  if (options.alert) outcome.alert = options.alert;
  if (options.noLookup) outcome.noLookup = true;
  return outcome;
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
