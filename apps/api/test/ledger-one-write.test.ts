import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client';
import { LedgerError, type Transfer } from '../src/ledger/ledger';
import { ledgerRepository } from '../src/ledger/repository';
import { transactionsRepository } from '../src/modules/transactions/repository';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  type TestApp,
} from './harness';
import { countRows } from './purchase-support';

/**
 * The TypeScript callers (deposits, adjustments, swaps, reversals) move money through the same
 * database function as the purchases and transfers (decision 0075): its refusals reach them as
 * LedgerErrors, the caller's business row rolls back with them, and no TypeScript writes a
 * balance.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A history row and its transfers in one transaction, as every caller writes them. */
async function move(userId: string, transfers: (row: string) => Transfer[]) {
  const reference = `LEDGER-${randomUUID()}`;
  await t.deps.database.db.transaction(async (tx: Tx) => {
    const row = await transactionsRepository.insert(tx, {
      userId,
      type: 'credit',
      serviceType: 'adjustment',
      amountKobo: 100,
      status: 'success',
      reference,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await t.services.ledger.apply(tx, transfers(row.id));
  });
}

async function refusal(promise: Promise<unknown>): Promise<LedgerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return error as LedgerError;
}

describe('ledger.apply, through owo_ledger_apply', () => {
  it('moves the balances and writes one transfer per movement', async () => {
    const user = await customer(t, 10);
    const wallet = (await ledgerRepository.walletOf(t.deps.database.db, user.id))!;
    const adjustments = await t.services.ledger.account('adjustments');
    await move(user.id, (row) => [
      {
        debitAccountId: adjustments,
        creditAccountId: wallet.id,
        amountKobo: 250,
        code: 'operator_credit',
        transactionId: row,
      },
      {
        debitAccountId: wallet.id,
        creditAccountId: adjustments,
        amountKobo: 50,
        code: 'operator_debit',
        transactionId: row,
      },
    ]);
    expect(await balanceKobo(t, user.token)).toBe(10_00 + 200);
    const [counted] = (
      (await t.deps.database.db.execute(
        sql`select count(*)::int as n from ledger_transfers where debit_account_id = ${wallet.id}::uuid or credit_account_id = ${wallet.id}::uuid`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    // The customer's funding, and the two movements above.
    expect(counted?.n).toBe(3);
    await expectLedgerConsistent(t);
  });

  it('a debit past the balance is refused as insufficient_funds naming the wallet, and its history row rolls back', async () => {
    const user = await customer(t, 1);
    const wallet = (await ledgerRepository.walletOf(t.deps.database.db, user.id))!;
    const adjustments = await t.services.ledger.account('adjustments');
    const error = await refusal(
      move(user.id, (row) => [
        {
          debitAccountId: wallet.id,
          creditAccountId: adjustments,
          amountKobo: 1_01,
          code: 'operator_debit',
          transactionId: row,
        },
      ]),
    );
    expect(error.code).toBe('insufficient_funds');
    expect(error.accountId).toBe(wallet.id);
    expect(await balanceKobo(t, user.token)).toBe(1_00);
    expect(await countRows(t, user.id)).toBe(1);
  });

  it('no amount, or one account on both sides, is refused as invalid_transfer', async () => {
    const user = await customer(t, 1);
    const wallet = (await ledgerRepository.walletOf(t.deps.database.db, user.id))!;
    const adjustments = await t.services.ledger.account('adjustments');
    for (const transfer of [
      { debitAccountId: adjustments, creditAccountId: wallet.id, amountKobo: 0 },
      { debitAccountId: adjustments, creditAccountId: wallet.id, amountKobo: -5 },
      { debitAccountId: wallet.id, creditAccountId: wallet.id, amountKobo: 5 },
    ]) {
      const error = await refusal(
        move(user.id, (row) => [{ ...transfer, code: 'operator_credit', transactionId: row }]),
      );
      expect(error.code).toBe('invalid_transfer');
    }
    expect(await countRows(t, user.id)).toBe(1);
  });

  it('an id that is no account is refused as unknown_account', async () => {
    const user = await customer(t, 1);
    const adjustments = await t.services.ledger.account('adjustments');
    const error = await refusal(
      move(user.id, (row) => [
        {
          debitAccountId: adjustments,
          creditAccountId: randomUUID(),
          amountKobo: 5,
          code: 'operator_credit',
          transactionId: row,
        },
      ]),
    );
    expect(error.code).toBe('unknown_account');
    expect(await countRows(t, user.id)).toBe(1);
  });
});

describe('one ledger write', () => {
  // Opening a wallet (a new account at zero) is not a movement: only updates and transfers count.
  it('no TypeScript in the API writes a balance or a ledger transfer: only owo_ledger_apply does', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? walk(full) : full.endsWith('.ts') ? [full] : [];
      });
    })(src).filter((f) => !f.endsWith('.test.ts'));
    const writers = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return (
        /\.update\(\s*ledgerAccounts\b|\.insert\(\s*ledgerTransfers\b/.test(text) ||
        /(update\s+ledger_accounts|insert\s+into\s+ledger_transfers)/i.test(text)
      );
    });
    expect(writers.map((f) => path.relative(src, f))).toEqual([]);
  });
});
