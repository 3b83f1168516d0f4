import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntryDto, AuditListReply } from '@owo/shared/api-types';
import { AUDIT_PAGE_SIZE } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { auditLog } from '../src/db/schema';
import { createAdminCommands } from '../src/modules/admin-cli/commands';
import { auditRepository } from '../src/modules/audit/repository';
import { withAdminApp, type Admin } from './admin-support';
import { balanceKobo, customer, fund, signUp, type TestApp } from './harness';
import { countRows } from './purchase-support';
import {
  expectError,
  newSwap,
  pngImage,
  signInAdmin,
  upload,
  verify,
} from './airtime-swap-support';

/**
 * The audit log: every admin action writes its entry with the change (swap actions, operator
 * credits from the API and the CLI, role changes, shutdowns), and GET /api/admin/audit lists them
 * newest first, filtered by who and what, a page at a time.
 */

let t: TestApp;
let admin: Admin;

withAdminApp((app) => {
  ({ t, admin } = app);
});
beforeEach(async () => {
  await t.deps.database.db.delete(auditLog);
});

async function list(query = '', token = admin.token): Promise<AuditListReply> {
  const res = await t.request({ method: 'GET', url: `/api/admin/audit${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Each action a second later than the last, so "newest first" has one answer. */
const tick = () => t.clock.advance(1_000);

describe('who may read the audit log', () => {
  it('403 for a regular user, 401 without a token', async () => {
    const user = await customer(t);
    const res = await t.request({ method: 'GET', url: '/api/admin/audit', token: user.token });
    expectError(res, 403, messages.forbidden);
    expect((await t.request({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('a bad page is refused with 400', async () => {
    for (const page of ['0', '-1', 'two']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/admin/audit?page=${page}`,
        token: admin.token,
      });
      expect(res.statusCode, page).toBe(400);
    }
  });
});

describe('entries for the admin actions', () => {
  it('swap approve and reject record the status change, the note and the payout reference', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'bank');
    expect((await upload(t, user.token, ref, await pngImage())).statusCode).toBe(200);
    tick();
    const approved = await verify(t, admin.token, ref, {
      action: 'approve',
      payoutReference: 'GTB-778899',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // A refused transition changes nothing and records nothing.
    expect((await verify(t, admin.token, ref, { action: 'approve' })).statusCode).toBe(409);
    tick();
    const ref2 = await newSwap(t, await customer(t), 'wallet');
    expect((await verify(t, admin.token, ref2, { action: 'reject' })).statusCode).toBe(200);

    const { data } = await list();
    expect(data.map((e) => e.action)).toEqual(['swap.reject', 'swap.approve']);
    expect(data[1]).toMatchObject({
      actor: { _id: admin.id, email: admin.email },
      entity: 'swap',
      entityId: ref,
      before: { status: 'AWAITING_VERIFICATION' },
      after: { status: 'PROCESSING', payoutReference: 'GTB-778899' },
    });
    expect(data[0]).toMatchObject({
      entityId: ref2,
      before: { status: 'PENDING_TRANSFER' },
      after: { status: 'REJECTED', note: messages.swapRejectedByAdmin },
      reason: messages.swapRejectedByAdmin,
    });
  });

  it('an API credit records the requester, then the approver naming both (naira in the reply, kobo stored)', async () => {
    const user = await signUp(t);
    const checker = await signInAdmin(t);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credit`,
      token: admin.token,
      payload: { amount: 1500.5, reason: 'Refund for failed data' },
    });
    expect(res.statusCode, res.body).toBe(202);
    tick();
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/adjustments/${res.json().data._id}/approve`,
      token: checker.token,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The customer's entries (signing the second admin in wrote its own role entry).
    const data = (await list()).data.filter((e) => e.entityId === user.id);
    expect(data.map((e) => e.action)).toEqual(['wallet.credit', 'adjustment.request']);
    expect(data[1]).toMatchObject({
      actor: { _id: admin.id, email: admin.email },
      entity: 'user',
      entityId: user.id,
      after: { amount: 1500.5, direction: 'credit', requestedBy: admin.email },
      reason: 'Refund for failed data',
    });
    expect(data[0]).toMatchObject({
      actor: { _id: checker.id, email: checker.email },
      action: 'wallet.credit',
      entity: 'user',
      entityId: user.id,
      before: null,
      after: {
        amount: 1500.5,
        reason: 'Refund for failed data',
        requestedBy: admin.email,
        approvedBy: checker.email,
      },
      reason: 'Refund for failed data',
    });
    expect(data[0]!.after).not.toHaveProperty('amountKobo');
    const stored = await t.deps.database.db.select().from(auditLog);
    expect(stored.map((e) => e.after)).toContainEqual(
      expect.objectContaining({ amountKobo: 150_050, approvedBy: checker.email }),
    );
  });

  it('a refused credit records nothing', async () => {
    const user = await signUp(t);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credit`,
      token: admin.token,
      payload: { amount: 0, reason: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect((await list()).data).toEqual([]);
  });

  it('CLI credit, make-admin and create-admin are recorded as cli:<os user> with no user id', async () => {
    const commands = createAdminCommands(t.deps);
    const user = await signUp(t);
    await commands.credit(user.email, '250', 'Goodwill');
    tick();
    await commands.makeAdmin(user.email);
    tick();
    // Already an admin: nothing changes, nothing is recorded.
    await commands.makeAdmin(user.email);
    const { data } = await list();
    expect(data.map((e) => e.action)).toEqual(['user.role', 'adjustment.request']);
    for (const entry of data) {
      expect(entry.actor._id).toBeNull();
      expect(entry.actor.email).toMatch(/^cli:.+/);
    }
    expect(data[0]).toMatchObject({
      entity: 'user',
      entityId: user.id,
      before: { role: 'user' },
      after: { role: 'admin', email: user.email },
    });
    expect(data[1]).toMatchObject({
      after: { amount: 250, direction: 'credit' },
      reason: 'Goodwill',
    });
  });

  it('an admin role change records before and after; setting the same role records nothing', async () => {
    const user = await signUp(t);
    const setRole = (role: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}/role`,
        token: admin.token,
        payload: { role },
      });
    expect((await setRole('admin')).statusCode).toBe(200);
    tick();
    expect((await setRole('admin')).statusCode).toBe(200);
    expect((await setRole('user')).statusCode).toBe(200);
    const { data } = await list('?action=user.role');
    expect(data.map((e) => [e.before, e.after])).toEqual([
      [{ role: 'admin' }, { role: 'user', email: user.email }],
      [{ role: 'user' }, { role: 'admin', email: user.email }],
    ]);
    expect(data.every((e) => e.actor._id === admin.id)).toBe(true);
  });
});

describe('what an entry names', () => {
  it('a user, an order and a plan by name, not by id; an id with nothing behind it stays an id', async () => {
    const user = await signUp(t);
    const credit = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credit`,
      token: admin.token,
      payload: { amount: 100, reason: 'Goodwill' },
    });
    expect(credit.statusCode, credit.body).toBe(202);
    // A history row to name below (the request moves nothing until approved).
    await fund(t, user.id, 100);
    tick();
    const plans = await t.request({
      method: 'GET',
      url: '/api/admin/products/data-plans?network=MTN',
      token: admin.token,
    });
    const plan = (plans.json().data as { _id: string; sellingPrice: number }[])[0]!;
    const price = await t.request({
      method: 'PATCH',
      url: `/api/admin/products/data-plans/${plan._id}`,
      token: admin.token,
      payload: { sellingPrice: plan.sellingPrice + 10 },
    });
    expect(price.statusCode, price.body).toBe(200);
    tick();
    // An order's entry (Approve, Refund, Reverse) names the order by its description and reference.
    const history = await t.request({ method: 'GET', url: '/api/transactions', token: user.token });
    const order = (history.json().transactions as { _id: string; reference: string }[])[0]!;
    const actor = { id: admin.id, email: admin.email };
    await auditRepository.record(t.deps.database.db, actor, {
      action: 'order.refund',
      entity: 'transaction',
      entityId: order._id,
    });
    tick();
    await auditRepository.record(t.deps.database.db, actor, {
      action: 'order.refund',
      entity: 'transaction',
      entityId: '00000000-0000-4000-8000-000000000000',
    });

    // Found by what they acted on, not by position: the credit's entry takes the app clock, the
    // others the database's, so their order is not this test's subject.
    const { data } = await list();
    const creditEntry = data.find(
      (e) => e.action === 'adjustment.request' && e.entityId === user.id,
    );
    const planEntry = data.find((e) => e.entity === 'plan' && e.entityId === plan._id);
    const refund = data.find((e) => e.action === 'order.refund' && e.entityId === order._id);
    const gone = data.find(
      (e) => e.action === 'order.refund' && e.entityId === '00000000-0000-4000-8000-000000000000',
    );
    expect(gone, JSON.stringify(data.slice(0, 6))).toBeDefined();
    expect(creditEntry).toMatchObject({ entity: 'user', entityName: `Ada Obi (${user.email})` });
    expect(planEntry!.entityName).toMatch(/^MTN .*\S/);
    expect(planEntry!.entityName).not.toContain(plan._id);
    expect(refund!.entityName).toContain(order.reference);
    expect(gone!.entityName).toBeNull();
  });
});

describe('the list', () => {
  it('is newest first across kinds, with filters by actor (id or CLI name) and action', async () => {
    const user = await signUp(t);
    const commands = createAdminCommands(t.deps);
    await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/credit`,
      token: admin.token,
      payload: { amount: 100, reason: 'first' },
    });
    tick();
    await commands.credit(user.email, '200', 'second');
    tick();
    await t.request({
      method: 'POST',
      url: '/api/admin/system/emergency-shutdown',
      token: admin.token,
      payload: { reason: 'third', duration: 10, services: ['data'] },
    });
    tick();
    await t.request({
      method: 'POST',
      url: '/api/admin/system/emergency-restore',
      token: admin.token,
      payload: { services: ['data'] },
    });

    const all = await list();
    expect(all.data.map((e) => e.action)).toEqual([
      'system.restore',
      'system.shutdown',
      'adjustment.request',
      'adjustment.request',
    ]);
    const times = all.data.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 4 });
    const cli = all.data.find((e) => e.actor._id === null)!.actor.email;
    expect(all.filters.actions).toEqual([
      'adjustment.request',
      'system.restore',
      'system.shutdown',
    ]);
    expect(all.filters.actors).toEqual(
      expect.arrayContaining([
        { _id: admin.id, email: admin.email },
        { _id: null, email: cli },
      ]),
    );
    expect(all.filters.actors).toHaveLength(2);

    const byAdmin = await list(`?actor=${admin.id}`);
    expect(byAdmin.data.map((e) => e.reason)).toEqual(['', 'third', 'first']);
    expect(byAdmin.pagination.totalItems).toBe(3);
    const byCli = await list(`?actor=${encodeURIComponent(cli)}`);
    expect(byCli.data.map((e) => e.reason)).toEqual(['second']);
    const credits = await list('?action=adjustment.request');
    expect(credits.data.map((e) => e.reason)).toEqual(['second', 'first']);
    const adminCredits = await list(`?action=adjustment.request&actor=${admin.id}`);
    expect(adminCredits.data.map((e) => e.reason)).toEqual(['first']);
    // The filter choices stay complete whatever is filtered.
    expect(adminCredits.filters.actions).toHaveLength(3);
    expect((await list('?actor=nobody@example.com')).data).toEqual([]);
    expect((await list('?action=plan.price')).pagination).toMatchObject({
      totalItems: 0,
      totalPages: 0,
    });
  });

  it(`pages ${AUDIT_PAGE_SIZE} at a time`, async () => {
    const start = t.clock.now().getTime();
    const total = AUDIT_PAGE_SIZE * 2 + 5;
    await t.deps.database.db.transaction(async (tx) => {
      for (let i = 0; i < total; i += 1) {
        await auditRepository.record(
          tx,
          { id: admin.id, email: admin.email },
          { action: 'plan.price', entity: 'plan', entityId: `plan-${i}` },
          new Date(start + i * 1_000),
        );
      }
    });
    const ids = (entries: AuditEntryDto[]) => entries.map((e) => e.entityId);
    const first = await list('?page=1');
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 3, totalItems: total });
    expect(ids(first.data)[0]).toBe(`plan-${total - 1}`);
    expect(first.data).toHaveLength(AUDIT_PAGE_SIZE);
    const third = await list('?page=3');
    expect(ids(third.data)).toEqual(['plan-4', 'plan-3', 'plan-2', 'plan-1', 'plan-0']);
    const seen = new Set([
      ...ids(first.data),
      ...ids((await list('?page=2')).data),
      ...ids(third.data),
    ]);
    expect(seen.size).toBe(total);
    expect((await list('?page=4')).data).toEqual([]);
  });
});

describe('an entry is written with its change', () => {
  it('when the entry cannot be written, the credit rolls back with it', async () => {
    const user = await customer(t);
    // An actor id that names no user breaks the entry's foreign key, after the money moved.
    await expect(
      t.services.adjustments.credit({
        userId: user.id,
        amountKobo: 10_000,
        reason: 'orphan actor',
        actor: { id: '00000000-0000-4000-8000-000000000000', email: 'ghost@example.com' },
      }),
    ).rejects.toThrow();
    expect(await balanceKobo(t, user.token)).toBe(0);
    expect(await countRows(t, user.id)).toBe(0);
    expect((await list()).data).toEqual([]);
  });
});
