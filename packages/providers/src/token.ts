/**
 * Electricity tokens arrive inside free text: VTpass's purchased_code "Token : 1234-5678-…",
 * sometimes "TOKEN:1234 5678 …", sometimes a bare number in a `token` field. The customer types
 * the digits into the meter, so we keep them and normalise only the separators.
 */
const LABELLED = /token\s*(?:no\.?|number)?\s*[:=-]?\s*(\d[\d\s-]{8,}\d)/i;
const BARE = /^\s*(\d[\d\s-]{8,}\d)\s*$/;

export function parseToken(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' && typeof candidate !== 'number') continue;
    const value = String(candidate);
    const match = LABELLED.exec(value) ?? BARE.exec(value);
    if (match?.[1])
      return match[1]
        .trim()
        .split(/[\s-]+/)
        .join('-');
  }
  return undefined;
}

/** Units as the supplier wrote them ("24.8 kWh", 24.8), or undefined when absent or empty. */
export function parseUnits(...candidates: unknown[]): string | undefined {
  for (const candidate of candidates) {
    if (typeof candidate === 'number' && Number.isFinite(candidate)) return String(candidate);
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
  }
  return undefined;
}
