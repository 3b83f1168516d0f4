/**
 * The simulator's betting billers, as PalmPay lists them for sceneCode "betting". MSport and
 * SportyBet are here because PalmPay lists them; our API hides them (spec: betting). One biller
 * has its own limits, one none at all, and one an icon that does not exist, so the API's limit checks and the web's
 * "initials when an icon fails" path meet real data.
 */

export interface SimBiller {
  billerId: string;
  billerName: string;
  /** The icon file under the simulator's icons/ route; `missing` points at a file that 404s. */
  icon: { file: string; colour: string; initials: string } | 'missing';
  /** null bounds: PalmPay's documented item example (no limits given, isFixAmount 0). */
  item: { itemId: string; itemName: string; minAmount: number | null; maxAmount: number | null };
}

/** ₦100 – ₦500,000, in kobo: the usual PalmPay betting top-up range. */
const STANDARD_LIMITS = { minAmount: 10_000, maxAmount: 50_000_000 };

/** No limits on the item, as in PalmPay's own item/query example. */
const NO_LIMITS = { minAmount: null, maxAmount: null };

function biller(
  billerId: string,
  billerName: string,
  colour: string,
  initials: string,
  limits: { minAmount: number | null; maxAmount: number | null } = STANDARD_LIMITS,
): SimBiller {
  return {
    billerId,
    billerName,
    icon: { file: `${billerId.toLowerCase()}.svg`, colour, initials },
    item: { itemId: `${billerId}_TOPUP`, itemName: `${billerName} Wallet Top-up`, ...limits },
  };
}

export const SIM_BETTING_BILLERS: readonly SimBiller[] = [
  biller('BET9JA', 'Bet9ja', '#0b7a3b', 'B9'),
  biller('SPORTYBET', 'SportyBet', '#e41827', 'SB'),
  // Its item comes without limits (minAmount/maxAmount null), as PalmPay documents it can.
  biller('BETKING', 'BetKing', '#1a2d6d', 'BK', NO_LIMITS),
  biller('1XBET', '1xBet', '#1b5fa8', '1X'),
  // Its own limits: ₦200 – ₦100,000.
  biller('NAIRABET', 'NairaBet', '#f5a300', 'NB', { minAmount: 20_000, maxAmount: 10_000_000 }),
  biller('MSPORT', 'MSport', '#ffcc00', 'MS'),
  biller('BETWAY', 'BetWay', '#111111', 'BW'),
  {
    ...biller('MERRYBET', 'MerryBet', '#7b1fa2', 'MB'),
    // Its icon URL answers 404, like a CDN file PalmPay has removed.
    icon: 'missing',
  },
];

export const SIM_BILLERS_BY_ID = new Map(SIM_BETTING_BILLERS.map((b) => [b.billerId, b]));

/** A small round badge with the biller's initials, as an SVG document. */
export function billerIconSvg(icon: { colour: string; initials: string }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${icon.colour}"/>` +
    `<text x="48" y="58" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ` +
    `font-size="30" font-weight="700" fill="#ffffff">${icon.initials}</text></svg>`
  );
}
