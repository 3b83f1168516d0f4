/**
 * Which revenue and profit cards the dashboard shows, and their figures (spec 02 §2). Kept free
 * of React so the rules are tested on their own (dashboard-figures.test.ts).
 */
import type {
  PreviousDataSalesReply,
  PreviousDepositsReply,
  ProfitsReply,
  RevenueReply,
} from '@owo/shared/api-types';
import type { AnalyticsPeriod } from '@owo/shared/constants';
import { adminMessages } from '@owo/shared/admin-messages';

export interface FigureCard {
  key: string;
  label: string;
  /** Naira; undefined while a figure it needs is still loading. */
  value: number | undefined;
}

/** Sums and differences of naira figures, done in kobo so 0.1 + 0.2 stays 0.30. */
const kobo = (naira: number) => Math.round((Number(naira) || 0) * 100);
const toNaira = (k: number) => k / 100;

/**
 * The Total card: the period's successful volume less bank_transfer (deposits paid through a
 * bank-transfer checkout), exactly the spec's "total minus bank_transfer"; the API's total keeps
 * every category so the subtraction is made here, in kobo.
 */
export function revenueTotal(revenue: RevenueReply['data']): number {
  return toNaira(kobo(revenue.total) - kobo(revenue.breakdown.bank_transfer));
}

export function revenueCards(
  period: AnalyticsPeriod,
  revenue: RevenueReply['data'],
  yesterday: {
    deposits: PreviousDepositsReply['data'] | undefined;
    dataSales: PreviousDataSalesReply['data'] | undefined;
  },
): FigureCard[] {
  const { breakdown } = revenue;
  const cards: FigureCard[] = [
    { key: 'total', label: adminMessages.revenueTotal, value: revenueTotal(revenue) },
    { key: 'electricity', label: adminMessages.revenueElectricity, value: breakdown.electricity },
    { key: 'airtime', label: adminMessages.revenueAirtime, value: breakdown.airtime },
    { key: 'data', label: adminMessages.revenueData, value: breakdown.data },
  ];
  if (period === 'yesterday') {
    // Yesterday's deposits count what came in by deposit and by bank transfer alike.
    const deposits = yesterday.deposits;
    cards.push({
      key: 'deposit',
      label: adminMessages.revenueDepositAll,
      value: deposits
        ? toNaira(kobo(deposits.deposits.totalAmount) + kobo(deposits.bank_transfer.totalAmount))
        : undefined,
    });
    cards.push({
      key: 'data-sales',
      label: adminMessages.dataSales,
      value: yesterday.dataSales?.previous.totalSales,
    });
    return cards;
  }
  if (period !== 'daily') {
    cards.push({
      key: 'deposit',
      label: adminMessages.revenueDepositPermanent,
      value: breakdown.deposit,
    });
  }
  cards.push({ key: 'tv', label: adminMessages.revenueTv, value: breakdown.tvSubscription });
  return cards;
}

/**
 * Total, then every line that contributed to it (the spec's Airtime, Data and TVSubscription, and
 * also the electricity discount, betting and the airtime-to-cash margin), each only when it is not
 * zero; so the lines always add up to the Total (decision 0032).
 */
export function profitCards(profits: ProfitsReply['data']): FigureCard[] {
  const { breakdown } = profits;
  const parts: FigureCard[] = [
    { key: 'airtime', label: adminMessages.revenueAirtime, value: breakdown.airtime?.profit },
    { key: 'data', label: adminMessages.revenueData, value: breakdown.data?.profit },
    { key: 'tv', label: adminMessages.revenueTv, value: breakdown.tvSubscription?.profit },
    {
      key: 'electricity',
      label: adminMessages.profitElectricity,
      value: breakdown.electricity?.profit,
    },
    { key: 'betting', label: adminMessages.profitBetting, value: breakdown.betting?.profit },
    {
      key: 'airtime-to-cash',
      label: adminMessages.profitAirtimeToCash,
      value: breakdown.airtimeToCash?.profit,
    },
  ];
  return [
    { key: 'total', label: adminMessages.revenueTotal, value: profits.totalProfit },
    ...parts.filter((card) => kobo(card.value ?? 0) !== 0),
  ];
}

/**
 * The deposits paid through a one-off bank-transfer checkout (the spec's bank_transfer): left out
 * of Total by the spec and of the Deposit card on every tab but Yesterday, so shown on their own
 * line with a note saying where they are counted (decision 0057).
 */
export function bankTransferLine(
  period: AnalyticsPeriod,
  revenue: RevenueReply['data'],
): FigureCard & { note: string } {
  return {
    key: 'bank-transfer',
    label: adminMessages.revenueBankTransfer,
    value: revenue.breakdown.bank_transfer,
    note:
      period === 'yesterday'
        ? adminMessages.revenueBankTransferNoteYesterday
        : adminMessages.revenueBankTransferNote,
  };
}
