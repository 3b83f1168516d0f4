/**
 * Sandbox mode's suppliers: the simulators and the adapters pointed at them with the committed
 * sandbox keys. Loaded only by a dynamic import in sandbox mode (providers.ts, cli.ts), so a live
 * process never has the simulators or those keys in memory (decision 0020).
 */
import { createProviders } from '@owo/providers/create-providers';
import { sandboxProvidersConfig } from '@owo/providers/sandbox/providers-config';
import { SANDBOX_KEYS } from '@owo/providers/sandbox/keys';
import {
  SANDBOX_CONTROL_PREFIXES,
  sandboxBaseUrls,
  startSandbox,
  type SandboxBaseUrls,
} from '@owo/providers/sandbox/server';
import type { Config } from './config';
import type { ProviderRuntime } from './providers';

/**
 * The adapters pointed at a sandbox at these base URLs (the paths are the sandbox's own). Before
 * Safe Haven is asked to verify a NIN/BVN, the applicant's profile is enrolled as the number's
 * holder in the sandbox's identity register, so a customer's own name matches and the magic
 * otherHolder number does not (decision 0055). The live adapters never see this.
 */
export function sandboxProviders(baseUrls: SandboxBaseUrls, config: Config) {
  const providers = createProviders(sandboxProvidersConfig(baseUrls, config.providerTimeoutMs));
  const safehaven = providers.safehaven;
  const register = `${new URL(baseUrls.safehaven).origin}${SANDBOX_CONTROL_PREFIXES.identities}`;
  const initiateVerification: typeof safehaven.initiateVerification = async (input) => {
    if (input.applicant) {
      // Best effort: a sandbox that cannot enrol answers with a person picked from the digits.
      await fetch(`${register}/${encodeURIComponent(input.number)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: input.applicant.firstName,
          lastName: input.applicant.lastName,
          dateOfBirth: input.applicant.birthDate,
        }),
        signal: AbortSignal.timeout(config.providerTimeoutMs),
      }).catch(() => undefined);
    }
    return safehaven.initiateVerification(input);
  };
  return { ...providers, safehaven: { ...safehaven, initiateVerification } };
}

/**
 * The server starts the simulators on SANDBOX_PORT (startSandbox: true); the CLI only points at
 * the ones `npm start` runs.
 */
export async function openSandboxProviders(
  config: Config,
  options: { startSandbox: boolean; safehavenLog?: (line: string) => void },
): Promise<ProviderRuntime> {
  if (!options.startSandbox) {
    const urls = sandboxBaseUrls(`http://127.0.0.1:${config.sandboxPort}`);
    return { providers: sandboxProviders(urls, config), close: async () => {} };
  }
  const sandbox = await startServerSandbox(config, options.safehavenLog);
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

/**
 * The simulators the server runs on SANDBOX_PORT: in the API process itself, or once in a
 * cluster's primary for all its workers (decision 0038).
 */
export function startServerSandbox(config: Config, safehavenLog?: (line: string) => void) {
  return startSandbox({
    port: config.sandboxPort,
    host: '127.0.0.1',
    // PalmPay's virtual-account notifications go to the URL the merchant configured with PalmPay.
    palmpayNotifyUrl: `${config.publicBaseUrl}/api/webhooks/palmpay`,
    // Ogdams posts its events to the URL set on its dashboard.
    ogdamsNotifyUrl: `${config.publicBaseUrl}/api/webhooks/ogdams`,
    // VTpass posts its callbacks to the URL set on its dashboard.
    vtpassNotifyUrl: `${config.publicBaseUrl}/api/webhooks/vtpass`,
    safehavenLog,
  });
}

/**
 * Simulators of our own on a free port (the CLI's live-check in sandbox mode): a check that runs
 * the real adapters against them, whether or not `npm start` is running.
 */
export async function openSandboxOnFreePort(config: Config): Promise<ProviderRuntime> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', safehavenLog: () => {} });
  return { providers: sandboxProviders(sandbox.baseUrls, config), close: () => sandbox.close() };
}

/** The PalmPay platform key the sandbox signs notifications with (`cli live-check webhooks`). */
export function sandboxPalmpayPublicKey(): string {
  return SANDBOX_KEYS.palmpay.platformPublicKey;
}
