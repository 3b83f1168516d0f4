import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN } from '../../playwright.config';
import { logIn, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, sessionOf, setPinByApi } from './support/wallet';

/**
 * WCAG 2.2 AA over every route of the app (apps/web/src/app/router.tsx, spec §2 route table) at
 * 390 px, in the light and the dark theme: axe-core finds no serious or critical violation, every
 * screen names itself with one <h1>, and nothing (the sandbox strip included) sits outside a
 * landmark. One signed-in customer and one admin session serve every route, to keep it quick.
 */

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Rules outside those tags that the issue names: a screen's <h1> and content inside landmarks
 * (best practices), and a control's name containing its visible words (WCAG 2.5.3, which axe
 * still ships as experimental).
 */
const ALSO = ['page-has-heading-one', 'region', 'label-content-name-mismatch'];

const GUEST_ROUTES = [
  '/',
  '/login',
  '/account/create',
  '/otp',
  '/otp/reset',
  '/password/request-password',
  '/password/reset',
  '/account/complete-registration',
  '/sandbox/mailbox',
  '/no-such-page',
];

const CUSTOMER_ROUTES = [
  '/home',
  '/transactions',
  '/profile',
  '/profile/security',
  '/profile/developer/webhooks',
  '/profile/developer',
  '/notifications',
  '/data',
  '/airtime',
  '/utility',
  '/cable',
  '/transfer',
  '/betting',
  '/deposit',
  '/pin/create',
  '/pin/data/enter',
  '/pin/airtime/enter',
  '/pin/utility/enter',
  '/pin/cable/enter',
  '/pin/transfer/enter',
  '/verification/initiate',
  '/verification/update',
  '/verification/validate',
  '/airtime-to-cash',
  '/airtime-to-cash/history',
  '/screenshot-upload',
  '/pending-swap',
];

const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/airtime-to-cash',
  '/admin/transaction',
  '/admin/audit',
  '/admin/services',
  '/admin/suppliers',
  '/admin/betting-stats',
  '/admin/orders/pending',
  '/admin/alerts',
  '/admin/approvals',
  '/admin/users',
  // '/admin/users/:id' is added with the customer's id.
];

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

async function newPage(browser: Browser): Promise<[BrowserContext, Page]> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    hasTouch: use.hasTouch,
    // Animations end at once, so axe reads colours as they settle.
    reducedMotion: 'reduce',
  });
  // The live stream never ends, so a page holding it is never "network idle": refused here, the
  // app polls its pulse instead (decision 0074's fallback) and each screen can settle.
  await context.route('**/api/notifications/stream', (route) => route.abort());
  return [context, await context.newPage()];
}

interface Finding {
  route: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Opens `route`, waits for it to settle, and returns what axe and the heading check find. */
async function audit(page: Page, route: string, theme: Theme): Promise<Finding[]> {
  // The app follows the system's theme (index.html's boot script, as dark-mode.spec.ts shows).
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.goto(route);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Lazy screens show a spinner first; skeletons give way to content.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? 'light')).toBe(theme);
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .options({ rules: Object.fromEntries(ALSO.map((id) => [id, { enabled: true }])) })
    .analyze();
  const findings: Finding[] = results.violations
    .filter((v) => ALSO.includes(v.id) || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
    }));
  const h1s = await page.locator('h1').count();
  if (h1s !== 1)
    findings.push({
      route,
      rule: 'one-h1',
      impact: 'serious',
      help: `a screen has exactly one <h1> (found ${h1s})`,
      targets: [],
    });
  await shot(page, `a11y-${theme}${route.replaceAll('/', '-') || '-landing'}`);
  return findings;
}

const report = (findings: Finding[]) =>
  findings
    .map((f) => `${f.route} [${f.impact}] ${f.rule}: ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');

/** Every route in each theme: findings gathered over all, so one run names every failure. */
async function auditAll(page: Page, routes: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const theme of THEMES)
    for (const route of routes) findings.push(...(await audit(page, route, theme)));
  return findings;
}

test.describe('accessibility (WCAG 2.2 AA at 390 px, light and dark)', () => {
  // Dozens of screens opened and audited twice each: room on a busy machine.
  test.setTimeout(600_000);

  let customerContext: BrowserContext;
  let customer: Page;
  let customerId: string;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    [customerContext, customer] = await newPage(browser);
    await signUpByEmail(customer);
    await setPinByApi(customer, '2468');
    await fundWallet(customer, 5_000);
    customerId = (await sessionOf(customer)).user._id;
  });
  test.afterAll(async () => customerContext?.close());

  test('the signed-out screens', async ({ browser }) => {
    const [context, guest] = await newPage(browser);
    const findings = await auditAll(guest, GUEST_ROUTES);
    await context.close();
    expect(findings.length, report(findings)).toBe(0);
  });

  test("the customer's screens", async () => {
    const findings = await auditAll(customer, CUSTOMER_ROUTES);
    expect(findings.length, report(findings)).toBe(0);
  });

  test("the admin's screens", async ({ browser }) => {
    const [context, admin] = await newPage(browser);
    await logIn(admin, ADMIN.email, ADMIN.password);
    await expect(admin).toHaveURL(/\/home$/);
    const findings = await auditAll(admin, [...ADMIN_ROUTES, `/admin/users/${customerId}`]);
    await context.close();
    expect(findings.length, report(findings)).toBe(0);
  });
});
