import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-csv';

describe('fileNameOf', () => {
  it("takes the server's name from Content-Disposition, else ours", () => {
    expect(fileNameOf('attachment; filename="owo-betting-failed.csv"', 'x.csv')).toBe(
      'owo-betting-failed.csv',
    );
    expect(fileNameOf('attachment', 'owo-transactions.csv')).toBe('owo-transactions.csv');
    expect(fileNameOf(null, 'owo-transactions.csv')).toBe('owo-transactions.csv');
  });
});
