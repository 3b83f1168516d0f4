import type { RecentBeneficiaryDto } from '@owo/shared/beneficiaries';
import { DISCOS } from '@owo/shared/billers';
import { RECENTS_PER_KIND, type BeneficiaryKind } from '@owo/shared/schemas/beneficiaries';
import type { PastOrderRow } from './repository';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The number a past order was for, in the shape a saved beneficiary of its kind has. */
export function recentOf(row: PastOrderRow): RecentBeneficiaryDto | null {
  const m = row.metadata ?? {};
  const lastUsedAt = row.createdAt.toISOString();
  const base = { meterType: null, verifiedName: null, lastUsedAt };
  switch (row.serviceType) {
    case 'airtime':
    case 'data': {
      const number = text(m.phone) ?? text(m.mobile_number);
      const network = text(m.network)?.toUpperCase() ?? null;
      return number
        ? { ...base, kind: 'phone', number, provider: network, providerName: network }
        : null;
    }
    case 'electricity': {
      const number = text(m.meter_number);
      // The order keeps the disco's name; the form picks discos by serviceID.
      const name = text(m.disco);
      const disco = DISCOS.find((d) => d.name.toLowerCase() === name?.toLowerCase());
      const meterType = text(m.meterType)?.toLowerCase();
      return number && disco
        ? {
            ...base,
            kind: 'meter',
            number,
            provider: disco.serviceID,
            providerName: disco.name,
            meterType: meterType === 'postpaid' ? 'postpaid' : 'prepaid',
            verifiedName: text(m.customerName),
          }
        : null;
    }
    case 'cable': {
      const number = text(m.smart_card_number);
      const cable = text(m.cablename)?.toUpperCase() ?? null;
      return number && cable
        ? {
            ...base,
            kind: 'smartcard',
            number,
            provider: cable,
            providerName: cable,
            verifiedName: text(m.customerName),
          }
        : null;
    }
    case 'betting': {
      const number = text(m.rechargeAccount);
      const billerId = text(m.billerId);
      return number && billerId
        ? {
            ...base,
            kind: 'betting',
            number,
            provider: billerId,
            providerName: text(m.billerName),
          }
        : null;
    }
    case 'transfer': {
      const number = text(m.counterpartyEmail)?.toLowerCase() ?? null;
      return number && m.direction === 'out'
        ? {
            ...base,
            kind: 'recipient',
            number,
            provider: null,
            providerName: null,
            verifiedName: text(m.counterpartyName),
          }
        : null;
    }
    default:
      return null;
  }
}

/** Same number for the same provider (a phone's network may differ between orders: one entry). */
export const recentKey = (r: { kind: string; number: string; provider: string | null }) =>
  r.kind === 'phone' || r.kind === 'recipient'
    ? `${r.kind}|${r.number}`
    : `${r.kind}|${r.provider ?? ''}|${r.number}`;

/**
 * Up to RECENTS_PER_KIND distinct numbers per kind, newest first, leaving out those already
 * saved (the screen lists saved ones apart).
 */
export function recentsFrom(
  rows: readonly PastOrderRow[],
  saved: ReadonlySet<string>,
  kind?: BeneficiaryKind,
): RecentBeneficiaryDto[] {
  const seen = new Set<string>(saved);
  const perKind = new Map<string, number>();
  const out: RecentBeneficiaryDto[] = [];
  for (const row of rows) {
    const recent = recentOf(row);
    if (!recent || (kind && recent.kind !== kind)) continue;
    const key = recentKey(recent);
    if (seen.has(key)) continue;
    seen.add(key);
    const n = perKind.get(recent.kind) ?? 0;
    if (n >= RECENTS_PER_KIND) continue;
    perKind.set(recent.kind, n + 1);
    out.push(recent);
  }
  return out;
}
