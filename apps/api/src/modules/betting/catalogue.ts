import type { PalmPayBiller, PalmPayBillerItem, Providers } from '@owo/providers/types';
import { BETTING_SCENE_CODE, HIDDEN_BILLERS } from '@owo/shared/constants';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../errors';
import { cachedLoader, keyedLoader } from '../../lib/memory-cache';

/**
 * Our own limits for an item PalmPay sells without any (its documented item example has
 * minAmount/maxAmount null with isFixAmount 0): the spec's betting range, ₦100 – ₦500,000 (the
 * screen's fallback "100-500,000"), in kobo. PalmPay still refuses what its biller will not take
 * (SBP.AMOUNT_BELOW_MIN_LIMIT / ABOVE_MAX), and such a refusal is refunded.
 */
export const BETTING_DEFAULT_MIN_KOBO = 10_000;
export const BETTING_DEFAULT_MAX_KOBO = 50_000_000;

/** An item as we sell it: always with limits. */
export interface BettingItem extends PalmPayBillerItem {
  minAmountKobo: number;
  maxAmountKobo: number;
}

/** PalmPay's limits where it gave them, ours where it did not; never an empty range. */
export function withBounds(item: PalmPayBillerItem): BettingItem | undefined {
  const minAmountKobo = item.minAmountKobo ?? BETTING_DEFAULT_MIN_KOBO;
  const maxAmountKobo = item.maxAmountKobo ?? BETTING_DEFAULT_MAX_KOBO;
  return maxAmountKobo < minAmountKobo ? undefined : { ...item, minAmountKobo, maxAmountKobo };
}

/** Billers change rarely; their items' limits a little more often. */
export const BILLERS_CACHE_MS = 5 * 60 * 1000;
export const ITEMS_CACHE_MS = 2 * 60 * 1000;

const hidden = new Set(HIDDEN_BILLERS.map((name) => name.toLowerCase()));

/** MSport and SportyBet are not offered (spec §2 Betting), whatever PalmPay lists. */
export function isHiddenBiller(biller: Pick<PalmPayBiller, 'billerId' | 'billerName'>): boolean {
  return (
    hidden.has(biller.billerName.trim().toLowerCase()) ||
    hidden.has(biller.billerId.trim().toLowerCase())
  );
}

/**
 * PalmPay's betting billers and their items, cached in memory. Only visible billers are ever
 * answered: a hidden biller's id is unknown to our API (404), on its items and on a purchase.
 */
export function createBettingCatalogue(providers: Providers, clock: Clock) {
  const allBillers = cachedLoader(clock, BILLERS_CACHE_MS, async () => {
    const list = await providers.palmpay.billers(BETTING_SCENE_CODE).catch((error: unknown) => {
      throw new AppError('BILLERS_UNAVAILABLE', { cause: error });
    });
    // PalmPay always lists betting billers; an empty answer is an outage, not a fact to keep.
    if (list.length === 0) throw new AppError('BILLERS_UNAVAILABLE');
    return list;
  });
  const itemsOf = keyedLoader(clock, ITEMS_CACHE_MS, async (billerId): Promise<BettingItem[]> => {
    const items = await providers.palmpay
      .items({ sceneCode: BETTING_SCENE_CODE, billerId })
      .catch((error: unknown) => {
        throw new AppError('BILLER_ITEMS_UNAVAILABLE', { cause: error });
      });
    return items.flatMap((item) => withBounds(item) ?? []);
  });

  async function billers(): Promise<PalmPayBiller[]> {
    return (await allBillers()).filter((b) => !isHiddenBiller(b));
  }

  /** A visible biller by id; 404 for a hidden or unknown one. */
  async function biller(billerId: string): Promise<PalmPayBiller> {
    const found = (await billers()).find((b) => b.billerId === billerId);
    if (!found) throw new AppError('BILLER_NOT_FOUND');
    return found;
  }

  async function items(billerId: string): Promise<BettingItem[]> {
    return itemsOf((await biller(billerId)).billerId);
  }

  /** The item a purchase names, with the limits PalmPay gave for it. */
  async function item(billerId: string, itemId: string) {
    const visible = await biller(billerId);
    const found = (await itemsOf(visible.billerId)).find((i) => i.itemId === itemId);
    if (!found) throw new AppError('BILLER_ITEM_NOT_FOUND');
    return { biller: visible, item: found };
  }

  return { billers, items, item };
}

export type BettingCatalogue = ReturnType<typeof createBettingCatalogue>;
