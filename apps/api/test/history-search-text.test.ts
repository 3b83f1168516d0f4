import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, customer, type TestApp } from './harness';
import {
  transactionsRepository,
  type NewTransaction,
} from '../src/modules/transactions/repository';

/**
 * The history search reads one stored column (search_text, generated from the searched fields)
 * instead of each field: these are the rules that rewrite could break, on rows written straight
 * into the table so each case holds exactly the text it is about.
 */

let t: TestApp;
let user: Awaited<ReturnType<typeof customer>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await customer(t);
});
afterAll(async () => {
  await t?.close();
});

async function row(values: Partial<NewTransaction>) {
  return transactionsRepository.insert(t.deps.database.db, {
    userId: user.id,
    type: 'debit',
    serviceType: 'airtime',
    amountKobo: 10_000,
    status: 'success',
    reference: `SEARCH-${randomUUID()}`,
    description: '',
    ...values,
  });
}

/** The history row's write when an order settles (owo_order_settle): status and metadata. */
async function settle(id: string, extra: Record<string, unknown>) {
  await t.deps.database.db.execute(sql`
    update transactions
       set status = 'success', metadata = metadata || ${JSON.stringify(extra)}::jsonb,
           updated_at = now()
     where id = ${id}::uuid`);
}

async function found(text: string): Promise<string[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/transactions?limit=100&search=${encodeURIComponent(text)}`,
    token: user.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { transactions: { _id: string }[]; pagination: { total: number } };
  // The count and the page read the same condition.
  expect(body.pagination.total, text).toBe(body.transactions.length);
  return body.transactions.map((x) => x._id).sort();
}

describe('history search over the stored search text', () => {
  it('finds a number written into the metadata after the row, and not the number it replaced', async () => {
    const pending = await row({ status: 'pending', description: 'Ikeja Electric Prepaid' });
    expect(await found('45000000071')).toEqual([]);

    await transactionsRepository.mergeMetadata(t.deps.database.db, pending.id, {
      meter_number: '45000000071',
    });
    expect(await found('45000000071')).toEqual([pending.id]);

    await settle(pending.id, { meter_number: '45000000072', phone: '08055550123' });
    expect(await found('45000000071')).toEqual([]);
    expect(await found('45000000072')).toEqual([pending.id]);
    expect(await found('5550123')).toEqual([pending.id]);
  });

  it('ignores case on both sides: stored text and search text', async () => {
    const dstv = await row({ serviceType: 'cable', description: 'DStv Compact Plus' });
    for (const text of ['dstv compact', 'DSTV COMPACT', 'dStV cOmPaCt PlUs', 'CABLE']) {
      expect(await found(text), text).toContain(dstv.id);
    }
  });

  it('matches %, _ and \\ literally, not as wildcards', async () => {
    const percent = await row({ description: 'Promo 50% off_bundle' });
    const backslash = await row({ description: 'path a\\b' });
    const plain = await row({ description: 'Promo 500 offXbundle' });

    expect(await found('%')).toEqual([percent.id]);
    expect(await found('50%')).toEqual([percent.id]);
    expect(await found('off_bundle')).toEqual([percent.id]);
    expect(await found('_')).toEqual([percent.id]);
    expect(await found('\\')).toEqual([backslash.id]);
    expect(await found('a\\b')).toEqual([backslash.id]);
    // "5_0" would match "500" if _ were the one-character wildcard.
    expect(await found('5_0')).toEqual([]);
    expect(await found('promo')).toEqual([percent.id, plain.id].sort());
  });

  it('never matches across two fields, even with the separator between them in the text', async () => {
    const glo = await row({
      type: 'debit',
      serviceType: 'data',
      description: 'GLO Data 2GB',
      reference: 'SEARCH-ACROSS-1',
    });
    expect(await found('data')).toContain(glo.id);
    // type then service, description then reference: joined in the stored text, never in a field.
    for (const text of [
      'debitdata',
      'debit data',
      '2gbsearch',
      'debit\u001fdata',
      'gb\u001fsearch',
    ]) {
      expect(await found(text), JSON.stringify(text)).toEqual([]);
    }
  });

  it('still finds a field that itself holds the separator character', async () => {
    const odd = await row({ description: 'left\u001fright' });
    expect(await found('t\u001fr')).toEqual([odd.id]);
    expect(await found('left')).toEqual([odd.id]);
  });

  it("finds another customer's rows for neither kind of search", async () => {
    const other = await customer(t);
    const theirs = await transactionsRepository.insert(t.deps.database.db, {
      userId: other.id,
      type: 'debit',
      serviceType: 'airtime',
      amountKobo: 10_000,
      status: 'success',
      reference: `SEARCH-${randomUUID()}`,
      description: 'only\u001ftheirs',
      metadata: { phone: '08099990000' },
    });
    expect(theirs.userId).toBe(other.id);
    expect(await found('08099990000')).toEqual([]);
    expect(await found('only\u001ftheirs')).toEqual([]);
  });
});
