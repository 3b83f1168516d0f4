/**
 * The system accounts (seeded by migration 0001). Balances are credits minus debits, so with user
 * wallets positive the system side carries the mirror image and the sum over all accounts is 0.
 */
export const SYSTEM_ACCOUNTS = {
  floatVtpass: 'float:vtpass',
  floatDatastation: 'float:datastation',
  floatOgdams: 'float:ogdams',
  floatPalmpay: 'float:palmpay',
  floatSafehaven: 'float:safehaven',
  /** Airtime received through airtime-to-cash swaps: an asset, so its balance runs negative. */
  airtimeAsset: 'asset:airtime',
  /** Purchases reserved from wallets and not yet posted or voided. */
  inFlight: 'in_flight',
  /** Margins: selling price minus the supplier's cost. */
  revenue: 'revenue',
  /** Operator credits and corrections. */
  adjustments: 'adjustments',
  /** The world outside the ledger: deposits in, payouts out (later issues). */
  outside: 'outside',
} as const;

export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

export type Supplier = 'vtpass' | 'datastation' | 'ogdams' | 'palmpay' | 'safehaven';

export function supplierFloat(supplier: Supplier): SystemAccountCode {
  return `float:${supplier}`;
}
