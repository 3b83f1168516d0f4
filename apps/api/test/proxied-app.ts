import { afterAll, beforeAll } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../../tests/reliability/support/fault-proxy';
import { createTestApp, type TestApp } from './harness';

/**
 * A test app whose supplier calls go through the fault proxy, which logs each one: the burst
 * tests count what reached a supplier there. Made before the file's tests (handed to `ready`),
 * closed after them.
 */
export function withProxiedApp(ready: (app: { t: TestApp; proxy: FaultProxy }) => void) {
  let t: TestApp | undefined;
  let proxy: FaultProxy | undefined;
  beforeAll(async () => {
    t = await createTestApp(
      // A burst keeps the event loop busy (PGlite runs on it): the admitted supplier calls must
      // not time out while the refused ones are being answered.
      { PROVIDER_TIMEOUT_MS: '30000' },
      {
        wrapBaseUrls: async (urls) => {
          proxy = await startFaultProxy(urls);
          return proxy.baseUrls;
        },
      },
    );
    ready({ t, proxy: proxy! });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });
}
