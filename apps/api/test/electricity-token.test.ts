import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAGIC_METERS,
  VTPASS_TOKEN_LATER_AFTER_MS,
  VTPASS_TOKEN_LATER_METER,
} from '@owo/providers/sandbox/magic';
import { tokenFor } from '@owo/providers/sandbox/sim-kit';
import type { AdminTransactionDto } from '@owo/shared/api-types';
import { adminMessages } from '@owo/shared/admin-messages';
import { VTPASS_ELECTRICITY_SERVICES } from '@owo/shared/networks';
import { holdUntilToken, needsToken } from '../src/modules/purchases/token-rule';
import { withAdminApp, type Admin } from './admin-support';
import { expectError } from './airtime-swap-support';
import { balanceKobo, customer, expectLedgerConsistent, type TestApp } from './harness';
import {
  ELECTRICITY_NAIRA,
  expectOneOutcome,
  historyRow,
  kind,
  latestDebit,
  orderRow,
  purchase,
  transferCodes,
} from './purchase-support';

/**
 * Prepaid meters and their tokens (decision 0046): every VTpass DisCo's reply shape gives the
 * customer a token; a vend the supplier confirms without one stays pending (no money moves
 * again) until the requery brings the token or an admin approves it with the token.
 */

let t: TestApp;
let admin: Admin;
const vtpassElectricity = kind('VTpass electricity');
const PRICE = ELECTRICITY_NAIRA * 100;
/** Past VTPASS_TOKEN_LATER_AFTER_MS and the reconciler's first requery. */
const LATER_MS = 10 * 60_000;

withAdminApp((app) => {
  ({ t, admin } = app);
});

type User = Awaited<ReturnType<typeof customer>>;

async function buy(user: User, meter: string, serviceID: string, variation = 'prepaid') {
  t.clock.advance(60_000);
  const res = await purchase(t, vtpassElectricity, user.token, {
    ...vtpassElectricity.body(meter, {} as never),
    serviceID,
    variation_code: variation,
  });
  const row = await latestDebit(t, user.id);
  return { res, id: row!.id };
}

const act = (id: string, payload: object) =>
  t.request({
    method: 'POST',
    url: `/api/admin/transactions/${id}/approve`,
    token: admin.token,
    payload,
  });

async function reconcile() {
  t.clock.advance(LATER_MS);
  while ((await t.services.reconciler.runOnce()).checked > 0) {
    // drain what is due now
  }
}

describe('every DisCo`s reply shape', () => {
  let user: User;
  beforeAll(async () => {
    user = await customer(t, 20_000);
  });

  it.each([...VTPASS_ELECTRICITY_SERVICES])('%s: delivered with its token', async (serviceID) => {
    const { res, id } = await buy(user, MAGIC_METERS.delivered, serviceID);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderRow(t, id);
    expect(order?.state).toBe('delivered');
    const token = tokenFor(order!.supplierRequestId);
    const metadata = (await historyRow(t, id))!.metadata as Record<string, unknown>;
    expect(metadata.token).toBe(token);
    expect(res.body).toContain(String(metadata.token));
  });

  it('a postpaid bill has no token and is delivered without one', async () => {
    const { res, id } = await buy(
      user,
      MAGIC_METERS.deliveredPostpaid,
      'abuja-electric',
      'postpaid',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(t, id))?.state).toBe('delivered');
    expect((await historyRow(t, id))!.metadata).not.toHaveProperty('token');
  });
});

describe('a vend confirmed without its token', () => {
  it('stays pending, then the requery brings the token and settles it once', async () => {
    const user = await customer(t, 2_000);
    const { res, id } = await buy(user, VTPASS_TOKEN_LATER_METER, 'ikeja-electric');
    expect(res.statusCode, res.body).toBe(202);
    expect(await orderRow(t, id)).toMatchObject({ state: 'pending' });
    expect((await orderRow(t, id))?.lastDescription).toMatch(/delivered without a token/);
    expect((await historyRow(t, id))!.metadata).not.toHaveProperty('token');
    expect(await balanceKobo(t, user.token)).toBe(200_000 - PRICE);

    await reconcile();
    const order = await orderRow(t, id);
    expect(order?.state).toBe('delivered');
    const metadata = (await historyRow(t, id))!.metadata as Record<string, unknown>;
    expect(metadata.token).toBe(tokenFor(order!.supplierRequestId));
    expect(await balanceKobo(t, user.token)).toBe(200_000 - PRICE);
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    await expectLedgerConsistent(t);
  });

  it('an admin approves it with the token; without one, or with a bad one, nothing changes', async () => {
    const user = await customer(t, 2_000);
    const { res, id } = await buy(user, VTPASS_TOKEN_LATER_METER, 'abuja-electric');
    expect(res.statusCode, res.body).toBe(202);

    expectError(await act(id, {}), 409, adminMessages.orderNeedsToken);
    for (const token of ['1234', '1234-5678-9012-3456-789X', 'x'.repeat(20), 42]) {
      expectError(await act(id, { token }), 400, adminMessages.tokenInvalid);
    }
    expect((await orderRow(t, id))?.state).toBe('pending');
    expect(await balanceKobo(t, user.token)).toBe(200_000 - PRICE);

    const approved = await act(id, { token: '1111 2222 3333 4444 5555', reason: 'from VTpass' });
    expect(approved.statusCode, approved.body).toBe(200);
    const dto = approved.json().data as AdminTransactionDto;
    expect(dto.status).toBe('success');
    expect(dto.order?.state).toBe('delivered');
    const metadata = (await historyRow(t, id))!.metadata as Record<string, unknown>;
    expect(metadata.token).toBe('1111-2222-3333-4444-5555');
    expect(await balanceKobo(t, user.token)).toBe(200_000 - PRICE);
    expectOneOutcome(await transferCodes(t, id), 'delivered');
    await expectLedgerConsistent(t);

    // Settled once: the reconciler and a second approval move nothing.
    await reconcile();
    expect((await historyRow(t, id))!.metadata).toMatchObject({
      token: '1111-2222-3333-4444-5555',
    });
    expectError(
      await act(id, { token: '1111 2222 3333 4444 5555' }),
      409,
      adminMessages.orderAlreadyActed,
    );
    expect(await balanceKobo(t, user.token)).toBe(200_000 - PRICE);
  });

  it('the supplier`s own token wins over one an admin types', async () => {
    const user = await customer(t, 2_000);
    const { id } = await buy(user, VTPASS_TOKEN_LATER_METER, 'eko-electric');
    t.clock.advance(VTPASS_TOKEN_LATER_AFTER_MS + 1_000);
    const approved = await act(id, { token: '1111 2222 3333 4444 5555' });
    expect(approved.statusCode, approved.body).toBe(200);
    const order = await orderRow(t, id);
    const metadata = (await historyRow(t, id))!.metadata as Record<string, unknown>;
    expect(metadata.token).toBe(tokenFor(order!.supplierRequestId));
  });
});

describe('the token rule', () => {
  const delivered = {
    status: 'delivered',
    description: 'ok',
    raw: {},
    providerReference: 'r',
  } as const;

  it('holds a tokenless prepaid vend of every supplier that sells meters, and nothing else', () => {
    const prepaid = [
      { kind: 'vtpass', serviceID: 'kano-electric', variationCode: 'prepaid' },
      { kind: 'datastation-bill', meterType: 'prepaid' },
      { kind: 'safehaven-pay', payKind: 'utility', vendType: 'PREPAID' },
    ];
    const others = [
      { kind: 'vtpass', serviceID: 'kano-electric', variationCode: 'postpaid' },
      { kind: 'vtpass', serviceID: 'mtn-data', variationCode: 'prepaid' },
      { kind: 'datastation-bill', meterType: 'postpaid' },
      { kind: 'safehaven-pay', payKind: 'utility', vendType: 'POSTPAID' },
      { kind: 'safehaven-pay', payKind: 'airtime' },
      { kind: 'ogdams-airtime' },
    ];
    for (const request of prepaid) {
      expect(needsToken(request), JSON.stringify(request)).toBe(true);
      expect(holdUntilToken(request, delivered)).toMatchObject({
        status: 'pending',
        awaitingToken: true,
        providerReference: 'r',
      });
      const withToken = { ...delivered, token: '1234-5678-9012-3456-7890' };
      expect(holdUntilToken(request, withToken)).toBe(withToken);
    }
    for (const request of others) {
      expect(needsToken(request), JSON.stringify(request)).toBe(false);
      expect(holdUntilToken(request, delivered)).toBe(delivered);
    }
  });
});
