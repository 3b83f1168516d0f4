import { AppError } from '../../errors';
import { pinRefusalFromDatabase } from '../pin/refusals';
import type { LimitsService } from './service';

/**
 * The refusals every debit made in one database statement shares (owo_purchase_reserve,
 * owo_transfer): owo_check_pin's, then the daily limit's and the balance's. Nothing but a wrong
 * PIN's count was written when one comes back.
 */
export type SpendRefusal =
  | { outcome: 'pin_not_set' }
  | { outcome: 'pin_legacy' }
  | { outcome: 'pin_locked'; lockedUntil?: string }
  | { outcome: 'pin_incorrect'; attemptsLeft?: number }
  | { outcome: 'limit'; spentKobo: number; limitKobo: number; verified: boolean }
  | { outcome: 'insufficient_funds' };

/**
 * A shared refusal as the customer hears it, the same from a purchase as from a transfer. Each
 * caller maps its own outcomes (a taken key, a service switched off, the recipient) before this.
 */
export function spendRefusalOf(
  refusal: SpendRefusal,
  limits: Pick<LimitsService, 'dailyLimitError'>,
): AppError {
  switch (refusal.outcome) {
    case 'pin_not_set':
      return new AppError('PIN_NOT_SET');
    case 'pin_locked':
    case 'pin_incorrect':
      return pinRefusalFromDatabase(refusal.outcome, refusal);
    // Still pin_legacy after the API checked and re-stored the PIN the old way.
    case 'pin_legacy':
      return new AppError('UNAUTHORIZED');
    case 'limit':
      return limits.dailyLimitError(refusal.verified, refusal.limitKobo, refusal.spentKobo);
    case 'insufficient_funds':
      return new AppError('INSUFFICIENT_FUNDS');
  }
}
