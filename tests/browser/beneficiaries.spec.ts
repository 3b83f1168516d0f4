import { expect, test, type Page } from '@playwright/test';
import { beneficiaryMessages } from '@owo/shared/beneficiaries';
import { formatKobo } from '@owo/shared/money';
import { MAGIC_METERS } from '@owo/providers/sandbox/magic';
import { customerCall } from './support/customer-api';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, homeBalance, setPinByApi } from './support/wallet';

const PIN = '2580';
const METER_OWNER = 'Adebayo Oluwaseun Adeyemi';

/** A new customer (phone 08031234567) with a PIN and money, who bought before (by API). */
async function customerWithHistory(page: Page, prefix: string) {
  await signUpByEmail(page, newEmail(prefix));
  await setPinByApi(page, PIN);
  await fundWallet(page, 20_000);
  await page.goto('/home');
  await expect(homeBalance(page)).toHaveText(formatKobo(20_000 * 100));
  await customerCall(page, 'POST', '/vtpass/airtime', {
    phone: '08051234567',
    amount: 100,
    serviceID: 'glo',
    transactionPin: PIN,
  });
  await customerCall(page, 'POST', '/vtpass/utility', {
    serviceID: 'ikeja-electric',
    phone: '08031234567',
    billersCode: MAGIC_METERS.delivered,
    amount: 1000,
    variation_code: 'prepaid',
    transactionPin: PIN,
  });
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('airtime: a recent number fills the form in one tap; saved, renamed and removed', async ({
  page,
}) => {
  await customerWithHistory(page, 'benef');
  await page.goto('/airtime');
  const choices = page.getByRole('region', { name: 'Recent and saved' });
  const recent = choices.getByRole('button', { name: 'Use GLO, 08051234567' });
  await expect(recent).toBeVisible();
  // The meter bought is not offered on the phone screens.
  await expect(choices.getByRole('button')).toHaveCount(1);
  await shot(page, 'airtime-recents');
  await noSidewaysScroll(page);

  await expect(page.getByLabel('Phone number')).toHaveValue('08031234567');
  await recent.click();
  await expect(page.getByLabel('Phone number')).toHaveValue('08051234567');
  await expect(page.getByRole('button', { name: 'GLO', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Save it with a name: the form's rules apply to the name too.
  await page.getByRole('button', { name: 'Save as beneficiary' }).click();
  const sheet = page.getByRole('dialog', { name: 'Save beneficiary' });
  await expect(sheet).toContainText('GLO · 08051234567');
  await sheet.getByLabel('Name').fill('   ');
  await sheet.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sheet.getByText(beneficiaryMessages.labelRequired)).toBeVisible();
  await sheet.getByLabel('Name').fill('Sister');
  await shot(page, 'airtime-save-sheet');
  await sheet.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(sheet).toHaveCount(0);
  const saved = choices.getByRole('button', {
    name: /^Use Sister, (GLO · )?08051234567 \(saved\)$/,
  });
  await expect(saved).toBeVisible();
  await expect(choices.getByRole('button', { name: 'Use GLO, 08051234567' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as beneficiary' })).toHaveCount(0);

  // One tap fills the form from the saved one too (after typing another number).
  await page.getByLabel('Phone number').fill('08031234567');
  await saved.click();
  await expect(page.getByLabel('Phone number')).toHaveValue('08051234567');
  await shot(page, 'airtime-saved');

  // Rename, then remove, from Manage.
  await choices.getByRole('button', { name: 'Manage' }).click();
  const manage = page.getByRole('dialog', { name: 'Saved beneficiaries' });
  await manage.getByRole('button', { name: 'Rename Sister' }).click();
  await manage.getByLabel('New name for 08051234567').fill('Big sis');
  await manage.getByRole('button', { name: 'Save name' }).click();
  await expect(manage.getByText('Big sis')).toBeVisible();
  await shot(page, 'airtime-manage');
  await manage.getByRole('button', { name: 'Remove Big sis' }).click();
  await expect(manage.getByText('Nothing saved yet.')).toBeVisible();
  await manage.getByRole('button', { name: 'Close' }).click();
  // Removed from the saved list, it is a recent number again.
  await expect(choices.getByRole('button', { name: 'Use GLO, 08051234567' })).toBeVisible();

  // Saved beneficiaries follow the customer to the data screen (same kind: phone).
  await page.getByRole('button', { name: 'Save as beneficiary' }).click();
  await page.getByRole('dialog', { name: 'Save beneficiary' }).getByLabel('Name').fill('Sis');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.goto('/data');
  await page
    .getByRole('region', { name: 'Recent and saved' })
    .getByRole('button', { name: /^Use Sis, (GLO · )?08051234567 \(saved\)$/ })
    .click();
  await expect(page.getByLabel('Phone number')).toHaveValue('08051234567');
  await expect(page.getByRole('button', { name: 'GLO', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('electricity: the recent meter carries its verified name and fills provider and meter', async ({
  page,
}) => {
  await customerWithHistory(page, 'benefmeter');
  await page.goto('/utility');
  const chip = page.getByRole('region', { name: 'Recent and saved' }).getByRole('button', {
    name: `Use ${METER_OWNER}, Ikeja Electric · ${MAGIC_METERS.delivered}`,
  });
  await expect(chip).toBeVisible();
  await expect(chip).toContainText('Ikeja Electric');
  await chip.click();
  await expect(page.getByRole('button', { name: /^Provider/ })).toHaveText('Ikeja Electric');
  await expect(page.getByLabel('Meter number')).toHaveValue(MAGIC_METERS.delivered);
  await expect(page.getByTestId('verified-owner')).toContainText(METER_OWNER);
  await shot(page, 'utility-recents');
  await noSidewaysScroll(page);

  // The verified name is offered as the beneficiary's name.
  await page.getByRole('button', { name: 'Save as beneficiary' }).click();
  const sheet = page.getByRole('dialog', { name: 'Save beneficiary' });
  await expect(sheet.getByLabel('Name')).toHaveValue(METER_OWNER);
  await sheet.getByLabel('Name').fill('Home meter');
  await sheet.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('button', {
      name: `Use Home meter, Ikeja Electric · ${MAGIC_METERS.delivered} (saved)`,
    }),
  ).toBeVisible();
});

test('transfer: a past recipient is offered with their name and fills the e-mail', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage();
  const recipient = newEmail('benefto');
  await signUpByEmail(other, recipient, 'Bola');
  await other.close();

  await signUpByEmail(page, newEmail('beneffrom'));
  await setPinByApi(page, PIN);
  await fundWallet(page, 5_000);
  await customerCall(page, 'POST', '/transfers', {
    recipientIdentifier: recipient,
    amount: 100,
    transactionPin: PIN,
  });
  await page.goto('/transfer');
  const chip = page
    .getByRole('region', { name: 'Recent and saved' })
    .getByRole('button', { name: new RegExp(`^Use Bola .*, ${recipient.replace('.', '\\.')}$`) });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page.getByLabel('Email')).toHaveValue(recipient);
  await shot(page, 'transfer-recents');
  await noSidewaysScroll(page);
});
