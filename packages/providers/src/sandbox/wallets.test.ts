import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFEHAVEN_CATEGORY_IDS } from '../safehaven/catalogue';
import { makeVtpassRequestId } from '../vtpass/request-id';
import type { PurchaseOutcome } from '../types';
import { SIM_WALLET_SUPPLIERS, type SimWalletSupplier } from './sim-wallet';
import { startTestSandbox, type TestSandbox } from './test-support';
import { WALLET_CONTROL_PREFIX } from './wallet-control';

/**
 * Our wallet at each simulated supplier: the documented balance call reads it, every order served
 * draws on it, the control call sets it, and an order it cannot cover gets the supplier's own
 * documented insufficient-balance refusal (failed, with an operator alert to fund the wallet).
 */
const PHONE = '08031234567';
let t: TestSandbox;
let sequence = 0;

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t?.close());

const ref = () => `wal${Date.now()}${(sequence += 1)}`;

/** Each supplier's balance call, in kobo, through its real adapter. */
async function balance(supplier: SimWalletSupplier): Promise<number | null> {
  const p = t.providers;
  switch (supplier) {
    case 'vtpass':
      return p.vtpass.balance();
    case 'datastation':
      return p.datastation.balance();
    case 'ogdams':
      return (await p.ogdams.balance()).mainBalanceKobo;
    case 'palmpay':
      return (await p.palmpay.balance()).availableKobo;
    case 'safehaven':
      return (await p.safehaven.balance()).balanceKobo;
  }
}

/** One ₦200 order that the simulator delivers (an ordinary number). */
function buy(supplier: SimWalletSupplier): Promise<PurchaseOutcome> {
  const p = t.providers;
  const amountKobo = 200_00;
  switch (supplier) {
    case 'vtpass':
      return p.vtpass.pay({
        requestId: makeVtpassRequestId(new Date(t.now()), String((sequence += 1))),
        serviceID: 'mtn',
        amountKobo,
        phone: PHONE,
      });
    case 'datastation':
      return p.datastation.topup({
        reference: ref(),
        networkId: 1,
        phone: PHONE,
        amountKobo,
        ported: true,
      });
    case 'ogdams':
      return p.ogdams.vendAirtime({ reference: ref(), networkId: 1, amountKobo, phone: PHONE });
    case 'palmpay':
      return p.palmpay.createBillOrder({
        outOrderNo: ref(),
        sceneCode: 'betting',
        amountKobo,
        notifyUrl: 'http://127.0.0.1:9/api/webhooks/palmpay',
        billerId: 'BET9JA',
        itemId: 'BET9JA_TOPUP',
        rechargeAccount: '12345',
      });
    case 'safehaven':
      return p.safehaven.pay('airtime', {
        reference: ref(),
        serviceCategoryId: SAFEHAVEN_CATEGORY_IDS.airtime.MTN,
        amountKobo,
        phoneNumber: PHONE,
      });
  }
}

async function setWallet(supplier: string, body: unknown) {
  const origin = new URL(t.sandbox.baseUrls.vtpass).origin;
  return fetch(`${origin}${WALLET_CONTROL_PREFIX}/${supplier}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('simulated supplier wallets', () => {
  it.each(SIM_WALLET_SUPPLIERS)(
    '%s: drained by its orders, refuses when short',
    async (supplier) => {
      expect((await setWallet(supplier, { balanceKobo: 300_00 })).status).toBe(200);
      expect(await balance(supplier)).toBe(300_00);

      expect((await buy(supplier)).status).toBe('delivered');
      // What the supplier charged us for ₦200 of airtime (DataStation sells below face value).
      const left = (await balance(supplier))!;
      expect(left).toBeLessThan(300_00);
      expect(left).toBeGreaterThanOrEqual(100_00);

      const refused = await buy(supplier);
      expect(refused.status).toBe('failed');
      expect(refused).toMatchObject({ alert: expect.stringMatching(/\S/) });
      expect(await balance(supplier)).toBe(left);

      await setWallet(supplier, { balanceKobo: 5_000_000_00 });
    },
  );

  it('the control call reads every wallet and refuses what is not a balance', async () => {
    const origin = new URL(t.sandbox.baseUrls.vtpass).origin;
    const all = (await (await fetch(`${origin}${WALLET_CONTROL_PREFIX}`)).json()) as {
      balancesKobo: Record<string, number>;
    };
    expect(Object.keys(all.balancesKobo).sort()).toEqual([...SIM_WALLET_SUPPLIERS].sort());
    expect((await setWallet('nobody', { balanceKobo: 1 })).status).toBe(404);
    expect((await setWallet('vtpass', { balanceKobo: -1 })).status).toBe(400);
    expect((await setWallet('vtpass', { balanceKobo: 1.5 })).status).toBe(400);
    expect((await setWallet('vtpass', {})).status).toBe(400);
  });
});
