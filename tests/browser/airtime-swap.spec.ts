import { expect, test, type Page } from '@playwright/test';
import { formatKobo } from '@owo/shared/money';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { newEmail, signUpByEmail, tapPin } from './support/flows';
import { openAdminPage } from './support/admin';
import { pngFile, swapWithScreenshotByApi } from './support/swap';
import { dismissToasts } from './support/toasts';
import { homeBalance, setPinByApi } from './support/wallet';

const PIN = '2580';
const SWAP_REF = /^SWP-[A-Z0-9]{8}$/;

/** SWAP_SHOTS=1 saves a 390×844 picture of each screen into /tmp/shots-swap (for review). */
async function shot(page: Page, name: string) {
  if (!process.env.SWAP_SHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots-swap/${name}.png` });
}

/** A new customer (phone 08031234567, MTN) with a PIN, on /home. */
async function customerWithPin(page: Page, prefix: string) {
  const email = await signUpByEmail(page, newEmail(prefix));
  await setPinByApi(page, PIN);
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
  return email;
}

/** Fills the form for a wallet payout and confirms; lands on /screenshot-upload. */
async function convertToWallet(page: Page, amount: string) {
  await page.getByLabel('Airtime amount').fill(amount);
  await page.getByLabel('Transaction PIN').fill(PIN);
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm Conversion' });
  await expect(sheet).toBeVisible();
  return sheet;
}

/** The swap reference shown on the upload screen. */
async function swapIdOnScreen(page: Page): Promise<string> {
  const ref = page.getByText(SWAP_REF).first();
  await expect(ref).toBeVisible();
  return (await ref.textContent())!.trim();
}

async function uploadScreenshot(page: Page) {
  await page.locator('input[type=file]').setInputFiles([pngFile('transfer.png')]);
  await expect(page.getByRole('button', { name: 'Remove transfer.png' })).toBeVisible();
  await shot(page, '03-upload-chosen');
  await page.getByRole('button', { name: 'Upload Screenshot' }).click();
  await expect(page.getByRole('heading', { name: messages.swapUploadSuccessful })).toBeVisible();
  await shot(page, '04-upload-done');
  // Home by itself after 3 s.
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
}

test('a customer swaps airtime for wallet cash; an admin approves and the balance rises by the payout', async ({
  page,
  browser,
}) => {
  const email = await customerWithPin(page, 'swap');
  await page.getByRole('button', { name: 'Airtime to Cash', exact: true }).click();
  await expect(page).toHaveURL(/\/airtime-to-cash$/);

  // The profile's number (0803…) picks MTN; the wallet email is the customer's own.
  await expect(page.getByLabel('Phone number')).toHaveValue('08031234567');
  await expect(page.getByRole('button', { name: 'MTN', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Wallet email')).toHaveValue(email);
  await page.getByLabel('Airtime amount').fill('1000');
  await expect(page.getByTestId('swap-payout')).toHaveText('₦600.00');
  await shot(page, '01-form');

  const sheet = await convertToWallet(page, '1000');
  await expect(sheet).toContainText('₦600.00');
  await expect(sheet).toContainText('₦1,000.00');
  await expect(sheet).toContainText('Wallet');
  await expect(sheet).toContainText(email);
  await shot(page, '02-confirm');
  await sheet.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/screenshot-upload$/);
  await expect(page.getByTestId('swap-recipient')).toHaveText(/^0\d{10}$/);
  await expect(page.getByText('Expected payout')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '₦600.00' })).toBeVisible();
  const swapId = await swapIdOnScreen(page);
  await uploadScreenshot(page);

  // Nothing left for the customer to do (home no longer prompts: airtime-swap-proof.spec.ts);
  // the form names the open swap, which leads to the pending screen, already uploaded.
  await page.goto('/airtime-to-cash');
  await page.getByRole('link', { name: /You have a pending ₦1,000.00 MTN swap/ }).click();
  await expect(page).toHaveURL(/\/pending-swap$/);
  await expect(page.getByText('Pending Airtime Swap')).toBeVisible();
  await expect(page.getByText(swapId)).toBeVisible();
  await expect(page.getByText('AWAITING VERIFICATION')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Already Uploaded' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel Swap' })).toHaveCount(0);
  await expect(page.getByText(messages.swapScreenshotAlreadyUploaded)).toBeVisible();
  await shot(page, '06-pending-uploaded');

  // History: in the Pending tab, awaiting verification.
  await page.goto('/airtime-to-cash/history');
  await expect(page.getByRole('heading', { name: 'Your Airtime Swaps' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'History (0)' })).toBeVisible();
  const pendingCard = page.getByRole('article', { name: `MTN swap ${swapId}` });
  await expect(pendingCard).toContainText('Awaiting Verification');
  await expect(pendingCard).toContainText('₦1,000.00');
  await expect(pendingCard).toContainText('₦600.00');
  await shot(page, '07-history-pending');

  // The admin approves: a wallet payout completes at once.
  const admin = await openAdminPage(browser);
  await expect(admin.getByTestId('stat-total')).toContainText(/\d/);
  await expect(admin.getByTestId('stat-total-profit')).toContainText('₦');
  await admin.getByRole('searchbox').fill(swapId);
  await shot(admin, '10-admin-list');
  await admin.getByRole('button', { name: `Swap ${swapId} by Ada Okafor` }).click();
  const detail = admin.getByRole('dialog', { name: 'Swap request' });
  await expect(detail).toContainText(email);
  await expect(detail.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
  await shot(admin, '11-admin-sheet');
  await detail.getByRole('button', { name: 'View screenshot full size' }).click();
  const viewer = admin.getByRole('dialog', { name: 'Screenshot' });
  await expect(viewer.getByRole('img')).toBeVisible();
  // Fetched with the admin's token and shown as a blob: URL (decision 0021).
  await expect(viewer.getByRole('img')).toHaveAttribute('src', /^blob:/);
  await shot(admin, '12-admin-screenshot');
  await viewer.getByRole('button', { name: 'Close screenshot' }).click();
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(detail.getByText(messages.swapCompletedSuccessfully)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await shot(admin, '13-admin-completed');
  await admin.context().close();

  // The customer's balance rose by exactly the expected payout; the swap moved to History.
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(600_00));
  await expect(page.getByRole('link', { name: /Complete Airtime to Cash Transfer/ })).toHaveCount(
    0,
  );
  await page.goto('/airtime-to-cash/history');
  await page.getByRole('tab', { name: 'History (1)' }).click();
  await expect(page.getByRole('article', { name: `MTN swap ${swapId}` })).toContainText(
    'Completed',
  );
});

test('an admin rejects a bank swap and the customer reads the reason in the details', async ({
  page,
  browser,
}) => {
  await customerWithPin(page, 'swapreject');
  await page.goto('/airtime-to-cash');
  await page.getByLabel('Phone number').fill('08021234567');
  await expect(page.getByRole('button', { name: 'Airtel', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('radio', { name: 'Bank Account' }).click();
  await page.getByLabel('Bank', { exact: true }).selectOption('GTBank');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByLabel('Account name').fill('Ada Okafor');
  await shot(page, '08-form-bank');
  const sheet = await convertToWallet(page, '2000');
  await expect(sheet).toContainText('Bank Account');
  await expect(sheet).toContainText('GTBank');
  await expect(sheet).toContainText('0123456789');
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/screenshot-upload$/);
  const swapId = await swapIdOnScreen(page);
  await uploadScreenshot(page);

  const admin = await openAdminPage(browser);
  await admin.getByLabel('Status').selectOption('AWAITING_VERIFICATION');
  await admin.getByRole('searchbox').fill(swapId);
  await admin.getByRole('button', { name: `Swap ${swapId} by Ada Okafor` }).click();
  const detail = admin.getByRole('dialog', { name: 'Swap request' });
  await expect(detail).toContainText('GTBank');
  await detail.getByRole('button', { name: 'Reject' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Reject transaction' });
  await expect(confirm).toContainText(messages.swapRejectConfirm);
  await shot(admin, '14-admin-reject-confirm');
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(detail).toContainText(`Rejection reason: ${messages.swapRejectedByAdmin}`);
  await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await admin.context().close();

  await page.goto('/airtime-to-cash/history');
  await expect(page.getByRole('tab', { name: 'Pending (0)' })).toBeVisible();
  await expect(page.getByText('No pending swaps')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Swap' })).toBeVisible();
  await page.getByRole('tab', { name: 'History (1)' }).click();
  const card = page.getByRole('article', { name: `AIRTEL swap ${swapId}` });
  await expect(card).toContainText('Rejected');
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Swap Details' });
  await expect(details).toContainText(messages.swapRejectedByAdmin);
  await expect(details).toContainText('Bank Account');
  await expect(details).toContainText('GTBank');
  await expect(details).toContainText('Uploaded');
  await expect(details).toContainText('60%');
  await shot(page, '09-history-details');
  await details.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(details).toHaveCount(0);

  // Nothing was paid.
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
});

test('a bank payout needs a payout reference to be approved; completing it starts from that reference', async ({
  page,
  browser,
}) => {
  await customerWithPin(page, 'swapbank');
  const { swapId } = await swapWithScreenshotByApi(page, {
    network: 'AIRTEL',
    amount: 1500,
    userPhone: '08021234567',
    paymentMethod: 'bank',
    bankDetails: { bank: 'Kuda', accountNumber: '1234567890', accountName: 'Ada Okafor' },
    transactionPin: PIN,
  });

  const admin = await openAdminPage(browser);
  await admin.getByRole('searchbox').fill(swapId);
  await admin.getByRole('button', { name: `Swap ${swapId} by Ada Okafor` }).click();
  const detail = admin.getByRole('dialog', { name: 'Swap request' });
  await expect(detail).toContainText('₦900.00');
  await detail.getByRole('button', { name: 'Approve' }).click();

  const approve = admin.getByRole('dialog', { name: 'Approve payout' });
  await expect(approve.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await approve.getByLabel('Payout reference').fill('   ');
  await expect(approve.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await approve.getByLabel('Payout reference').fill('KUDA-TRF-0001');
  await shot(admin, '15-admin-payout-reference');
  await approve.getByRole('button', { name: 'Confirm' }).click();
  await expect(approve).toHaveCount(0);
  await expect(detail.getByText(messages.swapProcessingPayment)).toBeVisible();
  await expect(detail).toContainText('KUDA-TRF-0001');
  await shot(admin, '16-admin-processing');

  await detail.getByRole('button', { name: 'Mark as Completed' }).click();
  const complete = admin.getByRole('dialog', { name: 'Mark as Completed' });
  // The approval's reference is already there: completing needs no retyping.
  await expect(complete.getByLabel('Payout reference')).toHaveValue('KUDA-TRF-0001');
  await expect(complete.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await complete.getByRole('button', { name: 'Confirm' }).click();
  await expect(detail.getByText(messages.swapCompletedSuccessfully)).toBeVisible();
  await expect(detail).toContainText('KUDA-TRF-0001');
  await expect(detail.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0);
  await admin.context().close();

  // A bank payout leaves the wallet alone.
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(0));
});

test('the admin search placeholder fits its box at 390 px', async ({ browser }) => {
  const admin = await openAdminPage(browser);
  const box = admin.getByRole('searchbox');
  await expect(box).toBeVisible();
  // The placeholder's text width, in the input's own font, against the room the input has for it.
  const { text, room } = await box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - padding,
    };
  });
  expect(text).toBeGreaterThan(0);
  expect(text).toBeLessThanOrEqual(room);
  await admin.context().close();
});

test('the form speaks the spec: validation, a wrong PIN asked again, other refusals reset it', async ({
  page,
}) => {
  await customerWithPin(page, 'swapform');
  await page.goto('/airtime-to-cash');

  await page.getByLabel('Phone number').fill('0803');
  await page.getByLabel('Airtime amount').fill('50');
  await page.getByLabel('Wallet email').fill('');
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  await expect(page.getByText(messages.swapPhoneInvalid)).toBeVisible();
  await expect(page.getByText(messages.swapAmountMinimum)).toBeVisible();
  await expect(page.getByText(messages.swapWalletEmailRequired)).toBeVisible();
  await expect(page.getByText(messages.swapPinRequired)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, '20-form-errors');

  // Digits only, capped at ₦50,000 as typed.
  await page.getByLabel('Airtime amount').fill('60000');
  await expect(page.getByLabel('Airtime amount')).toHaveValue('50000');
  await page.getByLabel('Transaction PIN').fill('12');
  await page.getByRole('button', { name: 'Show PIN' }).click();
  await expect(page.getByLabel('Transaction PIN')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  await expect(page.getByText(messages.swapPinFourDigits)).toBeVisible();

  await page.getByRole('radio', { name: 'Bank Account' }).click();
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  await expect(page.getByText(messages.swapBankDetailsRequired).first()).toBeVisible();
  await page.getByLabel('Bank', { exact: true }).selectOption('Opay');
  await page.getByLabel('Account number').fill('12345');
  await page.getByLabel('Account name').fill('Ada Okafor');
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  await expect(page.getByText(messages.swapAccountNumberInvalid)).toBeVisible();

  // A wrong PIN: the sheet stays, the PIN is cleared and asked for again.
  await page.getByRole('radio', { name: 'Wallet' }).click();
  await page.getByLabel('Phone number').fill('08031234567');
  await page.getByLabel('Wallet email').fill('nobody.here@example.com');
  await page.getByLabel('Airtime amount').fill('500');
  await page.getByLabel('Transaction PIN').fill('1111');
  await page.getByRole('button', { name: 'Convert Airtime' }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm Conversion' });
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet.getByText(messages.swapPinIncorrect)).toBeVisible();
  await expect(sheet.getByLabel('Transaction PIN')).toHaveValue('');
  await shot(page, '21-confirm-wrong-pin');

  // Any other refusal: the server's message, the form reset, the sheet closed.
  await sheet.getByLabel('Transaction PIN').fill(PIN);
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(messages.swapWalletNotFound)).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByLabel('Airtime amount')).toHaveValue('');
  await expect(page.getByLabel('Transaction PIN')).toHaveValue('');
  await expect(page).toHaveURL(/\/airtime-to-cash$/);
});

test('screenshot checks, continuing a pending swap and cancelling it', async ({ page }) => {
  const email = await customerWithPin(page, 'swappending');
  await page.goto('/airtime-to-cash');
  await expect(page.getByLabel('Wallet email')).toHaveValue(email);
  const sheet = await convertToWallet(page, '500');
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/screenshot-upload$/);

  const upload = page.getByRole('button', { name: 'Upload Screenshot' });
  // The screen's own message; the same words also come as a toast, which is an alert too.
  const inline = page.getByRole('main').getByRole('alert');
  await upload.click();
  await expect(inline.filter({ hasText: messages.swapScreenshotRequired })).toBeVisible();

  const input = page.locator('input[type=file]');
  await input.setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') },
  ]);
  await expect(inline.filter({ hasText: 'notes.txt is not a valid image format' })).toBeVisible();
  await input.setInputFiles([
    { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(MAX_IMAGE_BYTES + 1) },
  ]);
  await expect(
    inline.filter({ hasText: 'big.png is too large. Maximum size is 5MB' }),
  ).toBeVisible();
  await input.setInputFiles([
    pngFile('a.png'),
    pngFile('b.png'),
    pngFile('c.png'),
    pngFile('d.png'),
  ]);
  await expect(inline.filter({ hasText: messages.swapMaxImages })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Remove d.png' })).toHaveCount(0);
  await shot(page, '22-upload-three');

  // Leave without uploading: home shows the pending swap; Continue comes back here. The two
  // refusals' toasts cover the header at 390 px (and stay while the pointer rests on them).
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: /Complete Airtime to Cash Transfer/ }).click();
  await expect(page).toHaveURL(/\/pending-swap$/);
  await expect(page.getByText('PENDING TRANSFER')).toBeVisible();
  await expect(page.getByText('Not Uploaded')).toBeVisible();
  await expect(page.getByText('₦300.00')).toBeVisible();
  await shot(page, '23-pending');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/screenshot-upload$/);
  await expect(page.getByTestId('swap-recipient')).toHaveText(/^0\d{10}$/);
  await expect(page.getByRole('definition').filter({ hasText: '₦300.00' })).toBeVisible();

  // A new swap is refused while this one is open (the form says so and links to it).
  await page.goto('/airtime-to-cash');
  await expect(
    page.getByRole('link', { name: /You have a pending ₦500.00 MTN swap/ }),
  ).toBeVisible();

  await page.goto('/home');
  const prompt = page.getByRole('link', { name: /Complete Airtime to Cash Transfer/ });
  await expect(prompt).toContainText('You have a pending ₦500.00 MTN transfer');
  await prompt.click();
  // Cancelling asks first; keeping the swap changes nothing.
  await page.getByRole('button', { name: 'Cancel Swap' }).click();
  const confirm = page.getByRole('alertdialog', { name: messages.swapCancelConfirmTitle });
  await expect(confirm).toContainText(messages.swapCancelConfirm);
  await shot(page, '24-cancel-confirm');
  await confirm.getByRole('button', { name: 'Keep Swap' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('PENDING TRANSFER')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Swap' }).click();
  await confirm.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(page.getByText(messages.swapPendingCleared)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: /Complete Airtime to Cash Transfer/ })).toHaveCount(
    0,
  );
});

test('without a PIN the customer sets one first; missing navigation state starts over', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('swapnopin'));
  await page.getByRole('button', { name: 'Airtime to Cash', exact: true }).click();
  await expect(page).toHaveURL(/\/pin\/create$/);
  await page.goto('/airtime-to-cash');
  await expect(page).toHaveURL(/\/pin\/create$/);
  await tapPin(page, PIN);
  await tapPin(page, PIN);
  await expect(page).toHaveURL(/\/airtime-to-cash$/);
  await expect(page.getByRole('button', { name: 'Convert Airtime' })).toBeVisible();

  await page.goto('/screenshot-upload');
  await expect(page.getByText(messages.swapNoTransactionData)).toBeVisible();
  await expect(page).toHaveURL(/\/airtime-to-cash$/);

  await page.goto('/pending-swap');
  await expect(page).toHaveURL(/\/home$/);

  // The admin screen is for admins only.
  await page.goto('/admin/airtime-to-cash');
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('link', { name: 'Settings' }).waitFor();
  await page.goto('/airtime-to-cash/history');
  await expect(page.getByRole('heading', { name: 'Your Airtime Swaps' })).toBeVisible();
  await expect(page.getByText('No pending swaps')).toBeVisible();
  await shot(page, '24-history-empty');
  await page.getByRole('tab', { name: 'History (0)' }).click();
  await expect(page.getByText('No completed swaps yet')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
