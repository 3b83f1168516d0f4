import { describe, expect, it } from 'vitest';
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { ageText, lastAnswerOf, rawText, supplierName } from './decision-format';

type Order = NonNullable<AdminTransactionDto['order']>;

const order = (lastAnswer: unknown, lastDescription = 'Awaiting the supplier'): Order => ({
  state: 'pending',
  supplier: 'vtpass',
  supplierReference: null,
  costPrice: 490,
  attempts: 3,
  lastDescription,
  lastAnswer,
  needsDecision: true,
  decision: { why: 'No final answer', check: 'Check the dashboard' },
});

const now = Date.parse('2026-11-24T12:00:00Z');
const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();

describe('ageText', () => {
  it('counts hours under two days and days with hours after', () => {
    expect(ageText(hoursAgo(25.5), now)).toBe('25 h');
    expect(ageText(hoursAgo(47), now)).toBe('47 h');
    expect(ageText(hoursAgo(48), now)).toBe('2 d');
    expect(ageText(hoursAgo(75), now)).toBe('3 d 3 h');
  });

  it('writes a dash for a date it cannot read or one in the future', () => {
    expect(ageText('not a date', now)).toBe('—');
    expect(ageText(hoursAgo(-2), now)).toBe('—');
  });
});

describe('supplierName', () => {
  it('names known suppliers and keeps an unknown id as it is', () => {
    expect(supplierName('safehaven')).toBe('Safe Haven');
    expect(supplierName('newco')).toBe('newco');
  });
});

describe('lastAnswerOf', () => {
  it('reads the stored answer', () => {
    const raw = { code: '099', content: { transactions: { status: 'pending' } } };
    expect(
      lastAnswerOf(
        order({
          at: '2026-11-23T10:00:00.000Z',
          status: 'pending',
          description: 'Processing',
          raw,
        }),
      ),
    ).toEqual({
      at: '2026-11-23T10:00:00.000Z',
      status: 'pending',
      description: 'Processing',
      raw,
    });
  });

  it('has nothing to show for an order without an answer', () => {
    expect(lastAnswerOf(order(null))).toBeNull();
    expect(lastAnswerOf(order('text'))).toBeNull();
  });

  it('falls back to the last description and drops an unknown status', () => {
    expect(lastAnswerOf(order({ status: 'weird' }, 'Timed out'))).toEqual({
      at: null,
      status: null,
      description: 'Timed out',
      raw: null,
    });
  });
});

describe('rawText', () => {
  it('indents JSON and keeps a string reply as it came', () => {
    expect(rawText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(rawText('<html>502</html>')).toBe('<html>502</html>');
    expect(rawText(undefined)).toBe('null');
  });
});
