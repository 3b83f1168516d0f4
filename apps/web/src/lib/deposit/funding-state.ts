/**
 * The navigation state of the bank-transfer funding screen (spec §2): accountName,
 * accountNumber, bankName, amountToPay and sessionId, plus our deposit id and the countdown's
 * deadline so the screen carries on the sheet's countdown instead of starting a new one.
 */
import { FUNDING_COUNTDOWN_S } from '@owo/shared/constants';
import type { PaymentDetails } from './deposit-api';

export interface FundingNavigationState {
  accountName: string;
  accountNumber: string;
  bankName: string;
  amountToPay: number;
  sessionId: string;
  depositId: string;
  deadline: number;
  permanent: boolean;
}

export function toFundingState(details: PaymentDetails): FundingNavigationState {
  return { ...details };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The details when the state is usable; null sends the customer back to start over. */
export function readFundingState(state: unknown, now = Date.now()): PaymentDetails | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  const amountToPay = Number(s.amountToPay);
  const depositId = text(s.depositId);
  const sessionId = text(s.sessionId);
  const accountNumber = text(s.accountNumber);
  if (!accountNumber || !(amountToPay > 0) || (!depositId && !sessionId)) return null;
  const deadline = Number(s.deadline);
  return {
    depositId,
    sessionId,
    accountNumber,
    accountName: text(s.accountName),
    bankName: text(s.bankName),
    amountToPay,
    permanent: s.permanent === true,
    // Without a deadline (a link from elsewhere) the spec's full ten minutes start now.
    deadline:
      Number.isFinite(deadline) && deadline > 0 ? deadline : now + FUNDING_COUNTDOWN_S * 1000,
  };
}
