/**
 * What the funding status check tells the customer (spec §4 Deposit, §8 Funding status): a
 * completed payment, one still pending, the server's message for an error, "No transaction
 * found" for a deposit the server does not know, and a generic line when the check itself failed.
 */
import type { DepositStatusReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { formatKobo } from '@owo/shared/money';
import { isApiError } from '../api';
import { depositEvent } from '../toast';

export interface FundingOutcome {
  /** Completed credits the wallet; the others leave it as it was. */
  status: 'completed' | 'pending' | 'failed' | 'not-found' | 'error';
  tone: 'success' | 'info' | 'error';
  message: string;
  /** The money event a completed deposit is ("deposit:<naira>"): its notice shares the toast. */
  event?: string;
}

const naira = (amount: number) => formatKobo(Math.round(amount * 100));

export function outcomeOfReply(reply: DepositStatusReply): FundingOutcome {
  const { status, creditedAmount, amount } = reply.data;
  switch (status) {
    case 'Completed':
      return {
        status: 'completed',
        tone: 'success',
        // The bank may send a different sum than asked: say what actually reached the wallet.
        message: messages.depositCompleted.replace('{amount}', naira(creditedAmount || amount)),
        event: depositEvent(creditedAmount || amount),
      };
    case 'Pending':
      return { status: 'pending', tone: 'info', message: messages.depositStillPending };
    case 'Expired':
      return { status: 'failed', tone: 'error', message: messages.depositExpired };
    case 'Failed':
      return { status: 'failed', tone: 'error', message: messages.depositFailed };
    default:
      return { status: 'error', tone: 'error', message: messages.depositStatusError };
  }
}

export function outcomeOfError(error: unknown): FundingOutcome {
  if (isApiError(error)) {
    if (error.status === 404)
      return { status: 'not-found', tone: 'error', message: messages.depositNotFound };
    if (error.serverMessage)
      return { status: 'error', tone: 'error', message: error.serverMessage };
  }
  return { status: 'error', tone: 'error', message: messages.depositStatusError };
}
