import { formatKobo, groupThousands } from '@owo/shared/money';

/**
 * The API sends naira with at most 2 decimals (spec edge format); convert once to integer kobo so
 * the shared formatter prints "₦1,234.50" without float artefacts.
 */
export function formatNaira(naira: number): string {
  return formatKobo(Math.round(naira * 100));
}

/** "₦1,000" for whole-naira labels (chips, notices). */
export function formatWholeNaira(naira: number): string {
  const whole = Math.round(naira);
  return `${whole < 0 ? '-' : ''}₦${groupThousands(Math.abs(whole))}`;
}

/** "₦300" for whole naira, "₦299.50" otherwise (plan cards, chips). */
export function formatPrice(naira: number): string {
  return Number.isInteger(naira) ? formatWholeNaira(naira) : formatNaira(naira);
}
