import { z } from 'zod';
import { LAGOS_OFFSET_MS } from '@owo/shared/constants';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { lagosMonthWindow } from '../transactions/history-service';
import { csvLine, lagosDateAndTime, nairaCell } from './csv';
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
          csvLine([`${config.appName} statement of account`]) +
          csvLine(['Account holder', holder.name || holder.email]) +
          csvLine(['Email', holder.email]) +
          csvLine(['Period', `${lagosDateAndTime(from).date} to ${lastDay}`]) +
          csvLine(['Time zone', 'Africa/Lagos']) +
          csvLine(['Generated', `${generated.date} ${generated.time}`]) +
          csvLine(['Currency', 'NGN']) +
          csvLine(['Opening balance', nairaCell(opening)]) +
          '\r\n' +
          csvLine([
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
          ])
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
          let text = '';
          for (const line of page) {
            const delta = line.walletDeltaKobo;
            balance += delta;
            if (delta < 0) debits -= delta;
            else credits += delta;
            count += 1;
            const when = lagosDateAndTime(line.createdAt);
            text += csvLine([
              when.date,
              when.time,
              line.reference,
              line.description || line.serviceType,
              detailsOf(line.metadata),
              STATUS_LABEL[line.status],
              nairaCell(line.amountKobo),
              delta < 0 ? nairaCell(-delta) : '',
              delta > 0 ? nairaCell(delta) : '',
              nairaCell(balance),
            ]);
          }
          if (text) yield text;
          const last = page[page.length - 1];
          if (!last || page.length < STATEMENT_PAGE_ROWS) break;
          after = last.cursor;
        }
        yield (
          '\r\n' +
          csvLine(['Transactions', String(count)]) +
          csvLine(['Total debits', nairaCell(debits)]) +
          csvLine(['Total credits', nairaCell(credits)]) +
          csvLine(['Closing balance', nairaCell(balance)])
        );
      }

      return { filename: `${slug}-statement-${month}.csv`, chunks: chunks() };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
