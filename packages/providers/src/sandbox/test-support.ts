/**
 * For tests: a sandbox on a free port with a clock the test moves by hand, and adapters pointed at
 * it. Adapter timeouts are short and the timeout scenario's hold long, so the timeout path is real
 * and fast.
 */
import { createProviders } from '../create-providers';
import { sandboxProvidersConfig } from './providers-config';
import { createPalmPayClient } from '../palmpay/client';
import type { PalmPayClient, Providers } from '../types';
import { SANDBOX_KEYS } from './keys';
import { startSandbox, type Sandbox, type SandboxOptions } from './server';

export interface TestSandbox {
  sandbox: Sandbox;
  providers: Providers;
  now: () => number;
  advance(ms: number): void;
  close(): Promise<void>;
}

/** 10:00 in Lagos on a late-2026 day (09:00 UTC). */
export const TEST_START_MS = Date.parse('2026-11-21T09:00:00Z');
// Long enough that a loaded CI machine does not turn a quick answer into a timeout.
export const TEST_TIMEOUT_MS = 1_000;

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  let clock = TEST_START_MS;
  const now = () => clock;
  const sandbox = await startSandbox({ port: 0, now, holdMs: 5_000, ...options });
  return {
    sandbox,
    providers: createProviders(sandboxProvidersConfig(sandbox.baseUrls, TEST_TIMEOUT_MS)),
    now,
    advance(ms) {
      clock += ms;
    },
    close: () => sandbox.close(),
  };
}

/**
 * A PalmPay adapter with the sandbox's keys at `baseUrl` (the sandbox's, or a port nothing listens
 * on) and its own timeout, for tests that need one other than TEST_TIMEOUT_MS.
 */
export function sandboxPalmPay(baseUrl: string, timeoutMs: number): PalmPayClient {
  return createPalmPayClient({
    baseUrl,
    timeoutMs,
    keys: {
      appId: SANDBOX_KEYS.palmpay.appId,
      merchantPrivateKey: SANDBOX_KEYS.palmpay.merchantPrivateKey,
      palmpayPublicKey: SANDBOX_KEYS.palmpay.platformPublicKey,
    },
  });
}

type Status = 'delivered' | 'failed' | 'pending';

/**
 * What magic.ts promises for each scenario: the pay call's outcome, a requery straight after, and
 * a requery SETTLE_AFTER_MS later.
 */
export const EXPECTED: Record<string, { pay: Status; requery: Status; settled: Status }> = {
  delivered: { pay: 'delivered', requery: 'delivered', settled: 'delivered' },
  deliveredPostpaid: { pay: 'delivered', requery: 'delivered', settled: 'delivered' },
  failed: { pay: 'failed', requery: 'failed', settled: 'failed' },
  pendingThenDelivered: { pay: 'pending', requery: 'pending', settled: 'delivered' },
  pendingThenReversed: { pay: 'pending', requery: 'pending', settled: 'failed' },
  pendingForever: { pay: 'pending', requery: 'pending', settled: 'pending' },
  http500: { pay: 'pending', requery: 'failed', settled: 'failed' },
  malformed: { pay: 'pending', requery: 'delivered', settled: 'delivered' },
  timeout: { pay: 'pending', requery: 'delivered', settled: 'delivered' },
  noReply: { pay: 'pending', requery: 'failed', settled: 'failed' },
  invalidAccount: { pay: 'failed', requery: 'failed', settled: 'failed' },
};
