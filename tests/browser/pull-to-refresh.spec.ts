import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { signUpByEmail } from './support/flows';
import { screenShot as shot } from './support/toasts';
import { fundWallet, homeBalance } from './support/wallet';

/**
 * Pull to refresh on home and history: a drag down from the top refetches what the screen shows.
 * The live-balance pulse (decision 0033) would bring the credit in on its own within 15 s, and
 * the live stream (decision 0074) at once, so the stream is refused (the app falls back to
 * polling) and the polled pulse is held at its first answer here: only the pull can show the new
 * money.
 */
async function freezePulse(page: Page): Promise<{ captured: Promise<void> }> {
  let first: unknown = null;
  let markCaptured: () => void = () => undefined;
  const captured = new Promise<void>((resolve) => (markCaptured = resolve));
  await page.route('**/api/notifications/stream', (route) => route.abort());
  await page.route('**/api/notifications/pulse', async (route) => {
    if (first === null) {
      first = await (await route.fetch()).json();
      markCaptured();
    }
    await route.fulfill({ json: first });
  });
  // The first pulse answered is the one every later pulse repeats: a deposit made before it is
  // read counts as already known, so a test waits for it before making the next one.
  return { captured };
}

/**
 * A finger dragging down the page from y=200 by `distance` px, through real touch events; lifted
 * at once, or later with the returned function.
 */
async function pullDown(page: Page, distance: number, release = true) {
  const cdp = await page.context().newCDPSession(page);
  const at = (y: number) => [{ x: 195, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(200) });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(200 + (distance * step) / 10),
    });
  }
  const lift = async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
  if (release) await lift();
  return lift;
}

test('pulling home down shows a spinner and brings in a deposit that landed meanwhile', async ({
  page,
}) => {
  await signUpByEmail(page);
  const pulse = await freezePulse(page);
  await page.reload();
  const recent = page.getByRole('region', { name: 'Recent transactions' });
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  await pulse.captured;

  await fundWallet(page, 1_500);
  // Nothing brings it in by itself (the pulse is held).
  await page.waitForTimeout(1_500);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  await expect(recent.getByText('Wallet credit')).toHaveCount(0);

  // A short pull springs back and refreshes nothing.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user')) reads.push(request.url());
  });
  await pullDown(page, 60);
  await page.waitForTimeout(500);
  expect(reads).toHaveLength(0);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));

  // A full pull: the spinner shows while the screen's queries are read again.
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/user', async (route) => {
    await held;
    await route.fallback();
  });
  const lift = await pullDown(page, 260, false);
  await expect(page.getByTestId('pull-to-refresh')).toBeVisible();
  await shot(page, 'pull-to-refresh-pulling');
  await lift();
  await expect(page.getByTestId('pull-to-refresh')).toHaveText('Refreshing');
  await shot(page, 'pull-to-refresh-spinner');
  answer();
  await expect(homeBalance(page)).toHaveText(formatKobo(1_500_00));
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('pull-to-refresh')).toHaveCount(0);
});

test('pulling history down lists a deposit that landed meanwhile', async ({ page }) => {
  await signUpByEmail(page);
  await fundWallet(page, 700);
  const pulse = await freezePulse(page);
  await page.goto('/transactions');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await pulse.captured;

  await fundWallet(page, 300);
  await page.waitForTimeout(1_000);
  await expect(rows).toHaveCount(1);

  await pullDown(page, 260);
  await expect(rows).toHaveCount(2);
});
