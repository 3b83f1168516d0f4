import { describe, expect, it } from 'vitest';
import { csvLine, encodeCell, headerLine, integer, lagosTime, money, text } from './csv';
import { attachment, exportFileName } from './file-names';

describe('CSV cells', () => {
  it('quotes commas, quotes, line breaks and edge spaces; doubles quotes', () => {
    expect(encodeCell(text('plain'))).toBe('plain');
    expect(encodeCell(text('a,b'))).toBe('"a,b"');
    expect(encodeCell(text('say "hi"'))).toBe('"say ""hi"""');
    expect(encodeCell(text('two\nlines'))).toBe('"two\nlines"');
    expect(encodeCell(text('cr\rhere'))).toBe('"cr\rhere"');
    expect(encodeCell(text(' padded'))).toBe('" padded"');
    expect(encodeCell(text(''))).toBe('');
    expect(encodeCell(text(null))).toBe('');
  });

  it('defuses text starting with = + - @ tab or CR (then quotes if needed)', () => {
    expect(encodeCell(text('=1+1'))).toBe("'=1+1");
    expect(encodeCell(text('+2348030000000'))).toBe("'+2348030000000");
    expect(encodeCell(text('-5'))).toBe("'-5");
    expect(encodeCell(text('@SUM(A1)'))).toBe("'@SUM(A1)");
    expect(encodeCell(text('\t=cmd'))).toBe("'\t=cmd");
    expect(encodeCell(text('=HYPERLINK("x","y")'))).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(encodeCell(text('a=b'))).toBe('a=b');
  });

  it('writes kobo as naira with two decimals, negative too, never defused', () => {
    expect(encodeCell(money(0))).toBe('0.00');
    expect(encodeCell(money(5))).toBe('0.05');
    expect(encodeCell(money(123456789))).toBe('1234567.89');
    expect(encodeCell(money(-150))).toBe('-1.50');
    expect(encodeCell(money(-5))).toBe('-0.05');
    expect(encodeCell(money(null))).toBe('');
    expect(() => money(1.5)).toThrow();
    expect(encodeCell(integer(60))).toBe('60');
  });

  it('prints Lagos wall time (UTC+1)', () => {
    expect(encodeCell(lagosTime(new Date('2026-10-31T23:30:05.999Z')))).toBe('2026-11-01 00:30:05');
    expect(encodeCell(lagosTime(null))).toBe('');
  });

  it('ends lines with CRLF', () => {
    expect(headerLine(['A', 'B'])).toBe('A,B\r\n');
    expect(csvLine([text('x'), money(100)])).toBe('x,1.00\r\n');
  });
});

describe('export file names', () => {
  it('name the filters, and only filename-safe ASCII', () => {
    expect(exportFileName('transactions', { status: 'all' })).toBe('owo-transactions-all.csv');
    expect(exportFileName('transactions', { status: 'failed', period: [2026, 3, undefined] })).toBe(
      'owo-transactions-failed-2026-03.csv',
    );
    expect(exportFileName('betting', { search: 'Ada "Obi"/..\\x' })).toBe(
      'owo-betting-search-Ada-Obi-..-x.csv',
    );
    expect(exportFileName('airtime-to-cash', { status: 'COMPLETED', search: 'Chídí' })).toBe(
      'owo-airtime-to-cash-completed-search-Ch-d.csv',
    );
    expect(exportFileName('betting', { search: '"""' })).toBe('owo-betting-all.csv');
    expect(attachment('owo-betting-all.csv')).toBe('attachment; filename="owo-betting-all.csv"');
  });
});
