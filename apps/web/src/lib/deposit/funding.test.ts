import { describe, expect, it } from 'vitest';
import type { DepositStatus, DepositStatusReply } from '@owo/shared/api-types';
import { messages } from '@owo/shared/messages';
import { ApiError } from '../api';
import { formatCountdown, secondsLeft } from './use-countdown';
import { depositErrorMessage } from './deposit-api';
import { outcomeOfError, outcomeOfReply } from './funding-outcome';
import { readFundingState } from './funding-state';

function reply(status: DepositStatus, amount = 500, creditedAmount = 0): DepositStatusReply {
  return { success: true, message: 'ok', data: { _id: 'd1', status, amount, creditedAmount } };
}

describe('funding status outcomes (spec §4 Deposit, §8 Funding status)', () => {
  it('a completed payment says what reached the wallet', () => {
    expect(outcomeOfReply(reply('Completed', 500, 500))).toEqual({
      status: 'completed',
      tone: 'success',
      message: 'Payment received. Your wallet has been credited with ₦500.00.',
      // The deposit's event: the notification feed's toast of the same money is not a second one.
      event: 'deposit:50000',
    });
    // The bank sent less than asked: the credited sum is the truth.
    expect(outcomeOfReply(reply('Completed', 500, 450)).message).toContain('₦450.00');
  });

  it('pending, failed and expired use the catalogue texts', () => {
    expect(outcomeOfReply(reply('Pending'))).toMatchObject({
      status: 'pending',
      message: messages.depositStillPending,
    });
    expect(outcomeOfReply(reply('Failed')).message).toBe(messages.depositFailed);
    expect(outcomeOfReply(reply('Expired')).message).toBe(messages.depositExpired);
  });

  it('404 is "No transaction found", other replies their own message, else the generic line', () => {
    expect(outcomeOfError(new ApiError(404, { message: 'Deposit not found' }, 'x'))).toMatchObject({
      status: 'not-found',
      message: messages.depositNotFound,
    });
    expect(outcomeOfError(new ApiError(403, { message: 'Not yours' }, 'x')).message).toBe(
      'Not yours',
    );
    expect(outcomeOfError(new ApiError('FETCH_ERROR', null, 'x')).message).toBe(
      messages.depositStatusError,
    );
    expect(outcomeOfError(new Error('boom')).message).toBe(messages.depositStatusError);
  });
});

describe('deposit errors (spec §8 Deposit HTTP 504)', () => {
  it('504 asks to log back in; others say the server message', () => {
    expect(depositErrorMessage(new ApiError(504, null, 'x'))).toBe(messages.depositGatewayError);
    expect(depositErrorMessage(new ApiError(422, { message: 'Minimum deposit' }, 'x'))).toBe(
      'Minimum deposit',
    );
    expect(depositErrorMessage(new ApiError('TIMEOUT_ERROR', null, 'x'))).toBe(
      messages.genericError,
    );
  });
});

describe('funding screen state', () => {
  const base = {
    accountName: 'Owo Checkout',
    accountNumber: '9912345678',
    bankName: 'PalmPay',
    amountToPay: 500,
    sessionId: 'sess-1',
    depositId: 'd1',
    deadline: 1_000_600_000,
  };

  it('keeps the handed-over deadline, or starts ten minutes when there is none', () => {
    expect(readFundingState(base)?.deadline).toBe(1_000_600_000);
    const { deadline: _omit, ...noDeadline } = base;
    expect(readFundingState(noDeadline, 1_000_000_000)?.deadline).toBe(1_000_600_000);
  });

  it('refuses state without an account, an amount or any id', () => {
    expect(readFundingState(null)).toBeNull();
    expect(readFundingState({ ...base, accountNumber: '' })).toBeNull();
    expect(readFundingState({ ...base, amountToPay: 0 })).toBeNull();
    expect(readFundingState({ ...base, depositId: '', sessionId: '' })).toBeNull();
    expect(readFundingState({ ...base, depositId: '' })?.sessionId).toBe('sess-1');
  });
});

describe('countdown', () => {
  it('formats m:ss and never goes below zero', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(0)).toBe('0:00');
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});
