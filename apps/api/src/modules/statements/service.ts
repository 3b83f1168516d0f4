import { z } from 'zod';
import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { lagosMonthWindow } from '../transactions/history-service';
import { csvLine, headerLine, integer, money, text, type Cell } from '../exports/csv';
import { lagosDateAndTime } from './csv';
import { statementRepository, type StatementCursor, type StatementLine } from './repository';

/** Rows read per query: a month of any size streams out without being held in memory. */
export const STATEMENT_PAGE_ROWS = 500;

export const statementQuery = z.object({
  month: z
    .string({ error: 'month is required (YYYY-MM, e.g. 2026-11).' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must read YYYY-MM, e.g. 2026-11.'),
});

export interface Statement {
  filename: string;
  /** The CSV, a few lines at a time. */
  chunks: AsyncGenerator<string>;
}

const COLUMNS = [
  'Date',
  'Time',
  'Reference',
  'Description',
  'Details',
  'Status',
  'Amount',
  'Debit',
  'Credit',
  'Balance',
];

/** Every cell goes through the shared CSV encoder: people's text is defused against formulas. */
const line = (...cells: Cell[]) => csvLine(cells);

const STATUS_LABEL = { success: 'Successful', pending: 'Pending', failed: 'Failed' } as const;

/** What a row was for: the number recharged, the meter, the card or the other person. */
function detailsOf(meta: Record<string, unknown>): string {
  const pick = (...keys: string[]) =>
    keys.map((k) => meta[k]).find((v): v is string => typeof v === 'string' && v !== '');
  return (
    pick('phone', 'mobile_number', 'meter_number', 'smart_card_number', 'customerId') ??
    pick('counterpartyEmail') ??
    ''
  );
}

/**
 * A customer's statement of one Lagos calendar month (decision 0034): their history rows of the
 * month with what each did to the wallet, between an opening and a closing balance taken from the
 * ledger. CSV, streamed page by page.
 */
export function createStatementService({ database, clock, config }: AppDeps) {
  return {
    async open(userId: string, month: string): Promise<Statement> {
      const [year, monthNumber] = month.split('-').map(Number) as [number, number];
      const lagosNow = new Date(clock.now().getTime() + LAGOS_OFFSET_MS);
      const current = lagosNow.getUTCFullYear() * 12 + lagosNow.getUTCMonth();
      if (year < 2000) throw new AppError('VALIDATION_FAILED', { message: 'month is too early.' });
      if (year * 12 + monthNumber - 1 > current) {
        throw new AppError('VALIDATION_FAILED', { message: 'month has not begun yet.' });
      }
      const found = await statementRepository.holder(database.db, userId);
      if (!found?.walletId) throw new AppError('NOT_FOUND');
      const holder = found;
      const walletId = found.walletId;
      const { from, to } = lagosMonthWindow(year, monthNumber);
      const slug = config.appName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'owo';

      async function* chunks(): AsyncGenerator<string> {
        const opening = await statementRepository.balanceBefore(database.db, walletId, from);
        const lastDay = lagosDateAndTime(new Date(to.getTime() - 1)).date;
        const generated = lagosDateAndTime(clock.now());
        // A byte-order mark: Excel reads the file as UTF-8 only with it (names, "₦" in notes).
        yield (
          '\uFEFF' +
          line(text(`${config.appName} statement of account`)) +
          line(text('Account holder'), text(holder.name || holder.email)) +
          line(text('Email'), text(holder.email)) +
          line(text('Period'), text(`${lagosDateAndTime(from).date} to ${lastDay}`)) +
          line(text('Time zone'), text('Africa/Lagos')) +
          line(text('Generated'), text(`${generated.date} ${generated.time}`)) +
          line(text('Currency'), text('NGN')) +
          line(text('Opening balance'), money(opening)) +
          '\r\n' +
          headerLine(COLUMNS)
        );

        let balance = opening;
        let debits = 0;
        let credits = 0;
        let count = 0;
        let after: StatementCursor | null = null;
        for (;;) {
          const page: StatementLine[] = await statementRepository.page(database.db, {
            userId,
            walletId,
            from,
            to,
            after,
            limit: STATEMENT_PAGE_ROWS,
          });
          let out = '';
          for (const row of page) {
            const delta = row.walletDeltaKobo;
            balance += delta;
            if (delta < 0) debits -= delta;
            else credits += delta;
            count += 1;
            const when = lagosDateAndTime(row.createdAt);
            out += line(
              text(when.date),
              text(when.time),
              text(row.reference),
              text(row.description || row.serviceType),
              text(detailsOf(row.metadata)),
              text(STATUS_LABEL[row.status]),
              money(row.amountKobo),
              money(delta < 0 ? -delta : null),
              money(delta > 0 ? delta : null),
              money(balance),
            );
          }
          if (out) yield out;
          const last = page[page.length - 1];
          if (!last || page.length < STATEMENT_PAGE_ROWS) break;
          after = last.cursor;
        }
        yield (
          '\r\n' +
          line(text('Transactions'), integer(count)) +
          line(text('Total debits'), money(debits)) +
          line(text('Total credits'), money(credits)) +
          line(text('Closing balance'), money(balance))
        );
      }

      return { filename: `${slug}-statement-${month}.csv`, chunks: chunks() };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
