/**
 * The utility discount on electricity (spec 2 §3 "Admin setting"), one rule for the API and the
 * customer's Summary sheet: the discount is rounded DOWN to the kobo, so the customer never gets
 * more off than the percentage says and the figure on screen is the figure charged.
 */
export function utilityDiscountKobo(faceValueKobo: number, discountBps: number): number {
  if (discountBps <= 0) return 0;
  return Math.floor((faceValueKobo * discountBps) / 10_000);
}

/** A percentage with up to 2 decimals (the admin's input) in basis points, and back. */
export const percentToBps = (percentage: number): number => Math.round(percentage * 100);
export const bpsToPercent = (bps: number): number => bps / 100;
