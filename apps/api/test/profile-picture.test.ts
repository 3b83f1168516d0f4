import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { storedFiles } from '../src/db/schema';
import { createTestApp, signUp, type TestApp } from './harness';
import { imageUpload, multipart } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const square = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#0B6E4F' } });
const pngImage = () => square().png().toBuffer();
// A 1×1 GIF89a.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function upload(
  token: string | undefined,
  body: { payload: Buffer; headers: Record<string, string> },
) {
  return t.request({
    method: 'POST',
    url: '/api/user/upload-profile-picture',
    token,
    payload: body.payload,
    headers: body.headers,
  });
}
const getUser = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/user', token })).json().data;
const pictureOf = async (token: string) => {
  const { imageUrl, thumbnailUrl, originalImageUrl } = await getUser(token);
  return { imageUrl, thumbnailUrl, originalImageUrl };
};
/** The kinds and ids of the user's stored files, sorted. */
async function avatarFiles(userId: string): Promise<string[]> {
  const rows = await t.deps.database.db
    .select({ id: storedFiles.id, kind: storedFiles.kind })
    .from(storedFiles)
    .where(eq(storedFiles.ownerId, userId));
  return rows.map((r) => `${r.kind} ${r.id}`).sort();
}

async function fetchImage(url: string, token: string) {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata() };
}

const FILE_URL = /^\/api\/files\/[0-9a-f-]{36}$/;

describe('POST /api/user/upload-profile-picture', () => {
  it.each([
    ['PNG', 'avatar.png', 'image/png', () => pngImage(), 'image/png', 'png'],
    ['JPEG', 'avatar.jpg', 'image/jpeg', () => square().jpeg().toBuffer(), 'image/jpeg', 'jpeg'],
    ['WebP', 'avatar.webp', 'image/webp', () => square().webp().toBuffer(), 'image/webp', 'webp'],
  ])(
    'stores a %s in three sizes and serves them to its owner',
    async (_kind, filename, type, make, contentType, format) => {
      const { token, id } = await signUp(t);
      const res = await upload(token, imageUpload(await make(), filename, type));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: messages.profilePictureUpdated });
      const { imageUrl, thumbnailUrl, originalImageUrl } = body.data;
      for (const url of [imageUrl, thumbnailUrl, originalImageUrl]) expect(url).toMatch(FILE_URL);
      expect(await avatarFiles(id)).toHaveLength(3);

      const thumb = await fetchImage(thumbnailUrl, token);
      expect(thumb.res.headers['content-type']).toBe('image/webp');
      expect(thumb.res.headers['cache-control']).toMatch(/^private\b/);
      expect(thumb.meta).toMatchObject({ format: 'webp', width: 128, height: 128 });
      const image = await fetchImage(imageUrl, token);
      expect(image.meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
      const original = await fetchImage(originalImageUrl, token);
      expect(original.res.headers['content-type']).toBe(contentType);
      expect(original.meta).toMatchObject({ format, width: 300, height: 300 });

      expect(await pictureOf(token)).toEqual({ imageUrl, thumbnailUrl, originalImageUrl });
    },
  );

  it('re-encodes the picture, dropping EXIF metadata', async () => {
    const { token } = await signUp(t);
    const withExif = await square()
      .jpeg()
      .withExif({ IFD0: { Artist: 'secret-location-lagos' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(token, imageUpload(withExif, 'me.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const original = await fetchImage(res.json().data.originalImageUrl, token);
    expect(original.meta.exif).toBeUndefined();
    expect(original.res.rawPayload.includes('secret-location-lagos')).toBe(false);
  });

  it('judges the picture by its bytes, not its name or declared type', async () => {
    const { token } = await signUp(t);
    const res = await upload(
      token,
      imageUpload(await pngImage(), 'photo.gif', 'application/octet-stream'),
    );
    expect(res.statusCode).toBe(200);
    const original = await fetchImage(res.json().data.originalImageUrl, token);
    expect(original.res.headers['content-type']).toBe('image/png');
  });

  it('a new picture replaces the old one: its files are deleted, its URLs answer 404', async () => {
    const { token, id } = await signUp(t);
    const first = (await upload(token, imageUpload(await pngImage()))).json().data;
    const second = await upload(
      token,
      imageUpload(await square().jpeg().toBuffer(), 'b.jpg', 'image/jpeg'),
    );
    expect(second.statusCode).toBe(200);
    const now = second.json().data;
    expect(await pictureOf(token)).toEqual(now);
    const files = await avatarFiles(id);
    expect(files).toHaveLength(3);
    for (const url of Object.values<string>(now)) {
      expect(files.some((f) => f.endsWith(url.split('/').at(-1) ?? '?'))).toBe(true);
    }
    for (const url of Object.values<string>(first)) {
      expect((await t.request({ method: 'GET', url, token })).statusCode).toBe(404);
    }
  });

  it('keeps the first picture when a later upload fails', async () => {
    const { token, id } = await signUp(t);
    const first = await upload(token, imageUpload(await pngImage()));
    expect(first.statusCode).toBe(200);
    const before = await pictureOf(token);
    expect(before).toEqual(first.json().data);
    const files = await avatarFiles(id);
    expect(files).toHaveLength(3);

    const failures = [
      await upload(token, imageUpload(GIF, 'a.gif', 'image/gif')),
      await upload(token, imageUpload('just text', 'a.png', 'image/png')),
      await upload(token, imageUpload(Buffer.alloc(MAX_IMAGE_BYTES + 1, 1))),
      await upload(token, multipart([{ name: 'note', data: 'hello' }])),
    ];
    expect(failures.map((r) => r.statusCode)).toEqual([415, 415, 413, 400]);
    expect(await pictureOf(token)).toEqual(before);
    expect(await avatarFiles(id)).toEqual(files);
  });

  it.each([
    ['a GIF', () => GIF, 'a.gif', 'image/gif'],
    [
      'a text file named .png',
      () => Buffer.from('hello, this is not a picture'),
      'fake.png',
      'image/png',
    ],
    [
      'an SVG named .png',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
      'image/png',
    ],
    ['a PDF', () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'doc.png', 'image/png'],
    ['a truncated PNG', async () => (await pngImage()).subarray(0, 60), 'cut.png', 'image/png'],
  ])('refuses %s with 415 and stores nothing', async (_kind, make, filename, type) => {
    const { token, id } = await signUp(t);
    const res = await upload(token, imageUpload(await make(), filename, type));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'IMAGE_INVALID_TYPE',
      message: messages.imageInvalidType,
    });
    expect(await pictureOf(token)).toEqual({
      imageUrl: '',
      thumbnailUrl: '',
      originalImageUrl: '',
    });
    expect(await avatarFiles(id)).toEqual([]);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { token, id } = await signUp(t);
    const png = await pngImage();
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    const res = await upload(token, imageUpload(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: messages.imageTooLarge });
    expect(await pictureOf(token)).toEqual({
      imageUrl: '',
      thumbnailUrl: '',
      originalImageUrl: '',
    });
    expect(await avatarFiles(id)).toEqual([]);
  });

  it('answers 400 when there is no file', async () => {
    const { token } = await signUp(t);
    const cases = [
      await upload(token, multipart([{ name: 'note', data: 'no picture here' }])),
      await upload(token, imageUpload(Buffer.alloc(0))),
      await t.request({
        method: 'POST',
        url: '/api/user/upload-profile-picture',
        token,
        payload: { image: 'data:image/png;base64,AAAA' },
      }),
      await t.request({ method: 'POST', url: '/api/user/upload-profile-picture', token }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.imageRequired });
    }
    expect(await pictureOf(token)).toEqual({
      imageUrl: '',
      thumbnailUrl: '',
      originalImageUrl: '',
    });
  });

  it('answers 400, never 500, for a malformed multipart body', async () => {
    const { token } = await signUp(t);
    const whole = imageUpload(await pngImage());
    const cases = [
      { payload: Buffer.from('garbage'), headers: { 'content-type': 'multipart/form-data' } },
      {
        payload: Buffer.from('garbage'),
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      },
      { payload: whole.payload.subarray(0, whole.payload.length - 40), headers: whole.headers },
    ];
    for (const body of cases) {
      const res = await upload(token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.imageRequired });
    }
    expect(await pictureOf(token)).toEqual({
      imageUrl: '',
      thumbnailUrl: '',
      originalImageUrl: '',
    });
  });

  it('answers 401 without a token and stores nothing', async () => {
    const listing = async () =>
      (await t.deps.database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const before = await listing();
    const res = await upload(undefined, imageUpload(await pngImage()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: messages.unauthorized });
    const bad = await upload('not-a-real-token-not-a-real-token', imageUpload(await pngImage()));
    expect(bad.statusCode).toBe(401);
    expect(await listing()).toEqual(before);
  });

  it('answers 404 JSON for a file that does not exist or an id that is not one', async () => {
    const { token } = await signUp(t);
    for (const url of [`/api/files/${randomUUID()}`, '/api/files/nothing-128.webp']) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: messages.notFound });
    }
  });
});
