import { utilityDiscountKobo } from '@owo/shared/utility-discount';
import { koboToNaira } from '@owo/shared/money';
import type { DbOrTx } from '../../db/client';
import { SETTING_KEYS, settingsRepository } from './repository';

/** The current utility discount in basis points (0 until an admin sets one). */
export async function readUtilityDiscountBps(db: DbOrTx): Promise<number> {
  const value = await settingsRepository.get<unknown>(db, SETTING_KEYS.utilityDiscountBps);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * What an electricity order of `faceValueKobo` costs the customer under the current discount.
 * The supplier is still paid the face value, so the order's margin is minus the discount (the
 * settlement books it as purchase_margin_loss).
 */
export async function electricityPrice(db: DbOrTx, faceValueKobo: number) {
  const discountKobo = utilityDiscountKobo(faceValueKobo, await readUtilityDiscountBps(db));
  return { sellingKobo: faceValueKobo - discountKobo, costKobo: faceValueKobo, discountKobo };
}

/** The order keeps the face value and the discount (naira) when there was one. */
export function discountMetadata(price: { costKobo: number; discountKobo: number }) {
  return price.discountKobo > 0
    ? { faceValue: koboToNaira(price.costKobo), discount: koboToNaira(price.discountKobo) }
    : {};
}
