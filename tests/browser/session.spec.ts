import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '@owo/shared/messages';
import { readCode } from './support/mail';
import { newEmail, signUpByEmail } from './support/flows';

test('a token in the address is exchanged for the user, and a bad one is refused', async ({
  page,
  request,
}) => {
  await signUpByEmail(page, newEmail('token'), 'Kemi');
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('root')!).state.auth.token as string,
  );
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/home?token=${token}`);
  await expect(page.getByText(messages.tokenFetched)).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hi, Kemi' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await page.goto('/home?token=not-a-real-token-at-all-000000');
  await expect(page.getByText(messages.tokenInvalid)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(
    (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);
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
