/**
 * The sandbox: the three supplier simulators on one local HTTP server, each under its own path
 * prefix, so the real adapters talk to them exactly as they would to the suppliers (only base URLs
 * and keys differ). `npm start` runs it; tests start it on port 0.
 */
import Fastify from 'fastify';
import { dataStationSimulator } from '../datastation/simulator';
import { ogdamsSimulator } from '../ogdams/simulator';
import { createVtpassSimulator, VTPASS_CONTROL_PREFIX } from '../vtpass/simulator';
import { safeHavenSimulator } from '../safehaven/simulator';
import {
  IDENTITY_REGISTER_PREFIX,
  IdentityRegister,
  identityRegisterControl,
} from './identity-register';
import { createPalmPaySimulator, PALMPAY_CONTROL_PREFIX } from '../palmpay/simulator';
import type { NotifyTarget } from '../palmpay/notifier';
import { SANDBOX_KEYS, type SandboxKeys } from './keys';
import { createSimWallets, type SimWallets } from './sim-wallet';
import { WALLET_CONTROL_PREFIX, walletControl } from './wallet-control';

export { SANDBOX_KEYS, type SandboxKeys } from './keys';

export interface SandboxOptions {
  /** Default 3001; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The simulators' clock (milliseconds); tests move it to settle pending orders. */
  now?: () => number;
  /** How long the `timeout` scenario holds a call open (real ms). Default 60 000. */
  holdMs?: number;
  /** Keys the simulators accept; default SANDBOX_KEYS. */
  keys?: Partial<SandboxKeys>;
  /**
   * Where PalmPay's virtual-account notifications go (the merchant's configured URL), read at each
   * delivery, so a test can point it at an app that starts listening later.
   */
  palmpayNotifyUrl?: NotifyTarget;
  /** How often (real ms) PalmPay's simulator looks for settled bill orders to notify. Default 500. */
  palmpayTickMs?: number;
  /** Delays (real ms) between PalmPay webhook retries. Default [1000, 5000, 30000, 120000]. */
  palmpayWebhookRetryDelaysMs?: readonly number[];
  /** Where Ogdams's webhook events go (the URL set on its dashboard), read at each delivery. */
  ogdamsNotifyUrl?: NotifyTarget;
  /** How often (real ms) the Ogdams simulator looks for settled orders to notify. Default 500. */
  ogdamsTickMs?: number;
  /** Where VTpass's callbacks go (the callback URL on its dashboard), read at each delivery. */
  vtpassNotifyUrl?: NotifyTarget;
  /** Delays (real ms) between VTpass callback retries. Default [1000, 5000, 30000, 120000]. */
  vtpassWebhookRetryDelaysMs?: readonly number[];
  /** Where Safe Haven's OTPs ("sent to the phone on record") are printed. Default console.info. */
  safehavenLog?: (line: string) => void;
}

export interface SandboxBaseUrls {
  vtpass: string;
  datastation: string;
  ogdams: string;
  palmpay: string;
  safehaven: string;
}

export interface Sandbox {
  port: number;
  baseUrls: SandboxBaseUrls;
  /** Our wallet at each simulated supplier (also set over HTTP: WALLET_CONTROL_PREFIX). */
  wallets: SimWallets;
  close(): Promise<void>;
}

export const SANDBOX_DEFAULT_PORT = 3001;
export const SANDBOX_DEFAULT_HOLD_MS = 60_000;

/** The sandbox's own control calls (not any supplier's), e.g. a simulated bank transfer. */
export const SANDBOX_CONTROL_PREFIXES = {
  palmpay: PALMPAY_CONTROL_PREFIX,
  vtpass: VTPASS_CONTROL_PREFIX,
  wallets: WALLET_CONTROL_PREFIX,
  identities: IDENTITY_REGISTER_PREFIX,
} as const;

/** Path prefixes that mirror each supplier's own base path. */
export const SANDBOX_PREFIXES = {
  vtpass: '/vtpass/api',
  datastation: '/datastation',
  ogdams: '/ogdams/api/v1',
  palmpay: '/palmpay',
  safehaven: '/safehaven',
} as const;

/** Each adapter's base URL on a sandbox reachable at `origin` (e.g. http://127.0.0.1:3001). */
export function sandboxBaseUrls(origin: string): SandboxBaseUrls {
  return {
    vtpass: `${origin}${SANDBOX_PREFIXES.vtpass}/`,
    datastation: `${origin}${SANDBOX_PREFIXES.datastation}/`,
    ogdams: `${origin}${SANDBOX_PREFIXES.ogdams}/`,
    palmpay: `${origin}${SANDBOX_PREFIXES.palmpay}/`,
    safehaven: `${origin}${SANDBOX_PREFIXES.safehaven}/`,
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? Date.now;
  const holdMs = options.holdMs ?? SANDBOX_DEFAULT_HOLD_MS;
  const keys: SandboxKeys = { ...SANDBOX_KEYS, ...options.keys };

  // forceCloseConnections: close() must not wait for a call the timeout scenario is holding.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const wallets = createSimWallets();
  const vtpass = createVtpassSimulator({
    keys: keys.vtpass,
    now,
    holdMs,
    wallet: wallets.vtpass,
    notifyUrl: options.vtpassNotifyUrl,
    webhookRetryDelaysMs: options.vtpassWebhookRetryDelaysMs,
  });
  await app.register(async (scope) => vtpass.api(scope), { prefix: SANDBOX_PREFIXES.vtpass });
  await app.register(vtpass.control, { prefix: SANDBOX_CONTROL_PREFIXES.vtpass });
  app.addHook('onClose', async () => vtpass.stop());
  await app.register(dataStationSimulator, {
    prefix: SANDBOX_PREFIXES.datastation,
    apiKey: keys.datastation.apiKey,
    now,
    holdMs,
    wallet: wallets.datastation,
  });
  await app.register(ogdamsSimulator, {
    prefix: SANDBOX_PREFIXES.ogdams,
    apiKey: keys.ogdams.apiKey,
    now,
    holdMs,
    notifyUrl: options.ogdamsNotifyUrl,
    tickMs: options.ogdamsTickMs,
    wallet: wallets.ogdams,
  });
  const palmpay = createPalmPaySimulator({
    keys: keys.palmpay,
    now,
    holdMs,
    tickMs: options.palmpayTickMs,
    webhookRetryDelaysMs: options.palmpayWebhookRetryDelaysMs,
    notifyUrl: options.palmpayNotifyUrl,
    wallet: wallets.palmpay,
  });
  await app.register(palmpay.api, { prefix: SANDBOX_PREFIXES.palmpay });
  await app.register(palmpay.control, { prefix: SANDBOX_CONTROL_PREFIXES.palmpay });
  app.addHook('onClose', async () => palmpay.stop());
  const identityRegister = new IdentityRegister();
  await app.register(identityRegisterControl(identityRegister), {
    prefix: IDENTITY_REGISTER_PREFIX,
  });
  await app.register(safeHavenSimulator, {
    identityRegister,
    prefix: SANDBOX_PREFIXES.safehaven,
    keys: keys.safehaven,
    now,
    holdMs,
    log: options.safehavenLog,
    wallet: wallets.safehaven,
  });
  await app.register(walletControl(wallets), { prefix: WALLET_CONTROL_PREFIX });

  await app.listen({ port: options.port ?? SANDBOX_DEFAULT_PORT, host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    await app.close();
    throw new Error('sandbox: server has no TCP address');
  }
  const port = address.port;
  // A wildcard listen address is not something to connect to; the loopback is.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const origin = `http://${urlHost.includes(':') ? `[${urlHost}]` : urlHost}:${port}`;

  return {
    port,
    baseUrls: sandboxBaseUrls(origin),
    wallets,
    async close() {
      const closing = app.close();
      // Held and keep-alive sockets would otherwise keep close() (and a test run) waiting.
      app.server.closeAllConnections();
      await closing;
    },
  };
}
