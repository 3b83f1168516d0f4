/**
 * A prepaid meter is bought for its token. A vend the supplier calls delivered but whose reply
 * names no token the adapter can find is not delivered to the customer: it stays pending, the
 * reconciler requeries it (the token usually comes with a later answer), and an admin who has the
 * token from the supplier may approve it with the token. Postpaid bills have no token. Applied to
 * every answer about an order, the paying call's and each requery's (decision 0046).
 */
import type { PurchaseOutcome } from '@owo/providers/types';
import { VTPASS_ELECTRICITY_SERVICES } from '@owo/shared/networks';

const ELECTRICITY = new Set<string>(VTPASS_ELECTRICITY_SERVICES);

/** Whether the stored supplier request (purchases.request) buys a prepaid meter token. */
export function needsToken(request: Record<string, unknown>): boolean {
  switch (request.kind) {
    case 'vtpass':
      return ELECTRICITY.has(String(request.serviceID)) && request.variationCode === 'prepaid';
    case 'datastation-bill':
      return request.meterType === 'prepaid';
    case 'safehaven-pay':
      return request.payKind === 'utility' && request.vendType === 'PREPAID';
    default:
      return false;
  }
}

/** The answer as the order may take it: a prepaid vend without a token is still pending. */
export function holdUntilToken(
  request: Record<string, unknown>,
  outcome: PurchaseOutcome,
): PurchaseOutcome {
  if (outcome.status !== 'delivered' || outcome.token || !needsToken(request)) return outcome;
  const held: PurchaseOutcome = {
    status: 'pending',
    description: `delivered without a token: ${outcome.description}`,
    raw: outcome.raw,
    awaitingToken: true,
  };
  if (outcome.providerReference) held.providerReference = outcome.providerReference;
  return held;
}
