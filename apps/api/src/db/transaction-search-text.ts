import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The columns of a transactions row that the history search reads. */
interface SearchedColumns {
  type: AnyPgColumn;
  serviceType: AnyPgColumn;
  description: AnyPgColumn;
  reference: AnyPgColumn;
  metadata: AnyPgColumn;
}

/**
 * The title a row shows where no stored text holds it ("Wallet funding" for a deposit); mirrors
 * transactionTitle in apps/web/src/lib/transactions.ts so a search finds what the customer reads.
 * The stored search_text column is generated from it: a change here is a schema change (drizzle-kit
 * generate writes the migration that recomputes the column).
 */
function shownTitleOf(t: SearchedColumns): SQL {
  return sql`case lower(regexp_replace(${t.serviceType}, '[^a-zA-Z]', '', 'g'))
  when 'deposit' then case when ${t.type} = 'credit' then 'Wallet funding' else 'Deposit' end
  when 'transfer' then case when ${t.type} = 'credit' then 'Transfer received' else 'Transfer sent' end
  when 'betting' then 'Betting top-up'
  when 'airtimetocash' then 'Airtime to Cash'
  when 'airtimeswap' then 'Airtime to Cash'
  when 'adjustment' then case when ${t.type} = 'credit' then 'Wallet credit' else 'Wallet debit' end
  when 'reversal' then 'Reversal'
  else '' end`;
}

/**
 * Every text the history search matches, each on its own: type, service, description, reference,
 * the shown title and the numbers a purchase was for.
 */
export function searchedTexts(t: SearchedColumns): SQL[] {
  return [
    sql`${t.type}`,
    sql`${t.serviceType}`,
    sql`${t.description}`,
    sql`${t.reference}`,
    shownTitleOf(t),
    sql`${t.metadata}->>'phone'`,
    sql`${t.metadata}->>'mobile_number'`,
    sql`${t.metadata}->>'meter_number'`,
    sql`${t.metadata}->>'smart_card_number'`,
  ];
}

/**
 * What a text never contains, between the fields of search_text, so a pattern without it cannot
 * match across two fields. A pattern with it takes the per-field search instead (the repository).
 */
export const SEARCH_TEXT_SEPARATOR = '\u001f';

/**
 * The stored search_text: the searched texts lower-cased and joined by the separator, a missing
 * metadata number as ''. `search_text LIKE lower(pattern)` then matches exactly the rows where one
 * of the texts ILIKEs the pattern (PostgreSQL's ILIKE on UTF-8 is LIKE over lower() of both sides).
 * Only immutable functions, as a generated column requires (concat_ws is not).
 */
export function searchTextOf(t: SearchedColumns): SQL {
  const parts = searchedTexts(t).map((text) => sql`coalesce(${text}, '')`);
  return sql`lower(${sql.join(parts, sql` || chr(31) || `)})`;
}
