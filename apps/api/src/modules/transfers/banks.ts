import type { Providers } from '@owo/providers/types';
import type { BankAccountVerifyReply, BankDto, ListReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../errors';
import { cachedLoader } from '../../lib/memory-cache';
import type { LookupGuard } from '../lookups/limits';

/** The bank list changes rarely; one Safe Haven call per this long is plenty. */
export const BANKS_CACHE_MS = 10 * 60 * 1000;

/**
 * Banks and account-name enquiry (Safe Haven): GET transfers/banks and POST transfers/verify.
 * The list is kept in memory for BANKS_CACHE_MS; a failed fetch is not cached. Name enquiries
 * spend the caller's look-up budget (lookups/limits.ts).
 */
export function createBankDirectory(providers: Providers, clock: Clock, lookups: LookupGuard) {
  const loadBanks = cachedLoader(
    clock,
    BANKS_CACHE_MS,
    async (): Promise<BankDto[]> => {
      const banks = await providers.safehaven.banks().catch((error: unknown) => {
        throw new AppError('BANK_UNAVAILABLE', { cause: error });
      });
      return banks
        .map((b) => ({ bankCode: b.bankCode, name: b.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    (list) => list.length > 0,
  );

  async function banks(): Promise<ListReply<BankDto>> {
    const list = await loadBanks();
    if (list.length === 0) throw new AppError('BANK_UNAVAILABLE');
    return { success: true, message: messages.banksFetched, data: list };
  }

  /** A bank account holder's name: a third party's, and a paid Safe Haven call, so budgeted. */
  async function verifyAccount(
    userId: string,
    input: { bankCode: string; accountNumber: string },
  ): Promise<BankAccountVerifyReply> {
    await lookups.take('bankAccount', userId);
    const result = await providers.safehaven.nameEnquiry(input).catch((error: unknown) => {
      throw new AppError('BANK_UNAVAILABLE', { cause: error });
    });
    if (!result.ok) {
      throw new AppError(
        result.reason === 'invalid' ? 'BANK_ACCOUNT_NOT_FOUND' : 'BANK_UNAVAILABLE',
      );
    }
    return {
      success: true,
      message: messages.bankAccountVerified,
      data: {
        accountName: result.info.accountName,
        accountNumber: result.info.accountNumber,
        bankCode: result.info.bankCode,
      },
    };
  }

  return { banks, verifyAccount };
}

export type BankDirectory = ReturnType<typeof createBankDirectory>;
