import { describe, expect, it } from 'vitest';
import { notificationMatches } from './notification-match';

/** PalmPay's documented Create Order reply: 10000 asked, 8800 charged. */
const documented = {
  at: '2026-11-28T06:00:00.000Z',
  status: 'pending',
  description: 'PalmPay create: processing',
  raw: {
    respCode: '00000000',
    respMsg: 'success',
    data: { outOrderNo: 'P86iMr6AGr2Mzx84QnNP3HC636pFcA10', orderNo: 'y421t3k8000', amount: 8800 },
  },
};

describe('notificationMatches', () => {
  it('matches the charge PalmPay answered, not our selling price', () => {
    const order = { costKobo: 10_000, lastAnswer: documented };
    expect(notificationMatches(order, 8_800)).toBe(true);
    expect(notificationMatches(order, 10_000)).toBe(false);
    expect(notificationMatches(order, 8_801)).toBe(false);
  });

  it('without a PalmPay reply on the order: any charge above zero up to the face value', () => {
    for (const lastAnswer of [null, { raw: { error: 'timed out' } }, { raw: { data: {} } }]) {
      const order = { costKobo: 10_000, lastAnswer };
      expect(notificationMatches(order, 8_800)).toBe(true);
      expect(notificationMatches(order, 10_000)).toBe(true);
      expect(notificationMatches(order, 10_001)).toBe(false);
      expect(notificationMatches(order, 0)).toBe(false);
    }
  });
});
