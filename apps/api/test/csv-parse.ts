/** A strict CSV reader for the export tests (API and browser); no test runner imports. */

/**
 * RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks; records end
 * with CRLF. Strict on purpose: a bare quote inside an unquoted field fails the test.
 */
export function parseCsv(text: string): string[][] {
  const input = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < input.length) {
    let field = '';
    if (input[i] === '"') {
      i += 1;
      for (;;) {
        const quote = input.indexOf('"', i);
        if (quote < 0) throw new Error('unterminated quoted field');
        field += input.slice(i, quote);
        if (input[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    } else {
      const end = input.slice(i).search(/,|\r\n/);
      field = end < 0 ? input.slice(i) : input.slice(i, i + end);
      if (field.includes('"')) throw new Error(`bare quote in ${field}`);
      i = end < 0 ? input.length : i + end;
    }
    record.push(field);
    if (input.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (input[i] === ',') {
      i += 1;
    } else if (i < input.length) {
      throw new Error(`unexpected character after a field at ${i}`);
    }
  }
  if (record.length > 0) records.push(record);
  return records;
}
