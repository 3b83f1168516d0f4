import { describe, expect, it } from 'vitest';
import type { SupplierReply } from '../http';
import { parseVariations } from './client';
import { vtpassOutcome } from './outcome';

const ID = '202611211000abcdefabcdef';
const json = (body: unknown, status = 200): SupplierReply => ({
  kind: 'reply',
  status,
  json: body,
  text: JSON.stringify(body),
});
const tx = (status: string, extra: Record<string, unknown> = {}) =>
  json({
    code: '000',
    content: { transactions: { status, transactionId: '17' } },
    requestId: ID,
    ...extra,
  });

describe('vtpassOutcome', () => {
  it.each([
    ['delivered', 'delivered'],
    ['reversed', 'failed'],
    ['initiated', 'pending'],
    ['pending', 'pending'],
    ['something-new', 'pending'],
  ])('000 with transaction status %s → %s', (status, expected) => {
    expect(vtpassOutcome(tx(status), 'pay', ID).status).toBe(expected);
  });

  it.each(['016', '091', '010', '011', '012', '013', '017', '019', '020', '030', '031', '032'])(
    '%s on pay: VTpass refused, not charged (failed, no alert)',
    (code) => {
      const outcome = vtpassOutcome(json({ code }), 'pay', ID);
      expect(outcome.status).toBe('failed');
      expect(outcome).not.toHaveProperty('alert');
    },
  );

  it.each(['000', '001'])(
    '%s with transaction status "failed" (not in VTpass\'s status table) is pending with an alert, on pay and requery',
    (code) => {
      for (const phase of ['pay', 'requery'] as const) {
        const outcome = vtpassOutcome(tx('failed', { code }), phase, ID);
        expect(outcome).toMatchObject({
          status: 'pending',
          providerReference: '17',
          alert: expect.stringMatching(/does not document/),
        });
      }
    },
  );

  it('087 (defined by no public VTpass page) is pending with an alert on pay, plain pending on requery', () => {
    expect(vtpassOutcome(json({ code: '087' }), 'pay', ID)).toMatchObject({
      status: 'pending',
      alert: expect.stringMatching(/VTPASS_API_KEY/),
    });
    expect(vtpassOutcome(json({ code: '087' }), 'requery', ID)).not.toHaveProperty('alert');
  });

  it.each(['018', '021', '022', '023', '024', '027', '028', '034', '035', '085'])(
    '%s on pay: our VTpass account or set-up (failed with an operator alert)',
    (code) => {
      expect(vtpassOutcome(json({ code }), 'pay', ID)).toMatchObject({
        status: 'failed',
        description: expect.stringMatching(new RegExp(`^VTpass ${code}`)),
        alert: expect.stringMatching(/VTpass/),
      });
    },
  );

  it('040 is a documented reversal to our wallet: failed, on pay and on requery', () => {
    for (const phase of ['pay', 'requery'] as const) {
      expect(vtpassOutcome(json({ code: '040' }), phase, ID)).toMatchObject({
        status: 'failed',
        description: expect.stringMatching(/^VTpass 040.*reversed/),
      });
    }
  });

  it.each(['099', '089', '014', '044', '083', '025', '077', undefined])('%s is pending', (code) => {
    expect(vtpassOutcome(json({ code }), 'pay', ID).status).toBe('pending');
  });

  it.each(['011', '018', '027', '087', '085', '010', '030'])(
    '%s on a requery is about the requery call, not the order: pending',
    (code) => {
      expect(vtpassOutcome(json({ code }), 'requery', ID).status).toBe('pending');
    },
  );

  it('fails 015 only on a requery', () => {
    expect(vtpassOutcome(json({ code: '015' }), 'pay', ID).status).toBe('pending');
    expect(vtpassOutcome(json({ code: '015' }), 'requery', ID)).toMatchObject({
      status: 'failed',
      description: expect.stringMatching(/never recorded/),
    });
  });

  it('keeps 5xx, non-JSON, no reply and another request id pending', () => {
    expect(vtpassOutcome(json({ code: '016' }, 502), 'pay', ID).status).toBe('pending');
    const html: SupplierReply = { kind: 'reply', status: 200, json: undefined, text: '<html>' };
    expect(vtpassOutcome(html, 'pay', ID).status).toBe('pending');
    const lost: SupplierReply = { kind: 'no-reply', timedOut: true, reason: 'no answer' };
    expect(vtpassOutcome(lost, 'requery', ID).status).toBe('pending');
    expect(vtpassOutcome(tx('delivered', { requestId: 'other' }), 'pay', ID).status).toBe(
      'pending',
    );
  });

  it('reads a numeric code, the token field and Units when purchased_code is empty', () => {
    const outcome = vtpassOutcome(
      json({
        code: 0,
        content: { transactions: { status: 'delivered', transactionId: 99 } },
        purchased_code: '',
        token: 'TOKEN: 1234 5678 9012 3456 7890',
        Units: 12.5,
      }),
      'requery',
      ID,
    );
    expect(outcome).toMatchObject({
      status: 'delivered',
      providerReference: '99',
      token: '1234-5678-9012-3456-7890',
      units: '12.5',
    });
  });
});

describe('parseVariations', () => {
  it('accepts both spellings and amounts as numbers or strings, exactly', () => {
    const entries = [
      { variation_code: 'a', name: 'A', variation_amount: 1000, fixedPrice: 'Yes' },
      { variation_code: 'b', name: 'B', variation_amount: '1,000.50', fixedPrice: 'No' },
      { variation_code: 'c', name: 'C', variation_amount: 99.99, fixedPrice: true },
      { variation_code: 'd', name: 'D', variation_amount: '0.1' },
      { variation_code: 'bad', name: 'Bad', variation_amount: 'free' },
    ];
    const expected = [
      { variationCode: 'a', name: 'A', amountKobo: 100_000, fixedPrice: true },
      { variationCode: 'b', name: 'B', amountKobo: 100_050, fixedPrice: false },
      { variationCode: 'c', name: 'C', amountKobo: 9_999, fixedPrice: true },
      { variationCode: 'd', name: 'D', amountKobo: 10, fixedPrice: false },
    ];
    expect(parseVariations({ variations: entries })).toEqual(expected);
    expect(parseVariations({ varations: entries })).toEqual(expected);
    expect(parseVariations({})).toEqual([]);
  });
});
