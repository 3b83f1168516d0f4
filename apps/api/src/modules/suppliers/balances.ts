import type { Providers } from '@owo/providers/types';
import { ProviderError } from '@owo/providers/errors';
import type { SupplierId } from '@owo/shared/suppliers';

export type BalanceReading =
  { balanceKobo: number; error: null } | { balanceKobo: null; error: string };

/**
 * Our wallet at one supplier, in kobo, from its documented balance call (each adapter's
 * balance(); the sources are in its SOURCES.md). PalmPay's is the available (spendable) balance.
 */
async function read(providers: Providers, supplier: SupplierId): Promise<number | null> {
  switch (supplier) {
    case 'vtpass':
      return providers.vtpass.balance();
    case 'datastation':
      return providers.datastation.balance();
    case 'ogdams':
      return (await providers.ogdams.balance()).mainBalanceKobo;
    case 'palmpay':
      return (await providers.palmpay.balance()).availableKobo;
    case 'safehaven':
      return (await providers.safehaven.balance()).balanceKobo;
  }
}

/** Never throws: a supplier that cannot answer is shown as unknown, with the adapter's words. */
export async function readBalance(
  providers: Providers,
  supplier: SupplierId,
): Promise<BalanceReading> {
  try {
    const kobo = await read(providers, supplier);
    if (kobo === null || !Number.isFinite(kobo)) {
      return { balanceKobo: null, error: 'The reply carried no balance' };
    }
    return { balanceKobo: Math.round(kobo), error: null };
  } catch (error) {
    const words = error instanceof ProviderError ? error.message : String(error);
    return { balanceKobo: null, error: words.slice(0, 200) || 'No answer' };
  }
}
