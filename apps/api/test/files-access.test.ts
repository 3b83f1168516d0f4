import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@owo/shared/messages';
import { createTestApp, customer, type TestApp } from './harness';
import { imageUpload } from './multipart';
import { newSwap, pngImage, signInAdmin, upload } from './airtime-swap-support';

/**
 * Uploaded pictures live in the database and are served by GET /api/files/:id to their owner and
 * admins only, by any node: here two apps on one database (on PostgreSQL, two connection pools,
 * as two API processes would have), each with a data directory of its own.
 */

let nodeA: TestApp;
let nodeB: TestApp;
beforeAll(async () => {
  nodeA = await createTestApp();
  nodeB = await createTestApp({}, { sameDatabaseAs: nodeA });
});
afterAll(async () => {
  // The second node first: the first one drops the database.
  await nodeB?.close();
  await nodeA?.close();
});

const fetchFrom = (node: TestApp, url: string, token?: string) =>
  node.request({ method: 'GET', url, token });

async function avatarOf(token: string) {
  const res = await nodeA.request({
    method: 'POST',
    url: '/api/user/upload-profile-picture',
    token,
    ...imageUpload(await pngImage()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { imageUrl: string; thumbnailUrl: string; originalImageUrl: string };
}

async function screenshotOf(owner: Awaited<ReturnType<typeof customer>>) {
  const ref = await newSwap(nodeA, owner, 'wallet');
  const res = await upload(nodeA, owner.token, ref, await pngImage());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.screenshotUrl as string;
}

function expectNotFound(res: Awaited<ReturnType<TestApp['request']>>) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ success: false, message: messages.notFound });
}

describe('GET /api/files/:id', () => {
  it('an avatar uploaded through one node is served by the other to its owner', async () => {
    const owner = await customer(nodeA);
    const urls = await avatarOf(owner.token);
    const stored = await fetchFrom(nodeA, urls.originalImageUrl, owner.token);
    const res = await fetchFrom(nodeB, urls.originalImageUrl, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.rawPayload.equals(stored.rawPayload)).toBe(true);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // Nothing went to either node's disk.
    for (const node of [nodeA, nodeB]) {
      expect(existsSync(path.join(node.deps.config.dataDir, 'uploads'))).toBe(false);
    }
  });

  it('a swap screenshot: the customer and an admin get it, another customer 404, no token 401', async () => {
    const owner = await customer(nodeA);
    const url = await screenshotOf(owner);
    const other = await customer(nodeA);
    const admin = await signInAdmin(nodeA);

    for (const node of [nodeA, nodeB]) {
      const mine = await fetchFrom(node, url, owner.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      const asAdmin = await fetchFrom(node, url, admin.token);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.rawPayload.equals(mine.rawPayload)).toBe(true);
      // The same answer as for a file that does not exist: an id reveals nothing.
      expectNotFound(await fetchFrom(node, url, other.token));
      const anonymous = await fetchFrom(node, url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, message: messages.unauthorized });
    }
  });

  it('an avatar: its owner and admins only', async () => {
    const owner = await customer(nodeA);
    const { thumbnailUrl } = await avatarOf(owner.token);
    const other = await customer(nodeB);
    const admin = await signInAdmin(nodeA);
    expect((await fetchFrom(nodeB, thumbnailUrl, owner.token)).statusCode).toBe(200);
    expect((await fetchFrom(nodeB, thumbnailUrl, admin.token)).statusCode).toBe(200);
    expectNotFound(await fetchFrom(nodeB, thumbnailUrl, other.token));
    expect((await fetchFrom(nodeB, thumbnailUrl)).statusCode).toBe(401);
    expect((await fetchFrom(nodeB, thumbnailUrl, 'x'.repeat(40))).statusCode).toBe(401);
  });

  it('a replaced avatar is gone from every node', async () => {
    const owner = await customer(nodeA);
    const before = await avatarOf(owner.token);
    const after = await avatarOf(owner.token);
    for (const url of Object.values(before))
      expectNotFound(await fetchFrom(nodeB, url, owner.token));
    for (const url of Object.values(after)) {
      expect((await fetchFrom(nodeB, url, owner.token)).statusCode).toBe(200);
    }
  });
});
