import { Readable } from 'node:stream';

/** Where a page ended: the last row's created_at (as the database prints it) and id. */
export interface Cursor {
  at: string;
  id: string;
}

/** Rows fetched per query: big enough to amortise a round trip, small enough to hold at once. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * Streams a CSV from keyset pages (newest first, by created_at then id): the header, then one
 * chunk per page. A page is read only when the consumer (the HTTP response, slowed by the
 * socket) wants more, so memory holds about two pages however many rows there are; no query is
 * left open between pages, which also suits PGlite's single connection. If the client goes away
 * the stream is destroyed and the generator stops before its next query.
 */
export function csvStream<Row extends { cursorAt: string; id: string }>(options: {
  header: string;
  fetchPage: (after: Cursor | undefined, limit: number) => Promise<Row[]>;
  line: (row: Row) => string;
  pageSize?: number;
}): Readable {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  async function* chunks() {
    // A byte-order mark first: Excel then reads the file as UTF-8 (names with accents).
    yield `\uFEFF${options.header}`;
    let after: Cursor | undefined;
    for (;;) {
      const rows = await options.fetchPage(after, pageSize);
      if (rows.length > 0) yield rows.map(options.line).join('');
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { at: last.cursorAt, id: last.id };
    }
  }
  // One chunk buffered ahead: the next page is fetched while the previous one is being sent.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}
