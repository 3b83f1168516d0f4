import { describe, expect, it } from 'vitest';
import type { TransactionDto } from '@owo/shared/api-types';
import {
  formatDay,
  formatToken,
  statusLabel,
  transactionDetailRows,
  transactionStatusLabel,
  transactionTitle,
} from './transactions';

function tx(overrides: Partial<TransactionDto>): TransactionDto {
  return {
    _id: 't1',
    type: 'debit',
    serviceType: 'data',
    currency: 'NGN',
    amount: 300,
    status: 'success',
    reference: 'OWO-123',
    description: '',
    createdAt: '2026-11-21T10:30:00.000Z',
    metadata: {},
    ...overrides,
  };
}

describe('transaction titles', () => {
  it('names each kind the way the list shows it', () => {
    expect(transactionTitle(tx({ metadata: { network: 'MTN', plan: { size: '1.0GB' } } }))).toBe(
      'MTN Data 1GB',
    );
    expect(
      transactionTitle(
        tx({ metadata: { network: 'mtn-data', plan: { size: 'MTN N1000 1.5GB - 30 days' } } }),
      ),
    ).toBe('MTN Data 1.5GB');
    expect(
      transactionTitle(tx({ serviceType: 'airtime', metadata: { phone: '08031234567' } })),
    ).toBe('Airtime 08031234567');
    expect(
      transactionTitle(tx({ serviceType: 'electricity', metadata: { disco: 'Ikeja Electric' } })),
    ).toBe('Ikeja Electric');
    expect(
      transactionTitle(tx({ serviceType: 'electricity', metadata: { disco: 'eko-electric' } })),
    ).toBe('Eko Electric');
    expect(
      transactionTitle(
        tx({ serviceType: 'cable', metadata: { cablename: 'gotv', package: 'Jolli' } }),
      ),
    ).toBe('GOTV Jolli');
    expect(transactionTitle(tx({ serviceType: 'adjustment', type: 'credit' }))).toBe(
      'Wallet credit',
    );
  });
});

describe('detail rows', () => {
  it('lists the electricity details and the data plan', () => {
    const rows = transactionDetailRows(
      tx({
        serviceType: 'electricity',
        metadata: {
          disco: 'ikeja-electric',
          meter_number: '1111111111111',
          meterType: 'prepaid',
          customerName: 'Ada Okafor',
          units: '45.6 kWh',
        },
      }),
    );
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Disco', 'Ikeja Electric'],
      ['Meter type', 'Prepaid'],
      ['Meter number', '1111111111111'],
      ['Customer', 'Ada Okafor'],
      ['Units', '45.6 kWh'],
    ]);
    const data = transactionDetailRows(
      tx({
        metadata: {
          network: 'GLO',
          plan: { size: '1.0GB', validity: 'Monthly' },
          mobile_number: '08051234567',
        },
      }),
    );
    expect(data.map((r) => r.value)).toEqual(['GLO', '1GB · 1 month', '08051234567']);
  });

  it('shows the note of a credit', () => {
    expect(
      transactionDetailRows(
        tx({ serviceType: 'adjustment', type: 'credit', metadata: { note: 'e2e' } }),
      ),
    ).toEqual([{ label: 'Note', value: 'e2e' }]);
  });
});

describe('status and formats', () => {
  it('reads failed as Failed and anything else as done or pending', () => {
    expect(statusLabel('failed')).toBe('Failed');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('success')).toBe('Successful');
  });

  it('groups token digits and names days', () => {
    expect(formatToken('12345678901234567890')).toBe('1234-5678-9012-3456-7890');
    expect(formatToken('1234 5678')).toBe('1234-5678');
    const now = new Date(2026, 10, 21, 15, 0);
    expect(formatDay(new Date(2026, 10, 21, 9, 0).toISOString(), now)).toBe('Today');
    expect(formatDay(new Date(2026, 10, 20, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(formatDay(new Date(2026, 10, 3, 12, 0).toISOString(), now)).toBe('Tue, 3 Nov 2026');
  });
});

describe('cable titles', () => {
  it('does not repeat the provider when the package names it', () => {
    expect(
      transactionTitle(
        tx({ serviceType: 'cable', metadata: { cablename: 'DSTV', package: 'DStv Yanga' } }),
      ),
    ).toBe('DStv Yanga');
  });
});

// an admin's Reverse returns a delivered order's money as a credit
describe('reversal credits', () => {
  it('reads as a reversal and names the order it returned', () => {
    const credit = tx({
      type: 'credit',
      serviceType: 'reversal',
      description: 'Reversal: MTN Airtime',
      metadata: { reversalOf: '202611211200abc' },
    });
    expect(transactionTitle(credit)).toBe('Reversal');
    expect(transactionDetailRows(credit)).toEqual([
      { label: 'For', value: 'MTN Airtime' },
      { label: 'Original reference', value: '202611211200abc', copy: true },
    ]);
  });

  it('a sent transfer names its recipient on the sheet, masked; a received one its sender', () => {
    const metadata = {
      direction: 'out',
      counterpartyName: 'Tobi Adeyemi',
      counterpartyEmail: 'tobi@gmail.com',
      note: 'suya money',
    } as never;
    expect(
      transactionDetailRows(
        tx({ serviceType: 'transfer', description: 'Transfer to Tobi Adeyemi', metadata }),
      ),
    ).toEqual([
      { label: 'Recipient', value: 'Tobi A.' },
      { label: 'Recipient e-mail', value: 'to***@gmail.com' },
      { label: 'Narration', value: 'suya money' },
    ]);
    expect(
      transactionDetailRows(tx({ serviceType: 'transfer', type: 'credit', metadata })).slice(0, 2),
    ).toEqual([
      { label: 'From', value: 'Tobi A.' },
      { label: 'Sender e-mail', value: 'to***@gmail.com' },
    ]);
  });

  it('a reversed order reads Reversed, not Successful', () => {
    const metadata = { reversedAt: '2026-01-01T00:00:00Z', reversalReference: 'REV-X' };
    expect(transactionStatusLabel(tx({ metadata }))).toBe('Reversed');
    expect(transactionStatusLabel(tx({}))).toBe('Successful');
  });
});
