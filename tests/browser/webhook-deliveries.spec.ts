import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Page } from '@playwright/test';
import { MAGIC_PHONES } from '@owo/providers/sandbox/magic';
import { developerWebhookMessages as texts } from '@owo/shared/developer-webhooks';
import { customerCall } from './support/customer-api';
import { newEmail, signUpByEmail } from './support/flows';
import { verifyByApi } from './support/kyc';
import { shot } from './support/shots';
import { fundWallet } from './support/wallet';

/**
 * Profile → Developer → Webhook deliveries (decision 0089) at 390 px, on real deliveries: a
 * reseller's key with a webhook URL on a listener of this test's, an order bought over /api/v1,
 * the server's webhook job posting it (the listener refuses the first post: Retrying), then
 * Replay from the screen and the same body delivered, signed with the key's secret.
 */

test.use({ viewport: { width: 390, height: 844 } });

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

interface Post {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The reseller's endpoint: answers 500 to the first post, 200 to the rest. */
async function listener() {
  const posts: Post[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = posts.length === 1 ? 500 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/owo-hooks`,
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** docs/webhooks.md: v1 = hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
function signedBy(secret: string, post: Post) {
  const mac = createHmac('sha256', secret)
    .update(`${String(post.headers['owo-timestamp'])}.${post.body}`)
    .digest('hex');
  return post.headers['owo-signature'] === `v1=${mac}`;
}

test('Webhook deliveries: a real order’s notice retrying, then replayed and delivered', async ({
  page,
}) => {
  const endpoint = await listener();
  try {
    const email = await signUpByEmail(page, newEmail('hooks'), 'Kemi');
    await page.goto('/profile/developer/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
    await expect(page.getByText(texts.empty)).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'webhooks-01-empty');

    await verifyByApi(page, email);
    await fundWallet(page, 1_000);
    const created = await customerCall<{ data: { secret: string; webhookSecret: string } }>(
      page,
      'POST',
      '/developer/keys',
      { name: 'Kemi’s shop bot', scopes: ['read', 'purchase'], webhookUrl: endpoint.url },
    );
    const { secret, webhookSecret } = created.data;

    // The reseller buys over the API with the key.
    const reseller = await request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const bought = await reseller.post('/api/v1/purchases/airtime', {
        headers: { Authorization: `Bearer ${secret}` },
        data: {
          reference: `kemi-${Date.now()}`,
          network: 'MTN',
          phone: MAGIC_PHONES.delivered,
          amount: 100,
        },
      });
      expect(bought.status(), await bought.text()).toBe(200);
    } finally {
      await reseller.dispose();
    }

    // The job posts it; the listener refuses that first post.
    await expect.poll(() => endpoint.posts.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.reload();
    const rows = page.getByRole('list', { name: texts.title }).getByTestId('webhook-delivery');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Retrying (1 attempt)');
    await expect(rows.first()).toContainText('HTTP 500');
    await expectAxeClean(page);
    await shot(page, 'webhooks-02-retrying');

    await rows
      .first()
      .getByRole('button', { name: /Replay/ })
      .click();
    await expect(page.getByText(texts.replayed)).toBeVisible();
    await expect.poll(() => endpoint.posts.length, { timeout: 60_000 }).toBe(2);
    await page.reload();
    await expect(rows.first()).toContainText(texts.delivered);
    await expect(rows.first()).toContainText('HTTP 200');
    await shot(page, 'webhooks-03-delivered');

    // The same notice both times, each signed with the key's secret.
    const [first, second] = endpoint.posts;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['owo-delivery']).toBe(first!.headers['owo-delivery']);
    expect(JSON.parse(second!.body)).toMatchObject({
      event: 'purchase.delivered',
      data: { status: 'success', product: 'airtime' },
    });
    expect(signedBy(webhookSecret, first!)).toBe(true);
    expect(signedBy(webhookSecret, second!)).toBe(true);
  } finally {
    await endpoint.close();
  }
});
