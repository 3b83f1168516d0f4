import { describe, expect, it } from 'vitest';
import { SWAP_STATUSES, type SwapStatus } from '@owo/shared/constants';
import {
  allowedAdminActions,
  needsPayoutReference,
  nextStatus,
  OPEN_STATUSES,
  payoutKoboFor,
  paysOut,
  type SwapAction,
} from './state-machine';

const ACTIONS: SwapAction[] = ['upload', 'cancel', 'approve', 'reject', 'complete'];

/** The whole machine, written out: [from, action, method] → to. Everything else is refused. */
const ALLOWED: [SwapStatus, SwapAction, 'wallet' | 'bank', SwapStatus][] = [
  ['PENDING_TRANSFER', 'upload', 'wallet', 'AWAITING_VERIFICATION'],
  ['PENDING_TRANSFER', 'upload', 'bank', 'AWAITING_VERIFICATION'],
  ['PENDING_TRANSFER', 'cancel', 'wallet', 'CANCELLED'],
  ['PENDING_TRANSFER', 'cancel', 'bank', 'CANCELLED'],
  ['PENDING_TRANSFER', 'reject', 'wallet', 'REJECTED'],
  ['PENDING_TRANSFER', 'reject', 'bank', 'REJECTED'],
  ['AWAITING_VERIFICATION', 'reject', 'wallet', 'REJECTED'],
  ['AWAITING_VERIFICATION', 'reject', 'bank', 'REJECTED'],
  ['PENDING_TRANSFER', 'approve', 'wallet', 'COMPLETED'],
  ['AWAITING_VERIFICATION', 'approve', 'wallet', 'COMPLETED'],
  ['PENDING_TRANSFER', 'approve', 'bank', 'PROCESSING'],
  ['AWAITING_VERIFICATION', 'approve', 'bank', 'PROCESSING'],
  ['PROCESSING', 'complete', 'bank', 'COMPLETED'],
];

describe('swap state machine', () => {
  const table = SWAP_STATUSES.flatMap((from) =>
    ACTIONS.flatMap((action) =>
      (['wallet', 'bank'] as const).map((method) => {
        const hit = ALLOWED.find(([f, a, m]) => f === from && a === action && m === method);
        return [from, action, method, hit ? hit[3] : null] as const;
      }),
    ),
  );

  it.each(table)('%s --%s (%s)--> %s', (from, action, method, to) => {
    expect(nextStatus(from, action, method)).toBe(to);
  });

  it('leaves the final statuses by no action at all', () => {
    for (const from of ['COMPLETED', 'REJECTED', 'CANCELLED'] as const) {
      for (const action of ACTIONS) {
        expect(nextStatus(from, action, 'wallet')).toBeNull();
        expect(nextStatus(from, action, 'bank')).toBeNull();
      }
    }
  });

  it('offers admins exactly the actions the machine accepts', () => {
    expect(allowedAdminActions('PENDING_TRANSFER', 'wallet')).toEqual(['approve', 'reject']);
    expect(allowedAdminActions('AWAITING_VERIFICATION', 'bank')).toEqual(['approve', 'reject']);
    expect(allowedAdminActions('PROCESSING', 'bank')).toEqual(['complete']);
    for (const status of ['COMPLETED', 'REJECTED', 'CANCELLED'] as const) {
      expect(allowedAdminActions(status, 'wallet')).toEqual([]);
      expect(allowedAdminActions(status, 'bank')).toEqual([]);
    }
  });

  it('pays out only on the way into COMPLETED', () => {
    expect(SWAP_STATUSES.filter(paysOut)).toEqual(['COMPLETED']);
  });

  it('asks for a payout reference on both steps of a bank payout only', () => {
    expect(needsPayoutReference('approve', 'bank')).toBe(true);
    expect(needsPayoutReference('complete', 'bank')).toBe(true);
    expect(needsPayoutReference('approve', 'wallet')).toBe(false);
    expect(needsPayoutReference('reject', 'bank')).toBe(false);
  });

  it('holds the same open statuses as the database index', () => {
    expect([...OPEN_STATUSES]).toEqual(['PENDING_TRANSFER', 'AWAITING_VERIFICATION', 'PROCESSING']);
  });
});

describe('payout', () => {
  it.each([
    [100, 60],
    [101, 60],
    [102, 61],
    [999, 599],
    [1000, 600],
    [12_345, 7407],
    [50_000, 30_000],
  ])('₦%i of airtime pays ₦%i (floor of 60 %% in naira)', (naira, payout) => {
    expect(payoutKoboFor(naira * 100)).toBe(payout * 100);
  });

  it('refuses amounts that are not whole naira', () => {
    expect(() => payoutKoboFor(10_050)).toThrow(RangeError);
    expect(() => payoutKoboFor(0)).toThrow(RangeError);
    expect(() => payoutKoboFor(1.5)).toThrow(RangeError);
  });
});
