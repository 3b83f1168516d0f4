import { MONTH_ABBREVIATIONS } from '../../../../lib/months';

/** Axis texts of the revenue chart, short enough for a 390 px screen. */

/** "₦0", "₦950", "₦1.2k", "₦3.4M", "₦1.1B". */
export function compactNaira(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = abs / size;
      const text =
        scaled >= 10 ? Math.round(scaled).toString() : scaled.toFixed(1).replace(/\.0$/, '');
      return `${sign}₦${text}${suffix}`;
    }
  }
  return `${sign}₦${Math.round(abs)}`;
}

/**
 * A series label as the axis shows it: "2026-11-21" → "21 Nov", "2026-11" → "Nov"; anything else
 * (the API's own wording) is kept.
 */
export function seriesLabel(label: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(label);
  if (day) return `${Number(day[3])} ${MONTH_ABBREVIATIONS[Number(day[2]) - 1] ?? ''}`.trim();
  const month = /^(\d{4})-(\d{2})$/.exec(label);
  if (month) return MONTH_ABBREVIATIONS[Number(month[2]) - 1] ?? label;
  return label;
}

/**
 * Round axis steps for a peak: 0, 100, 200 … rather than 0, 95, 190. The step is the smallest
 * "round" amount (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) that covers the peak in
 * at most `steps` steps.
 */
export function niceTicks(peak: number, steps = 4): number[] {
  if (!(peak > 0)) return [0];
  const raw = peak / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step =
    [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const count = Math.ceil(peak / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => Math.round(i * step * 100) / 100);
}
