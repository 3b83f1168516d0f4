import { describe, expect, it } from 'vitest';
import type { ProfitsReply, RevenueReply } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { bankTransferLine, profitCards, revenueCards, revenueTotal } from './dashboard-figures';
import { compactNaira, niceTicks, seriesLabel } from './chart-format';
import { periodRange } from './period-range';

const window = {
  period: 'monthly' as const,
  from: '2026-10-31T23:00:00.000Z',
  to: '2026-11-30T23:00:00.000Z',
};

function revenue(): RevenueReply['data'] {
  return {
    ...window,
    total: 1000.3,
    breakdown: {
      bank_transfer: 200.1,
      electricity: 300,
      airtime: 100,
      data: 250.2,
      deposit: 150,
      tvSubscription: 0,
      betting: 0,
    },
    reversed: 0,
    series: [],
  };
}

const labels = (cards: { key: string }[]) => cards.map((c) => c.key);
const none = { deposits: undefined, dataSales: undefined };

describe('revenue cards', () => {
  it('Total is the revenue without bank transfers, to the kobo', () => {
    expect(revenueTotal(revenue())).toBe(800.2);
  });

  it('monthly, weekly and yearly show every card', () => {
    for (const period of ['monthly', 'weekly', 'yearly'] as const) {
      expect(labels(revenueCards(period, revenue(), none))).toEqual([
        'total',
        'electricity',
        'airtime',
        'data',
        'deposit',
        'tv',
      ]);
    }
  });

  it('the Deposit card says what it counts; bank-transfer deposits have their own line', () => {
    const monthly = revenueCards('monthly', revenue(), none).find((c) => c.key === 'deposit');
    expect(monthly).toMatchObject({ label: 'Deposit (permanent accounts)', value: 150 });
    // ₦200.10 came in by checkout: it shows, and its note says Total and Deposit leave it out.
    for (const period of ['monthly', 'weekly', 'yearly', 'daily'] as const) {
      expect(bankTransferLine(period, revenue())).toEqual({
        key: 'bank-transfer',
        label: 'Bank-transfer deposits',
        value: 200.1,
        note: adminMessages.revenueBankTransferNote,
      });
    }
    expect(bankTransferLine('yesterday', revenue()).note).toBe(
      adminMessages.revenueBankTransferNoteYesterday,
    );
  });

  it('daily hides Deposit', () => {
    expect(labels(revenueCards('daily', revenue(), none))).toEqual([
      'total',
      'electricity',
      'airtime',
      'data',
      'tv',
    ]);
  });

  it('yesterday swaps TVSubscription for Data Sales and adds bank transfers to Deposit', () => {
    const cards = revenueCards('yesterday', revenue(), {
      deposits: { deposits: { totalAmount: 0.1 }, bank_transfer: { totalAmount: 0.2 } },
      dataSales: { previous: { totalSales: 450.5 } },
    });
    expect(labels(cards)).toEqual([
      'total',
      'electricity',
      'airtime',
      'data',
      'deposit',
      'data-sales',
    ]);
    expect(cards.find((c) => c.key === 'deposit')?.value).toBe(0.3);
    expect(cards.find((c) => c.key === 'data-sales')?.value).toBe(450.5);
  });

  it('yesterday cards wait for their own calls', () => {
    const cards = revenueCards('yesterday', revenue(), none);
    expect(cards.find((c) => c.key === 'deposit')?.value).toBeUndefined();
    expect(cards.find((c) => c.key === 'data-sales')?.value).toBeUndefined();
  });
});

describe('profit cards', () => {
  const profits = (
    airtime: number,
    data: number,
    tv: number,
    more: { electricity?: number; betting?: number; airtimeToCash?: number } = {},
  ): ProfitsReply['data'] => {
    const kobo = [airtime, data, tv, ...Object.values(more)].reduce(
      (sum, n) => sum + Math.round(n * 100),
      0,
    );
    return {
      ...window,
      totalProfit: kobo / 100,
      breakdown: {
        airtime: { profit: airtime },
        data: { profit: data },
        tvSubscription: { profit: tv },
        electricity: { profit: more.electricity ?? 0 },
        betting: { profit: more.betting ?? 0 },
        airtimeToCash: { profit: more.airtimeToCash ?? 0 },
      },
      byTier: [],
    };
  };

  it('always shows Total, and a service only when it earned something', () => {
    expect(labels(profitCards(profits(0, 0, 0)))).toEqual(['total']);
    expect(labels(profitCards(profits(3, 0, 7)))).toEqual(['total', 'airtime', 'tv']);
    expect(labels(profitCards(profits(3, 5, 7)))).toEqual(['total', 'airtime', 'data', 'tv']);
  });

  it('shows every contributor, the electricity discount and airtime-to-cash margin too', () => {
    const reply = profits(12.3, 5, 0, { electricity: -2.5, betting: 0, airtimeToCash: 800 });
    const cards = profitCards(reply);
    expect(labels(cards)).toEqual(['total', 'airtime', 'data', 'electricity', 'airtime-to-cash']);
    const [total, ...lines] = cards;
    // The lines add up to the Total, to the kobo.
    expect(lines.reduce((sum, c) => sum + Math.round((c.value ?? 0) * 100), 0)).toBe(
      Math.round(total!.value! * 100),
    );
    expect(total!.value).toBe(814.8);
  });
});

describe('chart and period texts', () => {
  it('writes short axis amounts', () => {
    expect(compactNaira(0)).toBe('₦0');
    expect(compactNaira(950)).toBe('₦950');
    expect(compactNaira(1250)).toBe('₦1.3k');
    expect(compactNaira(25_000)).toBe('₦25k');
    expect(compactNaira(3_400_000)).toBe('₦3.4M');
  });

  it('writes day and month labels', () => {
    expect(seriesLabel('2026-11-05')).toBe('5 Nov');
    expect(seriesLabel('2026-02')).toBe('Feb');
    expect(seriesLabel('Week 3')).toBe('Week 3');
  });

  it('writes a period in Lagos dates', () => {
    expect(periodRange(window)).toBe('1 Nov – 30 Nov 2026');
    expect(periodRange({ from: '2026-11-20T23:00:00.000Z', to: '2026-11-21T23:00:00.000Z' })).toBe(
      '21 Nov 2026',
    );
    expect(periodRange({ from: '2025-12-29T23:00:00.000Z', to: '2026-01-04T23:00:00.000Z' })).toBe(
      '30 Dec 2025 – 4 Jan 2026',
    );
  });
});

describe('chart axis', () => {
  it('steps in round amounts that cover the peak', () => {
    expect(niceTicks(0)).toEqual([0]);
    expect(niceTicks(363)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(4637)).toEqual([0, 1500, 3000, 4500, 6000]);
    expect(niceTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(120_000)).toEqual([0, 30_000, 60_000, 90_000, 120_000]);
    expect(niceTicks(50)).toEqual([0, 15, 30, 45, 60]);
  });
});
