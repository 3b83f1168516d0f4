import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { parseCsv } from './csv-parse';

export { parseCsv };

/** A CSV reply as the tests read it: the raw text, the header and the records by column name. */
export interface CsvFile {
  raw: string;
  contentType: string | undefined;
  fileName: string | undefined;
  header: string[];
  rows: Record<string, string>[];
}

export function readCsv(res: LightMyRequestResponse): CsvFile {
  const records = parseCsv(res.body);
  const header = records[0] ?? [];
  for (const record of records) expect(record).toHaveLength(header.length);
  const disposition = String(res.headers['content-disposition'] ?? '');
  return {
    raw: res.body,
    contentType: res.headers['content-type'] as string | undefined,
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1],
    header,
    rows: records
      .slice(1)
      .map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? '']))),
  };
}
