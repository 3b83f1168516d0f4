import { describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { billerInitials } from '../components/BillerLogo';
import {
  acceptTyped,
  checkPay,
  limitsHint,
  limitsOf,
  rangePlaceholder,
  successMessage,
} from './betting-amount';
import { visibleBillers } from './betting-api';

const limits = { min: 100, max: 500_000 };

describe('betting amount rules (spec §5 Betting Pay)', () => {
  it('reads PalmPay kobo limits as whole naira', () => {
    expect(limitsOf({ minAmount: 10_000, maxAmount: 50_000_000 })).toEqual(limits);
    expect(limitsOf({ minAmount: 10_050, maxAmount: 20_099 })).toEqual({ min: 101, max: 200 });
    expect(limitsOf(null)).toBeNull();
    expect(limitsOf({ minAmount: 500, maxAmount: 100 })).toBeNull();
  });

  it('shows the range and the hint', () => {
    expect(rangePlaceholder(null)).toBe('100-500,000');
    expect(rangePlaceholder({ min: 50, max: 20_000 })).toBe('50-20,000');
    expect(limitsHint(limits)).toBe('Min: ₦100 | Max: ₦500,000');
  });

  it('takes digits only and refuses typing past the maximum', () => {
    expect(acceptTyped('1a2.5', '', limits)).toEqual({ value: '125', warning: null });
    expect(acceptTyped('500001', '50000', limits)).toEqual({
      value: '50000',
      warning: 'Maximum amount is ₦500,000',
    });
    expect(acceptTyped('500000', '50000', limits)).toEqual({ value: '500000', warning: null });
    expect(acceptTyped('007', '', limits).value).toBe('7');
  });

  it('stops at 9 digits without limits', () => {
    expect(acceptTyped('12345678901', '', null)).toEqual({ value: '123456789', warning: null });
  });

  it('checks Pay in the spec order with the spec texts', () => {
    const empty = checkPay({ userId: ' ', billerId: null, itemId: null, amount: null, limits });
    expect(empty).toEqual({
      ok: false,
      problems: {
        userId: messages.bettingUserIdRequired,
        platform: messages.bettingSelectPlatform,
        amount: messages.bettingAmountRequired,
      },
    });
    const more = checkPay({ userId: 'u1', billerId: 'more', itemId: 'i', amount: 500, limits });
    expect(more).toEqual({ ok: false, problems: { platform: messages.bettingSelectPlatform } });
    const low = checkPay({ userId: 'u1', billerId: 'b', itemId: 'i', amount: 50, limits });
    expect(low).toEqual({ ok: false, problems: { amount: 'Minimum amount is ₦100' } });
    const high = checkPay({ userId: 'u1', billerId: 'b', itemId: 'i', amount: 600_000, limits });
    expect(high).toEqual({ ok: false, problems: { amount: 'Maximum amount is ₦500,000' } });
    expect(checkPay({ userId: ' u1 ', billerId: 'b', itemId: 'i', amount: 1000, limits })).toEqual({
      ok: true,
      order: { amount: 1000, billerId: 'b', itemId: 'i', rechargeAccount: 'u1' },
    });
  });

  it('words the success toast', () => {
    expect(successMessage('Bet9ja', 10_000)).toBe('Successfully funded Bet9ja with ₦10,000!');
  });
});

describe('betting platforms', () => {
  it('hides MSport and SportyBet whatever their case', () => {
    const list = ['Bet9ja', 'MSPORT', 'sportybet', 'BetKing'].map((billerName, i) => ({
      billerId: String(i),
      billerName,
      billerIcon: '',
    }));
    expect(visibleBillers(list).map((b) => b.billerName)).toEqual(['Bet9ja', 'BetKing']);
  });

  it('makes initials from the name', () => {
    expect(billerInitials('BetKing')).toBe('BK');
    expect(billerInitials('Bet9ja')).toBe('BE');
    expect(billerInitials('1xBet')).toBe('1B');
    expect(billerInitials('Naira Bet')).toBe('NB');
    expect(billerInitials('')).toBe('?');
  });
});
