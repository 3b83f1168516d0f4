/**
 * A supplier call that could not answer a read-only question (a catalogue, a verification that
 * could not be made). Purchases never throw it: they answer a PurchaseOutcome, because a purchase
 * whose fate is unclear must stay pending, not become an exception somebody might treat as failed.
 */
export class ProviderError extends Error {
  constructor(
    readonly supplier: 'vtpass' | 'datastation' | 'ogdams' | 'safehaven' | 'palmpay',
    message: string,
    readonly raw?: unknown,
  ) {
    super(`${supplier}: ${message}`);
    this.name = 'ProviderError';
  }
}
