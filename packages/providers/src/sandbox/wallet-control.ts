/**
 * The sandbox's control calls for the suppliers' wallets (ours at each of them): read them all,
 * or set one, so a test or a demo can drain a supplier and see its low-balance warning and its
 * documented insufficient-balance refusal. Not any supplier's API.
 */
import type { FastifyPluginAsync } from 'fastify';
import { isObject } from '../wire';
import { SIM_WALLET_SUPPLIERS, type SimWalletSupplier, type SimWallets } from './sim-wallet';

export const WALLET_CONTROL_PREFIX = '/sandbox/wallets';

/** The largest balance the control call takes (₦1,000,000,000), far above any test's need. */
const MAX_BALANCE_KOBO = 100_000_000_000;

const isSupplier = (value: string): value is SimWalletSupplier =>
  (SIM_WALLET_SUPPLIERS as readonly string[]).includes(value);

export function walletControl(wallets: SimWallets): FastifyPluginAsync {
  return async (app) => {
    const all = () =>
      Object.fromEntries(SIM_WALLET_SUPPLIERS.map((s) => [s, wallets[s].balanceKobo]));

    app.get('/', async () => ({ balancesKobo: all() }));

    // PUT /sandbox/wallets/<supplier> {"balanceKobo": 150000}
    app.put<{ Params: { supplier: string } }>('/:supplier', async (request, reply) => {
      const { supplier } = request.params;
      if (!isSupplier(supplier)) return reply.code(404).send({ error: 'unknown supplier' });
      const body = isObject(request.body) ? request.body : {};
      const kobo = body.balanceKobo;
      if (
        !Number.isSafeInteger(kobo) ||
        (kobo as number) < 0 ||
        (kobo as number) > MAX_BALANCE_KOBO
      ) {
        return reply.code(400).send({ error: 'balanceKobo: a whole number of kobo, 0 or more' });
      }
      wallets[supplier].set(kobo as number);
      return { balancesKobo: all() };
    });
  };
}
