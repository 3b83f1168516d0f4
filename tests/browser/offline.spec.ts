import { expect, test } from '@playwright/test';
import { signUpByEmail } from './support/flows';
import { screenShot as shot } from './support/toasts';

/**
 * Offline: a banner while the network is down, the app's shell still working from the service
 * worker's cache, and the banner gone when the network comes back.
 */
test('going offline shows the banner over a shell that still works; back online hides it', async ({
  page,
  context,
}) => {
  await signUpByEmail(page);
  // The service worker has cached the shell (it controls the page once activated).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await expect(banner).toHaveText(/You're offline/);
  await shot(page, 'offline-home');

  // The shell still moves between screens and still loads from the cache on a reload.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(banner).toBeVisible();
  await shot(page, 'offline-history-reloaded');

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('a request that cannot reach the server shows the banner until the server answers', async ({
  page,
}) => {
  await signUpByEmail(page);
  let cut = true;
  await page.route(/\/api\/transactions\?/, (route) =>
    cut ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.getByRole('link', { name: 'History' }).click();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(/can't reach Owo/);

  cut = false;
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(banner).toHaveCount(0);
});
