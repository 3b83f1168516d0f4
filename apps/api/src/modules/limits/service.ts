import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { formatKobo } from '@owo/shared/money';
import type { WalletLimits } from '../../config';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { limitsRepository, type LockedWallet } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight in Lagos (a fixed UTC+1 offset) of the day `now` falls on, as an instant. */
export function startOfLagosDay(now: Date): Date {
  const lagos = now.getTime() + LAGOS_OFFSET_MS;
  return new Date(lagos - (lagos % DAY_MS) - LAGOS_OFFSET_MS);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/**
 * Wallet limits by KYC level (docs/decisions/0009): how much may leave a wallet per Lagos day and
 * how much it may hold. Spending and new deposit sessions are refused past them; money that has
 * already arrived is never refused — a credit past the cap is kept and flagged for review.
 */
/** The refusal of a payment past the daily limit, with what is left of it today. */
function dailyLimitError(verified: boolean, limitKobo: number, spentKobo: number): AppError {
  const remaining = Math.max(0, limitKobo - spentKobo);
  const message = fill(messages.dailyLimitReached, {
    limit: formatKobo(limitKobo),
    remaining: formatKobo(remaining),
  });
  return new AppError('LIMIT_EXCEEDED', {
    message: verified ? message : `${message} ${messages.limitRaiseHint}`,
  });
}

export function createLimitsService({ config, clock }: AppDeps) {
  function limitsFor(verified: boolean): WalletLimits & { verified: boolean } {
    return { ...config.walletLimits[verified ? 'verified' : 'unverified'], verified };
  }

  async function limitsOf(
    db: DbOrTx,
    userId: string,
  ): Promise<WalletLimits & { verified: boolean }> {
    const user = await limitsRepository.kycLevel(db, userId);
    if (!user) throw new AppError('NOT_FOUND');
    return limitsFor(user.isKycVerified);
  }

  return {
    limitsOf,
    limitsFor,
    lockWallets: limitsRepository.lockWallets,

    /**
     * Inside the transaction that debits the wallet, before the debit, with the wallet already
     * locked by lockWallets (so two concurrent payments cannot both pass the check): refuses when
     * today's outflow plus this amount passes the daily limit.
     */
    async assertCanSpend(tx: Tx, wallet: LockedWallet, amountKobo: number): Promise<void> {
      const limits = limitsFor(wallet.isKycVerified);
      const spent = await limitsRepository.outflowOn(tx, wallet.userId, clock.now());
      if (spent + amountKobo <= limits.dailyOutKobo) return;
      throw dailyLimitError(limits.verified, limits.dailyOutKobo, spent);
    },

    dailyLimitError,

    /** Before a deposit session is created: the balance plus this amount must fit the cap. */
    async assertCanReceive(db: DbOrTx, userId: string, balanceKobo: number, amountKobo: number) {
      const limits = await limitsOf(db, userId);
      if (balanceKobo + amountKobo <= limits.balanceCapKobo) return;
      const room = Math.max(0, limits.balanceCapKobo - balanceKobo);
      const message = fill(messages.balanceCapReached, {
        limit: formatKobo(limits.balanceCapKobo),
        room: formatKobo(room),
      });
      throw new AppError('LIMIT_EXCEEDED', {
        message: limits.verified ? message : `${message} ${messages.limitRaiseHint}`,
      });
    },

    /**
     * After a credit, in its transaction: when the wallet now holds more than its cap, the credit
     * stays (it already arrived) and a review flag is written for an admin. Answers whether it
     * flagged.
     */
    async flagIfOverCap(
      tx: Tx,
      input: { userId: string; transactionId: string; balanceKobo: number; source: string },
    ): Promise<boolean> {
      const limits = await limitsOf(tx, input.userId);
      if (input.balanceKobo <= limits.balanceCapKobo) return false;
      await limitsRepository.insertFlag(tx, {
        userId: input.userId,
        transactionId: input.transactionId,
        reason: 'balance_cap_exceeded',
        details: {
          source: input.source,
          balanceKobo: input.balanceKobo,
          balanceCapKobo: limits.balanceCapKobo,
        },
        createdAt: clock.now(),
      });
      return true;
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
