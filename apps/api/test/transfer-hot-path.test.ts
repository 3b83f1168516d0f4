import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MAX_FAILURES, WALLET_LIMITS_KOBO } from '@owo/shared/constants';
import { users } from '../src/db/schema';
import { hashSecret } from '../src/lib/hashing';
import { pinRepository } from '../src/modules/pin/repository';
import {
  balanceKobo,
  createTestApp,
  customer,
  expectLedgerConsistent,
  toLagosMidMorning,
  type TestApp,
} from './harness';
import { PIN, newKey, sendTransfer, walletTransfersOf } from './transfers-support';

/**
 * The transfer as one database statement (owo_transfer, decision 0040): the daily limit, the
 * balance, both wallets' locks, the PIN count and one key hold under bursts, and the ledger audit
 * (running outflow included) passes after each.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  toLagosMidMorning(t);
});
afterAll(async () => {
  await t?.close();
});

const pay = (from: { token: string }, to: { id: string }, naira: number, pin = PIN) =>
  sendTransfer(t, from.token, { recipientIdentifier: to.id, amount: naira, transactionPin: pin });

async function runningTotal(userId: string): Promise<number> {
  const result = (await t.deps.database.db.execute(
    sql`select coalesce(sum(total_kobo), 0)::text as total from daily_outflows
        where user_id = ${userId}`,
  )) as unknown as { rows: { total: string }[] };
  return Number(result.rows[0]?.total ?? 0);
}

describe('200 transfers at once from one wallet', () => {
  it('the daily limit binds: exactly what fits it goes through, the rest is LIMIT_EXCEEDED', async () => {
    const limitKobo = WALLET_LIMITS_KOBO.unverified.dailyOut;
    // More than the limit in the wallet, so the limit is what refuses.
    const sender = await customer(t, limitKobo / 100 + 5_000);
    const recipients = await Promise.all(Array.from({ length: 4 }, () => customer(t)));
    // ₦1,000 each: the limit takes 50 of them.
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => pay(sender, recipients[i % 4]!, 1_000)),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(limitKobo / 100_000);
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().code).toBe('LIMIT_EXCEEDED');
    }
    expect(await balanceKobo(t, sender.token)).toBe(5_000_00);
    expect(await runningTotal(sender.id)).toBe(limitKobo);
    const received = await Promise.all(recipients.map((r) => balanceKobo(t, r.token)));
    expect(received.reduce((a, b) => a + b, 0)).toBe(limitKobo);
    expect(await walletTransfersOf(t, sender.id)).toHaveLength(ok.length);
    await expectLedgerConsistent(t);
  });

  it('the balance binds: exactly what the wallet holds goes through, the rest is 402', async () => {
    const sender = await customer(t, 3_700);
    const recipient = await customer(t);
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => pay(sender, recipient, 100)),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(37);
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(r.json().code, r.body).toBe('INSUFFICIENT_FUNDS');
    }
    // Every success has its own rows and reference.
    expect(new Set(ok.map((r) => r.json().data.reference)).size).toBe(37);
    expect(await balanceKobo(t, sender.token)).toBe(0);
    expect(await balanceKobo(t, recipient.token)).toBe(3_700_00);
    expect(await runningTotal(sender.id)).toBe(3_700_00);
    await expectLedgerConsistent(t);
  });
});

describe('transfers both ways at once', () => {
  it('A→B, B→A and a ring A→B→C→A in bursts: no deadlock, money conserved', async () => {
    const people = await Promise.all([customer(t, 500), customer(t, 500), customer(t, 500)]);
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const sends = [
      ...Array.from({ length: 40 }, (_, i) => pay(a, b, 10 + (i % 7))),
      ...Array.from({ length: 40 }, (_, i) => pay(b, a, 10 + (i % 5))),
      ...Array.from({ length: 20 }, (_, i) => pay(b, c, 10 + (i % 3))),
      ...Array.from({ length: 20 }, (_, i) => pay(c, a, 10 + (i % 4))),
    ];
    const replies = await Promise.all(sends);
    // Only money runs out; nothing fails for any other reason (a deadlock would be a 500).
    const codes = new Set(replies.filter((r) => r.statusCode !== 200).map((r) => r.json().code));
    expect([...codes].filter((code) => code !== 'INSUFFICIENT_FUNDS')).toEqual([]);
    const balances = await Promise.all(people.map((p) => balanceKobo(t, p.token)));
    expect(balances.reduce((x, y) => x + y, 0)).toBe(3 * 500_00);
    const moved = await Promise.all(people.map((p) => walletTransfersOf(t, p.id)));
    const ids = new Set(moved.flat().map((row) => row.id));
    expect(ids.size).toBe(replies.filter((r) => r.statusCode === 200).length);
    await expectLedgerConsistent(t);
  });
});

describe('one key sent 30 times at once', () => {
  it('moves the money once; every reply is the first reply', async () => {
    const sender = await customer(t, 1_000);
    const recipient = await customer(t);
    const key = newKey();
    const body = { recipientIdentifier: recipient.id, amount: 100, transactionPin: PIN };
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        sendTransfer(t, sender.token, body, { 'idempotency-key': key }),
      ),
    );
    for (const r of replies) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual(replies[0]!.json());
    }
    expect(await walletTransfersOf(t, sender.id)).toHaveLength(1);
    expect(await balanceKobo(t, sender.token)).toBe(90_000);
    expect(await balanceKobo(t, recipient.token)).toBe(10_000);
    await expectLedgerConsistent(t);
  });
});

describe('the PIN inside the transfer', () => {
  it('20 wrong PINs at once: 4 wrong, then locked, nothing moved', async () => {
    const sender = await customer(t, 1_000);
    const recipient = await customer(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => pay(sender, recipient, 10, '0000')),
    );
    const codes = replies.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === 'PIN_INCORRECT')).toHaveLength(PIN_MAX_FAILURES - 1);
    expect(codes.filter((c) => c === 'PIN_LOCKED')).toHaveLength(20 - (PIN_MAX_FAILURES - 1));
    expect((await pay(sender, recipient, 10)).json().code).toBe('PIN_LOCKED');
    expect(await balanceKobo(t, sender.token)).toBe(100_000);
    expect(await walletTransfersOf(t, sender.id)).toHaveLength(0);
  });

  it('a PIN stored as argon2id (before decision 0004) pays once checked and is re-stored', async () => {
    const sender = await customer(t, 1_000);
    const recipient = await customer(t);
    await pinRepository.setPin(t.deps.database.db, sender.id, await hashSecret('1357'));
    const wrong = await pay(sender, recipient, 10, '9999');
    expect(wrong.json().code).toBe('PIN_INCORRECT');
    const paid = await pay(sender, recipient, 10, '1357');
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.deps.database.db
      .select({ pinHash: users.pinHash })
      .from(users)
      .where(eq(users.id, sender.id));
    expect(row?.pinHash).toMatch(/^hmac-sha256\$/);
    expect(await balanceKobo(t, recipient.token)).toBe(1_000);
  });
});
