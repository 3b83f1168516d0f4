import { expect, test } from '@playwright/test';
import { messages } from '@owo/shared/messages';
import { ADMIN } from '../../playwright.config';
import { logIn, newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';

test('wider than 768 px shows only the desktop notice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByText(messages.desktopTitle)).toBeVisible();
  await expect(page.getByText(messages.desktopBody)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with email' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Continue with email' })).toBeVisible();
});

test('every route of the spec loads the app and unknown API paths answer JSON', async ({
  page,
  request,
}) => {
  for (const route of ['/otp', '/admin/dashboard', '/airtime-to-cash/history', '/pin/data/enter']) {
    const res = await request.get(route);
    expect(res.status(), route).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ success: false });
  await page.goto('/');
  await expect(page.getByText(messages.tagline)).toBeVisible();
});

test('15 minutes without activity logs a customer out to the landing page', async ({ page }) => {
  // A sign-up, then 40 minutes of fake time whose timers (the 15 s pulse) all run: slow when busy.
  test.setTimeout(150_000);
  await page.clock.install();
  await signUpByEmail(page, newEmail('idle'), 'Emeka');
  await page.clock.fastForward('14:00');
  await page.mouse.move(20, 20);
  await page.mouse.move(40, 40);
  await page.clock.fastForward('10:00');
  await expect(page).toHaveURL(/\/home$/);
  await page.clock.fastForward('15:30');
  await expect(page).toHaveURL(/\/$/);
  // The person was away: the landing page says why they were signed out until they dismiss it.
  const notice = page.getByRole('status').filter({ hasText: messages.signedOutIdle });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  // Persisted under `root`, version 1: the token is cleared and the activity time set to 0.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? 'null'));
  expect(stored).toMatchObject({ version: 1, state: { auth: { token: null, lastActivity: 0 } } });
});

test('an admin sees the Admin row and logs out to /login', async ({ page }) => {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a regular customer has no Admin row', async ({ page }) => {
  await signUpByEmail(page, newEmail('plain'), 'Femi');
  // Opened afresh, a signed-in route paints index.html's boot shell until the app's first render
  // replaces it: then neither the shell nor the attribute that shows it is left.
  await page.goto('/home');
  await expect(page.getByText('Quick services')).toBeVisible();
  await expect(page.locator('#owo-boot-shell')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-owo-boot', /.*/);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});

// A landing link warms the app bundle on hover; once that bundle has loaded, the click must still
// open its screen (the router used to be made at import, at "/", and the click went nowhere).
test('a landing link clicked after the app bundle was prefetched opens its screen', async ({
  page,
}) => {
  await page.goto('/');
  // The landing page's JavaScript starts a moment after the load event (landing-guard-script.ts):
  // until it has hydrated the page, a hover warms nothing and the link is a plain link.
  await page.waitForLoadState('networkidle');
  const link = page.getByRole('link', { name: 'Continue with email' });
  const appLoaded = page.waitForResponse((r) => /\/assets\/App-[^/]*\.js$/.test(r.url()));
  await link.hover();
  await appLoaded;
  // Let the module evaluate before the click.
  await page.waitForTimeout(300);
  await link.click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await expect(page.getByLabel('Email address')).toBeVisible();
});

// A cold start at /home paints the home screen prerendered into home.html (decision 0015) while
// the app's scripts load: the fixed parts as they are, nothing of the customer. Then the app's
// first render replaces it with the customer's screen.
test.describe('without the service worker (it would answer from its cache)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a cold start at /home paints the prerendered home screen, then the app replaces it', async ({
    page,
  }) => {
    await signUpByEmail(page, newEmail('shell'), 'Kemi');
    // Scripts held back: only the HTML's own paint is on screen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/home', { waitUntil: 'commit' });
    const shell = page.locator('#owo-boot-shell[data-owo-shell="home"]');
    await expect(shell).toBeVisible();
    await expect(shell.getByText('Quick services')).toBeVisible();
    await expect(shell.getByText('Wallet balance')).toBeVisible();
    await expect(shell.locator('img[src*="banner-1-"]')).toBeVisible();
    await expect(shell).not.toContainText('Kemi');
    await expect(shell).not.toContainText('₦0.00');
    await shot(page, 'home-shell');

    release();
    await expect(page.getByRole('heading', { name: 'Hi, Kemi' })).toBeVisible();
    await expect(page.locator('#owo-boot-shell')).toHaveCount(0);
    await expect(page.getByText('₦0.00')).toBeVisible();
    await shot(page, 'home-after-shell');
  });
});
