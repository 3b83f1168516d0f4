import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { storedFiles } from '../src/db/schema';
import { createTestApp, customer, type TestApp } from './harness';
import { multipart } from './multipart';
import {
  eventsOf,
  expectError,
  get,
  newSwap,
  pngImage,
  signInAdmin,
  square,
  swapIn,
  swapRow,
  upload,
  verify,
} from './airtime-swap-support';

/** POST /api/airtime-swap/{swapId}/upload: the screenshot, judged by its bytes, owner only. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// A 1×1 GIF89a.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function storedScreenshots(): Promise<string[]> {
  const rows = await t.deps.database.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(eq(storedFiles.kind, 'swap_screenshot'));
  return rows.map((r) => r.id).sort();
}

async function expectUntouched(ref: string) {
  const row = await swapRow(t, ref);
  expect(row.status).toBe('PENDING_TRANSFER');
  expect(row.screenshotUrl).toBe('');
}

describe('a valid screenshot', () => {
  it.each([
    ['PNG', () => pngImage(), 'shot.png', 'image/png', 'png'],
    ['JPEG', () => square().jpeg().toBuffer(), 'shot.jpg', 'image/jpeg', 'jpeg'],
    ['JPEG named .jpeg', () => square().jpeg().toBuffer(), 'shot.jpeg', 'image/jpeg', 'jpeg'],
    ['WebP', () => square().webp().toBuffer(), 'shot.webp', 'image/webp', 'webp'],
  ])(
    'a %s moves the swap to AWAITING_VERIFICATION and is served back to its owner',
    async (_kind, make, filename, contentType, format) => {
      const user = await customer(t);
      const ref = await newSwap(t, user, 'wallet');
      const res = await upload(t, user.token, ref, await make(), filename);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: messages.swapScreenshotUploaded,
        data: { swapId: ref, status: 'AWAITING_VERIFICATION', screenshotUploaded: true },
      });
      const url: string = body.data.screenshotUrl;
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const served = await t.request({ method: 'GET', url, token: user.token });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(contentType);
      expect((await sharp(served.rawPayload).metadata()).format).toBe(format);

      const row = await swapRow(t, ref);
      expect(row).toMatchObject({ status: 'AWAITING_VERIFICATION', screenshotUrl: url });
      const events = await eventsOf(t, row.id);
      expect(events.at(-1)).toMatchObject({
        action: 'upload',
        actorId: user.id,
        fromStatus: 'PENDING_TRANSFER',
        toStatus: 'AWAITING_VERIFICATION',
      });
    },
  );

  it('accepts the uuid (_id) of the swap as well as its reference', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'bank');
    const { id } = await swapRow(t, ref);
    const res = await upload(t, user.token, id, await pngImage());
    expect(res.statusCode, res.body).toBe(200);
    expect((await swapRow(t, ref)).status).toBe('AWAITING_VERIFICATION');
  });

  it('takes the first image when several are sent (spec: only the first is sent)', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const body = multipart([
      { name: 'screenshot', data: await pngImage(), filename: 'a.png', contentType: 'image/png' },
      { name: 'screenshot', data: GIF, filename: 'b.gif', contentType: 'image/gif' },
    ]);
    const res = await t.request({
      method: 'POST',
      url: `/api/airtime-swap/${ref}/upload`,
      token: user.token,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const served = await get(t, user.token, res.json().data.screenshotUrl);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('strips the picture’s metadata (EXIF such as GPS) by re-encoding it', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const withExif = await square()
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(t, user.token, ref, withExif, 'shot.jpg');
    expect(res.statusCode).toBe(200);
    const served = await get(t, user.token, res.json().data.screenshotUrl);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });
});

describe('refused screenshots (spec 2 §5 texts), nothing stored, the swap unchanged', () => {
  it.each([
    ['a GIF', () => GIF, 'funny.gif'],
    ['a text file named .png', () => Buffer.from('hello, not a picture'), 'fake.png'],
    [
      'an SVG named .png',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
    ],
    ['a PDF named .jpg', () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'doc.jpg'],
    ['a truncated PNG', async () => (await pngImage()).subarray(0, 60), 'cut.png'],
  ])('%s → 415 "<name> is not a valid image format"', async (_kind, make, filename) => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const before = await storedScreenshots();
    const res = await upload(t, user.token, ref, await make(), filename);
    expectError(res, 415, `${filename} is not a valid image format`);
    expect(res.json().code).toBe('IMAGE_INVALID_TYPE');
    await expectUntouched(ref);
    expect(await storedScreenshots()).toEqual(before);
  });

  it('a file over 5 MB → 413 "<name> is too large. Maximum size is 5MB"', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const png = await pngImage();
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const before = await storedScreenshots();
    const res = await upload(t, user.token, ref, big, 'huge.png');
    expectError(res, 413, 'huge.png is too large. Maximum size is 5MB');
    await expectUntouched(ref);
    expect(await storedScreenshots()).toEqual(before);
  });

  it('a file of exactly 5 MB is accepted', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    // A real PNG padded after its end marker: decoders ignore trailing bytes.
    const png = await pngImage();
    const exact = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES - png.length)]);
    const res = await upload(t, user.token, ref, exact, 'exact.png');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows only the file name’s last part, printable, in the message', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const res = await upload(t, user.token, ref, GIF, '../../etc/a\u0007b.gif');
    expectError(res, 415, 'ab.gif is not a valid image format');
  });

  it('no screenshot → 400 "Please select at least one screenshot"', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const url = `/api/airtime-swap/${ref}/upload`;
    const other = multipart([{ name: 'note', data: 'no file' }]);
    const cases = [
      // the picture under another field name (the profile picture's)
      await upload(t, user.token, ref, await pngImage(), 'a.png', 'image'),
      await upload(t, user.token, ref, Buffer.alloc(0)),
      await t.request({ method: 'POST', url, token: user.token, ...other }),
      await t.request({ method: 'POST', url, token: user.token, payload: { screenshot: 'x' } }),
      await t.request({ method: 'POST', url, token: user.token }),
      // malformed multipart bodies: the client's fault, never a 500
      await t.request({
        method: 'POST',
        url,
        token: user.token,
        payload: Buffer.from('garbage'),
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      }),
    ];
    for (const res of cases) expectError(res, 400, messages.swapScreenshotRequired);
    await expectUntouched(ref);
  });
});

describe('who may upload, and when', () => {
  it('another user gets 404 and the swap is unchanged; a bad id gets the spec text', async () => {
    const owner = await customer(t);
    const ref = await newSwap(t, owner, 'wallet');
    const { id } = await swapRow(t, ref);
    const other = await customer(t);
    const png = await pngImage();
    expectError(await upload(t, other.token, ref, png), 404, messages.swapNotFound);
    expectError(await upload(t, other.token, id, png), 404, messages.swapNotFound);
    expectError(await upload(t, other.token, 'SWP-ZZZZZZZZ', png), 404, messages.swapNotFound);
    for (const bad of ['undefined', 'null', 'SWP-1', '123']) {
      expectError(await upload(t, owner.token, bad, png), 400, messages.swapIdInvalid);
    }
    expectError(await upload(t, undefined, ref, png), 401, messages.unauthorized);
    await expectUntouched(ref);
  });

  it('a second upload says the screenshot is already uploaded; the first stays', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    const first = await upload(t, user.token, ref, await pngImage());
    expect(first.statusCode).toBe(200);
    const files = await storedScreenshots();
    const again = await upload(t, user.token, ref, await pngImage());
    expectError(again, 409, messages.swapScreenshotAlreadyUploaded);
    expect((await swapRow(t, ref)).screenshotUrl).toBe(first.json().data.screenshotUrl);
    expect(await storedScreenshots()).toEqual(files);
  });

  it.each(['PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const)(
    'a swap that is %s takes no screenshot (409 naming the status)',
    async (status) => {
      const admin = await signInAdmin(t);
      const { user, ref } = await swapIn(t, admin, status, 'bank');
      const before = await swapRow(t, ref);
      const res = await upload(t, user.token, ref, await pngImage());
      expectError(res, 409, `Cannot upload a screenshot for this swap: its status is ${status}.`);
      expect(await swapRow(t, ref)).toEqual(before);
    },
  );

  it('the owner’s pending swap shows the screenshot once uploaded', async () => {
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    await upload(t, user.token, ref, await pngImage());
    const pending = (await get(t, user.token, '/api/airtime-swap/pending')).json();
    expect(pending.pendingSwap).toMatchObject({
      swapId: ref,
      screenshotUploaded: true,
      screenshotUrl: expect.stringMatching(/^\/api\/files\//),
    });
  });

  it('an admin can approve once the screenshot is in', async () => {
    const admin = await signInAdmin(t);
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    await upload(t, user.token, ref, await pngImage());
    expect((await verify(t, admin.token, ref, { action: 'approve' })).statusCode).toBe(200);
  });
});
