import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, test, type Page } from '@playwright/test';
import { MAGIC_METERS } from '@owo/providers/sandbox/magic';
import { newEmail, signUpByEmail } from './support/flows';
import { shot } from './support/shots';
import { fundWallet, sessionOf, setPinByApi } from './support/wallet';

const PIN = '2468';

/** A prepaid electricity purchase over the API (the purchase screens have their own tests). */
async function buyElectricity(page: Page): Promise<{ reference: string; token: string }> {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.post('/api/transactions/utility', {
      data: {
        amount: 1500,
        disco_name: 1,
        meter_number: MAGIC_METERS.delivered,
        meterType: 'prepaid',
        transactionPin: PIN,
      },
      headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': randomUUID() },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    const body = (await reply.json()) as {
      data: { reference: string; metadata: { token?: string } };
    };
    expect(body.data.metadata.token).toBeTruthy();
    return { reference: body.data.reference, token: body.data.metadata.token! };
  } finally {
    await ctx.dispose();
  }
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Colours of the image at points given in the receipt's own 390-wide units. */
async function pixelsOf(page: Page, png: Buffer, points: [number, number][]) {
  return page.evaluate(
    async ({ data, points }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const scale = image.naturalWidth / 390;
      return points.map(([x, y]) => {
        const [r, g, b] = ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
        return `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
      });
    },
    { data: png.toString('base64'), points },
  );
}

async function openElectricityDetail(page: Page) {
  await page.goto('/transactions');
  await page.getByRole('button', { name: /Ikeja Electric/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(sheet.getByTestId('detail-token')).toBeVisible();
  return sheet;
}

test('Share receipt downloads a receipt image where the browser cannot share files', async ({
  page,
}) => {
  await signUpByEmail(page, newEmail('receipt'));
  await setPinByApi(page, PIN);
  await fundWallet(page, 5000, 'e2e receipt');
  const { reference } = await buyElectricity(page);

  const sheet = await openElectricityDetail(page);
  await shot(page, 'receipt-detail-sheet');
  await sheet.getByRole('button', { name: 'Share receipt' }).scrollIntoViewIfNeeded();
  await shot(page, 'receipt-share-button');
  // Debian's Chromium has no file sharing: the receipt is saved instead.
  expect(await page.evaluate(() => typeof navigator.canShare)).not.toBe('function');
  const downloading = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Share receipt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`owo-receipt-${reference}.png`);
  await expect(page.getByText('Receipt saved to your downloads')).toBeVisible();

  const file = test.info().outputPath('receipt.png');
  await download.saveAs(file);
  const png = readFileSync(file);
  const { width, height } = pngSize(png);
  // Drawn three times over a phone's 390 px width, as tall as its content.
  expect(width).toBe(390 * 3);
  expect(height).toBeGreaterThan(600 * 3);
  expect(height).toBeLessThan(1200 * 3);
  if (process.env.SHOTS_DIR) writeFileSync(path.join(process.env.SHOTS_DIR, 'receipt.png'), png);

  // The brand band at the top, the page colour at the corner, the white card beside the amount.
  const [band, corner, card] = await pixelsOf(page, png, [
    [30, 60],
    [2, 2],
    [60, 150],
  ]);
  expect(band).toBe('#0b6e4f');
  expect(corner).toBe('#f4f7f5');
  expect(card).toBe('#ffffff');
});

test('Share receipt hands the image to the share sheet where the browser can share files', async ({
  page,
}) => {
  // A browser with file sharing (Android Chrome, iOS Safari): canShare and share as specified.
  await page.addInitScript(() => {
    const record = window as unknown as { shared: unknown[] };
    record.shared = [];
    Object.defineProperty(navigator, 'canShare', {
      value: (data: ShareData) => Array.isArray(data.files) && data.files.length > 0,
    });
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        const file = data.files![0]!;
        const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
        record.shared.push({
          name: file.name,
          type: file.type,
          size: file.size,
          png: Array.from(head, (b) => b.toString(16).padStart(2, '0')).join(''),
          title: data.title,
          text: data.text,
        });
      },
    });
  });
  await signUpByEmail(page, newEmail('receipt-share'));
  await setPinByApi(page, PIN);
  await fundWallet(page, 5000, 'e2e receipt');
  const { reference } = await buyElectricity(page);

  const sheet = await openElectricityDetail(page);
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await sheet.getByRole('button', { name: 'Share receipt' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length))
    .toBe(1);
  const [shared] = await page.evaluate(
    () => (window as unknown as { shared: Record<string, unknown>[] }).shared,
  );
  expect(shared).toMatchObject({
    name: `owo-receipt-${reference}.png`,
    type: 'image/png',
    png: '89504e470d0a1a0a',
    title: 'Owo receipt',
    // The browser suite runs the sandbox: its receipts say no real money moved.
    text: 'Ikeja Electric: ₦1,500.00 (Successful) [SANDBOX · No real money moved]',
  });
  expect(shared!.size as number).toBeGreaterThan(10_000);
  await expect(sheet.getByRole('button', { name: 'Share receipt' })).toBeEnabled();
  expect(downloaded).toBe(false);
  await expect(page.getByText('Receipt saved to your downloads')).toHaveCount(0);
});
