/**
 * The PalmPay simulator: PalmPay's open API (betting billers and bill orders, virtual accounts,
 * bank-transfer checkout, merchant balance) with its request signatures checked, its respCode
 * envelope and its signed notifications posted back to the merchant. Every reply is built from a
 * fixture file (sim-replies.ts); the bill desk (sim-bills.ts) and the deposit desk
 * (sim-deposits.ts) hold the orders in memory.
 *
 * `createPalmPaySimulator` answers two plugins: the API (register under /palmpay) and the sandbox's
 * control call `POST simulate-transfer` (register under /sandbox/palmpay), which plays a customer's
 * bank transfer into a virtual account or a checkout account. docs/sandbox.md describes both.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { KeyObject } from 'node:crypto';
import { integer, isObject, nonEmpty, type JsonObject } from '../wire';
import type { SimulatorOptions } from '../sandbox/sim-kit';
import { SIM_BETTING_BILLERS, billerIconSvg } from './billers';
import {
  createWebhookSender,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  type NotifyTarget,
  type WebhookSender,
} from './notifier';
import { PALMPAY_COUNTRY, PALMPAY_PATHS } from './protocol';
import { loadPrivateKey, loadPublicKey, signParams, verifyParams } from './signing';
import { createSimBillDesk, type SimDeskContext } from './sim-bills';
import { SimWallet } from '../sandbox/sim-wallet';
import { createSimDepositDesk } from './sim-deposits';
import { refusal, replies, withoutBlankSign } from './sim-replies';

export interface PalmPaySimulatorKeys {
  appId: string;
  merchantPublicKey: string;
  platformPrivateKey: string;
}

export interface PalmPaySimulatorOptions extends SimulatorOptions {
  keys: PalmPaySimulatorKeys;
  /** How often (real ms) the ticker looks for bill orders the clock has settled. Default 500. */
  tickMs?: number;
  /** Delays (real ms) between webhook retries. Default DEFAULT_WEBHOOK_RETRY_DELAYS_MS. */
  webhookRetryDelaysMs?: readonly number[];
  /** The merchant's configured URL for virtual-account notifications. */
  notifyUrl?: NotifyTarget;
  /** Our merchant balance; the sandbox's control call sets it. */
  wallet?: SimWallet;
}

export interface PalmPaySimulator {
  /** PalmPay's API; register under the sandbox's PalmPay prefix. */
  api: FastifyPluginAsync;
  /** The sandbox's control calls; register under /sandbox/palmpay. */
  control: FastifyPluginAsync;
  sender: WebhookSender;
  /** Stops the ticker and every pending webhook retry. */
  stop(): void;
}

export const DEFAULT_PALMPAY_TICK_MS = 500;

export function createPalmPaySimulator(options: PalmPaySimulatorOptions): PalmPaySimulator {
  const { keys, now, holdMs } = options;
  const merchantKey: KeyObject = loadPublicKey(keys.merchantPublicKey);
  const platformKey: KeyObject = loadPrivateKey(keys.platformPrivateKey);
  const sender = createWebhookSender(
    options.webhookRetryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  );

  let sequence = 0;

  /** PalmPay order numbers: a kind letter pair, the clock and a sequence. */
  function newOrderNo(kind: string): string {
    sequence += 1;
    return `${kind}${now()}${String(sequence).padStart(6, '0')}`;
  }

  /** A notification body with PalmPay's signature, URL-encoded as PalmPay sends it. */
  function signed(body: JsonObject): JsonObject {
    const unsigned = withoutBlankSign(body);
    return { ...unsigned, sign: encodeURIComponent(signParams(unsigned, platformKey)) };
  }

  const wallet = options.wallet ?? new SimWallet();
  const ctx: SimDeskContext = {
    now,
    holdMs,
    appId: keys.appId,
    sender,
    signed,
    newOrderNo,
    wallet,
  };
  const bills = createSimBillDesk(ctx, options.tickMs ?? DEFAULT_PALMPAY_TICK_MS);
  const deposits = createSimDepositDesk({ ...ctx, sequence: () => sequence }, options.notifyUrl);

  // ------------------------------------------------------------------ requests and auth

  /** The signed-request checks PalmPay's gateway makes before any route runs. */
  async function checkRequest(request: FastifyRequest, reply: FastifyReply) {
    const body = isObject(request.body) ? request.body : undefined;
    const signature = request.headers.signature;
    const bearer = request.headers.authorization;
    if (
      !body ||
      bearer !== `Bearer ${keys.appId}` ||
      typeof signature !== 'string' ||
      !verifyParams(body, signature, merchantKey)
    ) {
      return reply.send(refusal('signError'));
    }
    const country = request.headers.countrycode;
    if (
      country !== PALMPAY_COUNTRY ||
      integer(body.requestTime) === undefined ||
      !nonEmpty(body.nonceStr) ||
      !nonEmpty(body.version)
    ) {
      return reply.send(refusal('missingParameter'));
    }
  }

  const api: FastifyPluginAsync = async (app) => {
    const iconPath = `${app.prefix}/icons`;
    const iconUrl = (request: FastifyRequest, file: string) =>
      `${request.protocol}://${request.host}${iconPath}/${file}`;

    app.setNotFoundHandler((_request, reply) => reply.code(404).send(refusal('noSuchPath')));

    // Icons are plain files on PalmPay's CDN: no signature, and a removed one is a bare 404.
    app.get<{ Params: { file: string } }>('/icons/:file', async (request, reply) => {
      const biller = SIM_BETTING_BILLERS.find(
        (b) => b.icon !== 'missing' && b.icon.file === request.params.file,
      );
      if (!biller || biller.icon === 'missing') {
        return reply.code(404).type('text/plain').send('Not Found');
      }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(billerIconSvg(biller.icon));
    });

    await app.register(async (signedApi: FastifyInstance) => {
      signedApi.addHook('preHandler', checkRequest);

      bills.routes(signedApi, iconUrl);
      deposits.routes(signedApi);

      signedApi.post(`/${PALMPAY_PATHS.merchantBalance}`, async (request) => {
        const body = request.body as JsonObject;
        if (!nonEmpty(body.merchantId)) return refusal('missingParameter');
        // The documented reply's three balances; nothing is frozen or unsettled in the sandbox.
        return replies.balance({
          availableBalance: wallet.balanceKobo,
          currentBalance: wallet.balanceKobo,
        });
      });
    });
  };

  return {
    api,
    control: deposits.control,
    sender,
    stop() {
      bills.stop();
      sender.stop();
    },
  };
}

/** Where the sandbox mounts the PalmPay control calls (not PalmPay's API). */
export const PALMPAY_CONTROL_PREFIX = '/sandbox/palmpay';

/** The control call's URL for a running sandbox (derived from its PalmPay base URL). */
export function simulateTransferUrl(baseUrls: { palmpay: string }): string {
  return new URL(`${PALMPAY_CONTROL_PREFIX}/simulate-transfer`, baseUrls.palmpay).toString();
}
