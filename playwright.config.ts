import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/chromium';

// One throwaway data directory per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'owo-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3100);
const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2525);
/** The mail catcher's SMTP address: every server a browser test signs up on mails its codes here. */
export const SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
export const ADMIN = { email: 'e2e-admin@example.com', password: 'Adm1n!pass' };
/** The second admin, who approves what ADMIN files (four eyes, decision 0047). */
export const CHECKER = { email: 'e2e-checker@example.com', password: 'Ch3cker!pass' };

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // A staff credit now takes two admins (four eyes): room for the extra sign-in on a busy machine.
  timeout: 120_000,
  // What a screen shows once its data arrives: on a loaded 2-core machine a signed-in admin page
  // took longer than the default 5 s to draw its list.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    hasTouch: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    {
      command: 'npx tsx tests/browser/support/mail-catcher.ts',
      url: `http://127.0.0.1:${Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2526)}/health`,
      reuseExistingServer: false,
    },
    {
      // The CLI runs first (the embedded database allows one process at a time), then the server.
      command: `npm run cli -- create-admin ${ADMIN.email} '${ADMIN.password}' && npm run cli -- create-admin ${CHECKER.email} '${CHECKER.password}' && node --import tsx apps/api/src/server.ts`,
      url: `http://127.0.0.1:${port}/api/ready`,
      reuseExistingServer: false,
      // Two CLI runs (the admins) before the server: slow on a busy machine.
      timeout: 300_000,
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SMTP_URL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // The provider sandbox gets its own port so a dev server on 3001 does not clash.
        SANDBOX_PORT: String(process.env.E2E_SANDBOX_PORT ?? 3101),
        RECONCILER_INTERVAL_MS: '1000',
        // The admin alerts' conditions every 2 s, so admin-alerts.spec.ts sees one open quickly.
        ALERTS_INTERVAL_MS: '2000',
        // Every browser test signs up from 127.0.0.1: one client address for the whole suite.
        OTP_REQUESTS_PER_CLIENT_PER_HOUR: '100000',
      },
    },
  ],
});
