import type { z } from 'zod';
import type { SwapStatus } from '@owo/shared/constants';
import type {
  adminTransactionsExportQuery,
  bettingStatsExportQuery,
} from '@owo/shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { lagosWindow } from '../admin-transactions/service';
import type { AdminListFilter } from '../admin-transactions/repository';
import { swapsRepository } from '../airtime-swap/repository';
import { csvLine, headerLine, integer, lagosTime, money, text } from './csv';
import { csvStream } from './csv-stream';
import { exportFileName } from './file-names';
import {
  exportsRepository as repo,
  type BettingExportRow,
  type SwapExportRow,
  type TransactionExportRow,
} from './repository';

const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

const TRANSACTION_COLUMNS = [
  'Date (Lagos)',
  'Reference',
  'Customer',
  'Email',
  'Phone',
  'Type',
  'Service',
  'Description',
  'Number recharged',
  'Amount (NGN)',
  'Status',
  'Order state',
  'Supplier',
  'Supplier reference',
] as const;

function transactionLine(row: TransactionExportRow): string {
  return csvLine([
    lagosTime(row.createdAt),
    text(row.reference),
    text(fullName(row)),
    text(row.email),
    text(row.phoneNumber),
    text(row.type),
    text(row.serviceType),
    text(row.description),
    text(row.number),
    money(row.amountKobo),
    text(row.status),
    text(row.orderState),
    text(row.supplier),
    text(row.supplierReference),
  ]);
}

const SWAP_COLUMNS = [
  'Date (Lagos)',
  'Reference',
  'Customer',
  'Email',
  'Phone',
  'Network',
  'Sender phone',
  'Recipient phone',
  'Airtime (NGN)',
  'Rate (%)',
  'Payout (NGN)',
  'Payment method',
  'Bank',
  'Account number',
  'Account name',
  'Wallet email',
  'Status',
  'Payout reference',
  'Verified by',
  'Verified at (Lagos)',
  'Admin note',
] as const;

function swapLine(row: SwapExportRow): string {
  const { swap } = row;
  return csvLine([
    lagosTime(swap.createdAt),
    text(swap.swapId),
    text(fullName(row)),
    text(row.email),
    text(row.phoneNumber),
    text(swap.network),
    text(swap.userPhone),
    text(swap.recipientPhone),
    money(swap.amountKobo),
    integer(swap.ratePercent),
    money(swap.expectedPayoutKobo),
    text(swap.paymentMethod),
    text(swap.bankName),
    text(swap.accountNumber),
    text(swap.accountName),
    text(swap.walletEmail),
    text(swap.status),
    text(swap.payoutReference),
    text(row.verifierEmail),
    lagosTime(swap.verifiedAt),
    text(swap.adminNote),
  ]);
}

const BETTING_COLUMNS = [
  'Date (Lagos)',
  'Reference',
  'Customer',
  'Email',
  'Platform',
  'Betting account',
  'Amount (NGN)',
  'Selling price (NGN)',
  'Cost (NGN)',
  'Profit (NGN)',
  'Status',
  'Completed (Lagos)',
] as const;

function bettingLine(row: BettingExportRow): string {
  // As on the screen: only a delivered order earned its margin.
  const profitKobo = row.status === 'success' ? row.sellingKobo - row.costKobo : 0;
  return csvLine([
    lagosTime(row.createdAt),
    text(row.reference),
    text(fullName(row)),
    text(row.email),
    text(row.billerName),
    text(row.account),
    money(row.amountKobo),
    money(row.sellingKobo),
    money(row.costKobo),
    money(profitKobo),
    text(row.status),
    lagosTime(row.resolvedAt),
  ]);
}

/**
 * CSV exports of the admin lists (decision 0031), each with the filters of its screen: streamed
 * page by page from the database, so the size of the table never reaches memory.
 */
export function createExportService({ database }: AppDeps) {
  const db = () => database.db;
  return {
    /** Validates the filters first: a bad date is a 400 before any byte is sent. */
    transactions(query: z.output<typeof adminTransactionsExportQuery>) {
      const filter: AdminListFilter = lagosWindow(query.year, query.month, query.day);
      if (query.status !== 'all') filter.status = query.status;
      if (query.search) filter.text = query.search;
      return {
        fileName: exportFileName('transactions', {
          status: query.status,
          period: [query.year, query.month, query.day],
          search: query.search,
        }),
        stream: csvStream({
          header: headerLine(TRANSACTION_COLUMNS),
          fetchPage: (after, limit) => repo.transactionsPage(db(), filter, after, limit),
          line: transactionLine,
        }),
      };
    },

    swaps(query: { status?: SwapStatus; search: string }) {
      const where = swapsRepository.adminFilter(query.status, query.search);
      return {
        fileName: exportFileName('airtime-to-cash', query),
        stream: csvStream({
          header: headerLine(SWAP_COLUMNS),
          fetchPage: (after, limit) => repo.swapsPage(db(), where, after, limit),
          line: swapLine,
        }),
      };
    },

    betting(query: z.output<typeof bettingStatsExportQuery>) {
      const filter = { status: query.status, search: query.search };
      return {
        fileName: exportFileName('betting', query),
        stream: csvStream({
          header: headerLine(BETTING_COLUMNS),
          fetchPage: (after, limit) => repo.bettingPage(db(), filter, after, limit),
          line: bettingLine,
        }),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
