import fc from 'fast-check';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';
import { multipart, type Part } from '../../../../apps/api/test/multipart';

/** The files the upload cases are made of. */
export interface Images {
  /** A real PNG: only ever sent under the wrong field name or inside a broken body. */
  png: Buffer;
  /** A PNG whose header claims 60,000 × 60,000 pixels (a decompression bomb). */
  pixelBomb: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export async function makeImages(): Promise<Images> {
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: '#0B6E4F' },
  })
    .png()
    .toBuffer();
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixelBomb = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, pixelBomb };
}

export interface MultipartParts {
  category: string;
  payload: Buffer | string;
  headers: Record<string, string>;
}

const NOT_IMAGES: [string, Buffer][] = [
  ['text', Buffer.from('hello, this is not a picture')],
  ['pdf', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF')],
  ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
  ['gif', Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')],
  ['html', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ['zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
  ['nul', Buffer.alloc(64)],
];

const form = (parts: Part[], category: string): MultipartParts => ({
  category,
  ...multipart(parts),
});

/**
 * Broken uploads, each refused by construction: no or wrong boundary, a body cut short, the
 * image under another field name, files that are not JPEG/PNG/WebP, a forged PNG, a pixel bomb,
 * an empty or oversized file, too many parts.
 */
export function multipartCases(images: Images, field: string): fc.Arbitrary<MultipartParts>[] {
  const file = (data: Buffer, filename = 'shot.png', name = field): Part => ({
    name,
    data,
    filename,
    contentType: 'image/png',
  });
  return [
    fc.constant(null).map(() => {
      const body = multipart([file(images.png, 'shot.png', 'file')]);
      return {
        category: 'multipart:no-boundary',
        payload: body.payload,
        headers: { 'content-type': 'multipart/form-data' },
      };
    }),
    fc.constantFrom('zzz', '', '"', 'x'.repeat(200)).map((boundary) => {
      const body = multipart([file(Buffer.from('not an image'))]);
      return {
        category: 'multipart:wrong-boundary',
        payload: body.payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    }),
    fc.double({ min: 0, max: 0.95, noNaN: true }).map((fraction) => {
      const body = multipart([file(images.png)]);
      // Cut before the image's last bytes, so no complete image ever arrives.
      const cut = Math.floor((body.payload.length - 200) * fraction);
      return {
        category: 'multipart:truncated',
        payload: body.payload.subarray(0, cut),
        headers: body.headers,
      };
    }),
    fc
      .constantFrom('file', 'avatar', 'photo', 'IMAGE', `${field} `, '')
      .map((name) => form([file(images.png, 'shot.png', name)], 'multipart:wrong-field')),
    fc
      .constantFrom(...NOT_IMAGES)
      .map(([kind, data]) => form([file(data, `shot.${kind}`)], 'multipart:not-an-image')),
    fc
      .uint8Array({ minLength: 1, maxLength: 2000 })
      .map((garbage) =>
        form(
          [file(Buffer.concat([images.png.subarray(0, 24), Buffer.from(garbage)]))],
          'multipart:forged-png',
        ),
      ),
    fc.constant(null).map(() => form([file(images.pixelBomb)], 'multipart:pixel-bomb')),
    fc.constant(null).map(() => form([file(Buffer.alloc(0))], 'multipart:empty-file')),
    fc
      .constantFrom('shot.png', `${'x'.repeat(5000)}.png`, 'a\u0000b.png', '..\\..\\x.png')
      .map((name) =>
        form(
          [file(Buffer.concat([Buffer.alloc(MAX_IMAGE_BYTES), Buffer.from('x')]), name)],
          'multipart:oversized',
        ),
      ),
    fc
      .integer({ min: 6, max: 12 })
      .map((count) =>
        form(
          [
            ...Array.from({ length: count }, (_, i) => ({ name: `f${i}`, data: 'x' })),
            file(Buffer.from('not an image')),
          ],
          'multipart:too-many-parts',
        ),
      ),
    fc
      .constant(null)
      .map(() => form([file(Buffer.from('one')), file(Buffer.from('two'))], 'multipart:two-files')),
  ];
}
