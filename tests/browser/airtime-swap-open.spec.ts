import { expect, test } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { signUpByEmail } from './support/flows';
import { swapWithScreenshotByApi } from './support/swap';
import { homeBalance, setPinByApi } from './support/wallet';

const PIN = '2580';

test('with a swap still open, the Airtime to Cash form says so at once and cannot be sent', async ({
  page,
}) => {
  await signUpByEmail(page);
  await setPinByApi(page, PIN);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  await swapWithScreenshotByApi(page, {
    network: 'MTN',
    amount: 1000,
    userPhone: '08031234567',
    paymentMethod: 'bank',
    bankDetails: { bank: 'Kuda', accountNumber: '1234567890', accountName: 'Ada Okafor' },
    transactionPin: PIN,
  });

  await page.goto('/airtime-to-cash');
  // Before a single field is filled: the open swap is named and the form cannot go on.
  await expect(
    page.getByRole('link', { name: /You have a pending ₦1,000(\.00)? MTN swap/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert Airtime' })).toBeDisabled();
  await expect(page.getByLabel('Airtime amount')).toHaveValue('');
});
