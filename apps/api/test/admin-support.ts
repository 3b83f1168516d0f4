import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { signInAdmin } from './airtime-swap-support';

/** What the admin-area test files share: one app per file with a signed-in admin. */

export type Admin = Awaited<ReturnType<typeof signInAdmin>>;
export interface AdminApp {
  t: TestApp;
  admin: Admin;
}

/**
 * Makes the file's test app and signs an admin in before its tests, hands both to `ready` (which
 * keeps them and may set up more), and closes the app after the tests.
 */
export function withAdminApp(ready: (app: AdminApp) => void | Promise<void>) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    await ready({ t, admin: await signInAdmin(t) });
  });
  afterAll(async () => {
    await t?.close();
  });
}
