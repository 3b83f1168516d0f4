import type { VtpassSmartcardInfo } from '@owo/providers/types';

/**
 * How a VTpass bouquet purchase goes on the wire (docs/decisions/0017-vtpass-tv-subscriptions.md).
 * VTpass requires subscription_type for DStv and GOtv: `renew` tops the card up with the
 * Renewal_Amount merchant-verify returned (promos can make it lower than the list price), `change`
 * buys the chosen variation. StarTimes and ShowMax document no subscription_type.
 *
 * The spec's body names one variation, so the choice is ours: the plan the customer picked IS
 * the card's current bouquet (one code, no add-ons) and VTpass's renewal price is known and no more
 * than what the plan costs us → renew; anything else → change, for one month.
 */
export const SUBSCRIPTION_TYPE_SERVICES: ReadonlySet<string> = new Set(['dstv', 'gotv']);

export interface TvWire {
  subscriptionType?: 'change' | 'renew';
  quantity?: number;
  /** Absent on a renewal: VTpass renews the bouquet on the card. */
  variationCode?: string;
  /** What VTpass charges us: the amount sent. */
  costKobo: number;
}

export function tvWire(
  serviceID: string,
  plan: { externalId: string; costKobo: number },
  card: VtpassSmartcardInfo | undefined,
): TvWire {
  const change = { variationCode: plan.externalId, costKobo: plan.costKobo };
  if (!SUBSCRIPTION_TYPE_SERVICES.has(serviceID)) return change;
  const current = (card?.currentBouquetCode ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  const renewal = card?.renewalAmountKobo ?? null;
  const renewable =
    current.length === 1 &&
    current[0] === plan.externalId &&
    renewal !== null &&
    renewal > 0 &&
    renewal <= plan.costKobo;
  return renewable
    ? { subscriptionType: 'renew', costKobo: renewal }
    : { ...change, subscriptionType: 'change', quantity: 1 };
}
