import { describe, expect, it } from 'vitest';
import type { TransactionDto } from '@owo/shared/api-types';
import { receiptContent, SANDBOX_RECEIPT_MARK } from './receipt-content';

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

const labels = (t: TransactionDto) => receiptContent(t, 'Owo').lines.map((l) => l.label);
const value = (t: TransactionDto, label: string) =>
  receiptContent(t, 'Owo').lines.find((l) => l.label === label)?.value;

describe('receipt content', () => {
  it('prints the brand, the unsigned amount, what was bought, reference, status, date and time', () => {
    const data = tx({
      amount: 1234.5,
      metadata: {
        network: 'MTN',
        phone: '08031234567',
        plan: { size: '1.0GB', validity: '30 days' },
      },
    });
    const r = receiptContent(data, 'Owo');
    expect(r.brand).toBe('Owo');
    expect(r.heading).toBe('Transaction receipt');
    expect(r.amount).toBe('₦1,234.50');
    expect(r.title).toBe('MTN Data 1GB');
    expect(r.status).toEqual({ label: 'Successful', tone: 'success' });
    expect(r.token).toBeUndefined();
    expect(r.lines.map((l) => l.label)).toEqual([
      'Network',
      'Plan',
      'Phone',
      'Reference',
      'Status',
      'Date',
      'Time',
    ]);
    expect(value(data, 'Phone')).toBe('08031234567');
    expect(r.lines.find((l) => l.label === 'Reference')).toEqual({
      label: 'Reference',
      value: 'OWO-123',
      mono: true,
    });
    expect(value(data, 'Date')).toMatch(/^\d{1,2} Nov 2026$/);
    expect(value(data, 'Time')).toMatch(/^\d{2}:\d{2}$/);
    expect(r.fileName).toBe('owo-receipt-OWO-123.png');
    expect(r.footer).toBe('Thank you for using Owo.');
  });

  it('airtime: network and the number recharged', () => {
    const airtime = tx({
      serviceType: 'airtime',
      amount: 200,
      metadata: { network: '1', mobile_number: '08021234567' },
    });
    expect(receiptContent(airtime, 'Owo').title).toBe('Airtime 08021234567');
    expect(labels(airtime).slice(0, 2)).toEqual(['Network', 'Phone']);
    expect(value(airtime, 'Network')).toBe('MTN');
  });

  it('electricity: the token in groups of four, the meter, the customer and the units', () => {
    const power = tx({
      serviceType: 'electricity',
      amount: 5000,
      metadata: {
        disco: 'ikeja-electric',
        meterType: 'prepaid',
        meter_number: '45012345678',
        customerName: 'ADA OBI',
        units: '79.4 kWh',
        token: '12345678901234567890',
      },
    });
    const r = receiptContent(power, 'Owo');
    expect(r.token).toBe('1234-5678-9012-3456-7890');
    expect(r.title).toBe('Ikeja Electric');
    expect(labels(power).slice(0, 5)).toEqual([
      'Disco',
      'Meter type',
      'Meter number',
      'Customer',
      'Units',
    ]);
    expect(value(power, 'Meter number')).toBe('45012345678');
  });

  it('only electricity prints a token', () => {
    const cable = tx({
      serviceType: 'cable',
      metadata: {
        cablename: 'GOTV',
        package: 'Jolli',
        smart_card_number: '7012345678',
        token: 'x',
      },
    });
    const r = receiptContent(cable, 'Owo');
    expect(r.token).toBeUndefined();
    expect(r.title).toBe('GOTV Jolli');
    expect(labels(cable).slice(0, 3)).toEqual(['Provider', 'Package', 'Card number']);
    expect(value(cable, 'Card number')).toBe('7012345678');
  });

  it('transfers name the other side: the recipient when sent, the sender when received', () => {
    const meta = {
      direction: 'out',
      counterpartyName: 'Bola Ade',
      counterpartyEmail: 'bola@example.com',
      note: 'rent for June',
    };
    const sent = tx({ serviceType: 'transfer', amount: 250.5, metadata: meta as never });
    expect(receiptContent(sent, 'Owo').title).toBe('Transfer sent');
    // Masked as banks do (decision 0056): a forwarded receipt does not print who in full.
    expect(labels(sent).slice(0, 3)).toEqual(['Recipient', 'Recipient e-mail', 'Narration']);
    expect(value(sent, 'Recipient')).toBe('Bola A.');
    expect(value(sent, 'Recipient e-mail')).toBe('bo***@example.com');
    expect(value(sent, 'Narration')).toBe('rent for June');
    expect(JSON.stringify(receiptContent(sent, 'Owo'))).not.toContain('bola@example.com');

    const received = tx({
      serviceType: 'transfer',
      type: 'credit',
      metadata: { ...meta, direction: 'in', note: '' } as never,
    });
    const r = receiptContent(received, 'Owo');
    expect(r.heading).toBe('Money received');
    expect(r.title).toBe('Transfer received');
    expect(labels(received).slice(0, 2)).toEqual(['From', 'Sender e-mail']);
    expect(value(received, 'From')).toBe('Bola A.');
    expect(labels(received)).not.toContain('Narration');

    // An account without a name is named by its masked e-mail alone.
    const nameless = tx({
      serviceType: 'transfer',
      metadata: { ...meta, counterpartyName: 'bola@example.com' } as never,
    });
    expect(labels(nameless).slice(0, 2)).toEqual(['Recipient', 'Narration']);
    expect(value(nameless, 'Recipient')).toBe('bo***@example.com');
  });

  it('a reversed order reads Reversed and names its refund', () => {
    const order = tx({
      serviceType: 'airtime',
      metadata: {
        network: 'MTN',
        phone: '08031234567',
        reversedAt: '2026-01-02T10:00:00.000Z',
        reversalReference: 'REV-ABC-1',
      } as never,
    });
    const r = receiptContent(order, 'Owo');
    expect(r.status).toEqual({ label: 'Reversed', tone: 'pending' });
    expect(value(order, 'Status')).toBe('Reversed');
    expect(value(order, 'Refund reference')).toBe('REV-ABC-1');
    // A failed row is never "Reversed", whatever its metadata.
    expect(receiptContent({ ...order, status: 'failed' }, 'Owo').status.label).toBe('Failed');
  });

  it('a sandbox receipt carries the sandbox mark; a live one does not', () => {
    expect(receiptContent(tx({}), 'Owo', { sandbox: true }).sandboxMark).toBe(SANDBOX_RECEIPT_MARK);
    expect(receiptContent(tx({}), 'Owo').sandboxMark).toBeUndefined();
  });

  it('betting: the platform and the user id', () => {
    const bet = tx({
      serviceType: 'betting',
      amount: 1000,
      metadata: { billerName: 'Bet9ja', rechargeAccount: '1234567' } as never,
    });
    expect(labels(bet).slice(0, 2)).toEqual(['Platform', 'User ID']);
    expect(value(bet, 'User ID')).toBe('1234567');
  });

  it('pending and failed receipts say so', () => {
    expect(receiptContent(tx({ status: 'pending' }), 'Owo').status).toEqual({
      label: 'Pending',
      tone: 'pending',
    });
    const failed = receiptContent(tx({ status: 'failed' }), 'Owo');
    expect(failed.status).toEqual({ label: 'Failed', tone: 'failed' });
    expect(failed.lines.find((l) => l.label === 'Status')).toEqual({
      label: 'Status',
      value: 'Failed',
      tone: 'failed',
    });
  });

  it('keeps file names safe whatever the reference holds', () => {
    expect(receiptContent(tx({ reference: 'TRF/../a b' }), 'My App').fileName).toBe(
      'my-app-receipt-TRF-a-b.png',
    );
  });
});
