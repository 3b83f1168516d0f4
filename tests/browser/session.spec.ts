import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '@owo/shared/messages';
import { readCode } from './support/mail';
import { newEmail, signUpByEmail } from './support/flows';

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('root')!).state.auth.token as string);
const userWith = (request: APIRequestContext, token: string) =>
  request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });

test('a token in the address is exchanged once for a session of its own; a bad one is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpByEmail(page, newEmail('token'), 'Kemi');
  const token = await storedToken(page);
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/home?token=${token}`);
  // The exchange is a write: on a busy machine it takes longer than the default 5 s.
  await expect(page.getByText(messages.tokenFetched)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hi, Kemi' })).toBeVisible();
  // The link is used up; the browser holds a fresh token that never was in an address.
  const fresh = await storedToken(page);
  expect(fresh).not.toBe(token);
  expect((await userWith(request, token)).status()).toBe(401);
  expect((await userWith(request, fresh)).status()).toBe(200);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/home?token=not-a-real-token-at-all-000000');
  await expect(page.getByText(messages.tokenInvalid)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/$/);
});

test('a link for another account asks before switching, and staying changes nothing', async ({
  browser,
  page,
  request,
}) => {
  // Two sign-ups by e-mail code: slower than one on a busy machine.
  test.setTimeout(180_000);
  // The link's account signs up in a browser of its own.
  const other = await browser.newPage();
  const linkEmail = await signUpByEmail(other, newEmail('link'), 'Bola');
  const linkToken = await storedToken(other);
  await other.close();

  const myEmail = await signUpByEmail(page, newEmail('mine'), 'Chidi');
  const myToken = await storedToken(page);
  await page.goto(`/home?token=${linkToken}`);
  const question = page.getByRole('alertdialog', { name: messages.tokenSwitchTitle });
  await expect(question).toBeVisible({ timeout: 20_000 });
  await expect(question).toContainText(messages.tokenSwitchBody(linkEmail, myEmail));

  await question.getByRole('button', { name: messages.tokenSwitchStay }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hi, Chidi' })).toBeVisible();
  expect(await storedToken(page)).toBe(myToken);
  // Staying leaves the link as it was (not used up).
  expect((await userWith(request, linkToken)).status()).toBe(200);

  await page.goto(`/home?token=${linkToken}`);
  await question.getByRole('button', { name: messages.tokenSwitchConfirm }).click();
  // A logout, then the exchange: two writes before the toast.
  await expect(page.getByText(messages.tokenFetched)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Hi, Bola' })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  // Switching signed the previous account out on the server too, and used the link up.
  expect((await userWith(request, myToken)).status()).toBe(401);
  expect((await userWith(request, linkToken)).status()).toBe(401);
});

test('a customer replaces their profile picture', async ({ page, request }) => {
  await signUpByEmail(page, newEmail('avatar'), 'Tobi');
  await page.getByRole('link', { name: 'Settings' }).click();
  const picture = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#f5a623' },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Change profile picture')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
  await expect(page.getByText(messages.profilePictureUpdated)).toBeVisible();
  // The picture is the owner's only (decision 0021): fetched with the token, shown as a blob: URL.
  const avatar = page.locator('img[src^="blob:"]').first();
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const { imageUrl } = await page.evaluate(
    () => JSON.parse(localStorage.getItem('root')!).state.user as { imageUrl: string },
  );
  expect(imageUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
  expect((await request.get(imageUrl)).status()).toBe(401);

  // A file that only pretends to be an image is refused by the server.
  await page.getByLabel('Change profile picture').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image at all'),
  });
  await expect(
    page.getByText(messages.profilePictureFailed).or(page.getByText(messages.imageInvalidType)),
  ).toBeVisible();
});

test('Resend OTP keeps to one code a minute and the code already sent still works', async ({
  page,
}) => {
  const email = newEmail('resend');
  await page.goto('/account/create');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/otp$/);
  const first = await readCode(email);
  // One code a minute: the link counts the minute down instead of offering a resend the server
  // would refuse (the server's own refusal is the API tests' to show).
  await expect(page.getByRole('timer')).toHaveText(/Resend OTP in 0:[56]\d/);
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  await page.getByLabel('OTP code').fill(first);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/account\/complete-registration$/);
});
