/**
 * The DataStation simulator: a Django REST framework VTU platform as SOURCES.md describes it.
 * Token auth; GET api/user/ and api/network/; purchases at api/data/, api/topup/, api/cablesub/
 * and api/billpayment/ (201 with the order); per kind, the order list GET <path> (paginated,
 * newest first) and one order GET <path><id>. Replies are shaped by fixtures/ (sim-replies.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DataStationKind } from '../types';
import { integer, isObject, type JsonObject } from '../wire';
import { scenarioFor } from '../sandbox/magic';
import {
  abandon,
  dropConnection,
  holdOpen,
  sendHtml500,
  sendMalformed,
  statusAt,
  type SimulatorOptions,
} from '../sandbox/sim-kit';
import { KIND_PATHS } from './outcome';
import { networkReply, orderReply, userReply, type SimOrder } from './sim-replies';
import { acceptPurchase, type Accepted } from './sim-accept';
import insufficientBalance from './fixtures/error-400-insufficient-balance.json';
import invalidToken from './fixtures/error-401-invalid-token.json';
import noCredentials from './fixtures/error-401-no-credentials.json';
import { SimWallet } from '../sandbox/sim-wallet';

export interface DataStationSimulatorOptions extends SimulatorOptions {
  apiKey: string;
  /** Our wallet at the simulated DataStation (kobo); default ₦5,000,000. */
  openingBalanceKobo?: number;
  /** Our DataStation wallet; the sandbox's control call sets it. */
  wallet?: SimWallet;
}

/** DRF PageNumberPagination's page size on the order lists (DataStation's own is unknown). */
export const SIM_PAGE_SIZE = 20;
const IDENT_MAX_CHARS = 100;
const KINDS = Object.keys(KIND_PATHS) as DataStationKind[];

export const dataStationSimulator: FastifyPluginAsync<DataStationSimulatorOptions> = async (
  app,
  options,
) => {
  const { apiKey, now, holdMs } = options;
  const orders: SimOrder[] = [];
  const wallet = options.wallet ?? new SimWallet(options.openingBalanceKobo);
  let nextId = 48_213;
  let generatedIdents = 0;

  // Django REST framework's TokenAuthentication: "Authorization: Token <key>".
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === `Token ${apiKey}`) return;
    return reply
      .code(401)
      .header('www-authenticate', 'Token')
      .send(header ? invalidToken : noCredentials);
  });

  app.get('/api/user/', async () => userReply(wallet.balanceKobo));
  app.get('/api/network/', async () => networkReply());

  for (const kind of KINDS) {
    const path = `/${KIND_PATHS[kind]}`;

    app.post(path, async (request, reply) => {
      const accepted = acceptPurchase(kind, bodyOf(request));
      if ('error' in accepted) return reply.code(400).send(accepted.error);
      return purchase(request, reply, accepted);
    });

    app.get(path, async (request, reply) => {
      const page = integer(queryOf(request).page ?? '1') ?? 0;
      const mine = orders.filter((o) => o.kind === kind).reverse();
      const pages = Math.max(1, Math.ceil(mine.length / SIM_PAGE_SIZE));
      if (page < 1 || page > pages) return reply.code(404).send({ detail: 'Invalid page.' });
      const self = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
      const link = (n: number) =>
        n < 1 || n > pages ? null : n === 1 ? self : `${self}?page=${n}`;
      return {
        count: mine.length,
        next: link(page + 1),
        previous: link(page - 1),
        results: mine
          .slice((page - 1) * SIM_PAGE_SIZE, page * SIM_PAGE_SIZE)
          .map((o) => orderReply(o, now())),
      };
    });

    // One order by DataStation's id; an id it does not hold is a bare 404.
    app.get(`${path}:id`, async (request, reply) => {
      const id = integer((request.params as { id?: string }).id);
      const order = orders.find((o) => o.kind === kind && o.id === id);
      if (!order) return reply.code(404).send();
      return orderReply(order, now());
    });
  }

  async function purchase(request: FastifyRequest, reply: FastifyReply, accepted: Accepted) {
    const ident = identOf(accepted.ident);
    if (ident === undefined) {
      return reply
        .code(400)
        .send({ ident: [`Ensure this field has no more than ${IDENT_MAX_CHARS} characters.`] });
    }
    if (!wallet.covers(accepted.amountKobo)) return reply.code(400).send(insufficientBalance);
    const scenario = scenarioFor(accepted.value);
    if (scenario === 'noReply') return dropConnection(request, reply);

    const order: SimOrder = {
      id: nextId++,
      ident,
      kind: accepted.kind,
      scenario,
      createdAtMs: now(),
      amountKobo: accepted.amountKobo,
      balanceBeforeKobo: wallet.balanceKobo,
      fields: accepted.fields,
      prepaid: accepted.prepaid,
    };
    orders.push(order);
    if (statusAt(scenario, order.createdAtMs, order.createdAtMs) !== 'failed') {
      wallet.debit(order.amountKobo);
    }

    switch (scenario) {
      case 'http500':
        return sendHtml500(reply);
      case 'malformed':
        return sendMalformed(reply, `{"id":${order.id},"ident":"${order.ident}","Status":"succ`);
      case 'timeout': {
        if (!(await holdOpen(request, holdMs))) return abandon(reply);
        return reply.code(201).send(orderReply(order, now()));
      }
      default:
        return reply.code(201).send(orderReply(order, now()));
    }
  }

  /** Our ident as sent, or one the platform makes up when none was sent. */
  function identOf(sent: unknown): string | undefined {
    if (sent === undefined || sent === null || sent === '') {
      generatedIdents += 1;
      return `DS${now()}${generatedIdents}`;
    }
    const ident = String(sent);
    return ident.length <= IDENT_MAX_CHARS ? ident : undefined;
  }
};

function bodyOf(request: FastifyRequest): JsonObject {
  return isObject(request.body) ? request.body : {};
}

function queryOf(request: FastifyRequest): JsonObject {
  return isObject(request.query) ? request.query : {};
}
