import { deflateSync } from 'node:zlib';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SwapCreateReply } from '@owo/shared/api-types';
import { sessionOf } from './wallet';

/** Airtime-to-cash set-up for browser tests: screenshot fixtures and API shortcuts. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (signature, IHDR, IDAT, IEND): a small phone-shaped picture with a green header band,
 * like a transfer confirmation, so the server's image check and the previews see a true image.
 */
export function pngScreenshot(width = 60, height = 100): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1) {
      const band = y < height / 4;
      const line = !band && y % 12 < 3 && x > 8 && x < width - 8;
      rows.push(...(band ? [11, 110, 79] : line ? [200, 210, 205] : [250, 250, 250]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngFile = (name = 'transfer.png') => ({
  name,
  mimeType: 'image/png',
  buffer: pngScreenshot(),
});

async function customerApi(page: Page): Promise<{ ctx: APIRequestContext; auth: string }> {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  return { ctx, auth: `Bearer ${auth.token}` };
}

/** Creates a swap for the signed-in customer and uploads a screenshot for it, over HTTP. */
export async function swapWithScreenshotByApi(
  page: Page,
  body: Record<string, unknown>,
): Promise<SwapCreateReply['data']> {
  const { ctx, auth } = await customerApi(page);
  try {
    const created = await ctx.post('/api/airtime-swap', {
      data: body,
      headers: { Authorization: auth },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { data } = (await created.json()) as SwapCreateReply;
    const uploaded = await ctx.post(`/api/airtime-swap/${data.swapId}/upload`, {
      multipart: { screenshot: pngFile() },
      headers: { Authorization: auth },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    return data;
  } finally {
    await ctx.dispose();
  }
}
