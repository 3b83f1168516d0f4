/**
 * Network auto-detection (spec §4): the first digits of a Nigerian number choose the network.
 * Pure and dependency-free so the purchase screens stay small.
 */
import type { NetworkName } from './networks';

/** Four-digit prefixes in the local 0XXX form (NCC allocations as ported numbers keep them). */
export const NETWORK_PREFIXES: Record<NetworkName, readonly string[]> = {
  MTN: [
    '0703',
    '0704',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  GLO: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  AIRTEL: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  '9MOBILE': ['0809', '0817', '0818', '0908', '0909'],
};

/** 0702 is split between operators: only these five-digit blocks are known to be MTN. */
export const FIVE_DIGIT_PREFIXES: Record<string, NetworkName> = {
  '07025': 'MTN',
  '07026': 'MTN',
};

const byPrefix = new Map<string, NetworkName>();
for (const [network, prefixes] of Object.entries(NETWORK_PREFIXES) as [
  NetworkName,
  readonly string[],
][]) {
  for (const prefix of prefixes) byPrefix.set(prefix, network);
}

/**
 * The local-form digits of what has been typed so far: "+234 803…" and "234803…" become "0803…".
 * Works on partial input, so detection can happen while the user types.
 */
export function localDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  // A local number starts with 0, so a leading 234 is always the country code.
  return digits.startsWith('234') ? `0${digits.slice(3)}` : digits;
}

/** The network a (possibly partial) phone number belongs to, or null when it cannot be told. */
export function detectNetwork(phone: string): NetworkName | null {
  const local = localDigits(phone);
  if (local.length < 4 || !local.startsWith('0')) return null;
  const five = FIVE_DIGIT_PREFIXES[local.slice(0, 5)];
  if (five) return five;
  return byPrefix.get(local.slice(0, 4)) ?? null;
}
