import { expect, test } from '@playwright/test';
import { signUpByEmail } from './support/flows';
import { fundWallet } from './support/wallet';

test('recent transactions that failed to load offer Retry, not a pull to refresh the screen lacks', async ({
  page,
}) => {
  await signUpByEmail(page);
  await fundWallet(page, 1_000);
  let failing = true;
  await page.route(/\/api\/transactions\?page=1&limit=\d+$/, (route) =>
    failing
      ? route.fulfill({ status: 400, json: { success: false, message: 'Bad request' } })
      : route.fallback(),
  );
  await page.reload();

  const recent = page.getByRole('region', { name: 'Recent transactions' });
  await expect(recent.getByText("Couldn't load transactions")).toBeVisible();
  await expect(recent.getByText(/pull down/i)).toHaveCount(0);

  failing = false;
  await recent.getByRole('button', { name: 'Retry' }).click();
  await expect(recent.getByRole('list', { name: 'Recent transactions' })).toBeVisible();
  await expect(recent.getByRole('listitem')).toHaveCount(1);
});
