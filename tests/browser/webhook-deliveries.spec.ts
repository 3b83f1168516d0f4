import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  developerWebhookMessages as texts,
  type WebhookDeliveriesReply,
  type WebhookDeliveryDto,
} from '@owo/shared/developer-webhooks';
import { signUpByEmail } from './support/flows';
import { shot } from './support/shots';

/**
 * Profile → Developer → Webhook deliveries (decision 0089) at 390 px: the empty log from the real
 * server, then a log of each state and a Replay. Deliveries exist only for orders placed through
 * the public API, whose keys and routes are other modules'; the filled log is answered here from
 * a fixture shaped by the shared reply type (the API test covers the server's side).
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

const at = '2026-12-06T14:05:00.000Z';
function delivery(over: Partial<WebhookDeliveryDto>): WebhookDeliveryDto {
  return {
    _id: crypto.randomUUID(),
    keyId: 'b5d0f6de-3f0c-4c59-9a43-0d5b1d3e5a10',
    keyName: 'Shop bot',
    event: 'purchase.delivered',
    reference: 'TXN-20261206-7F3K9Q',
    state: 'delivered',
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    lastAttemptAt: at,
    nextAttemptAt: null,
    deliveredAt: at,
    createdAt: at,
    body: '{}',
    ...over,
  };
}

test('Webhook deliveries: empty, then each state with its badge, and Replay', async ({ page }) => {
  await signUpByEmail(page);
  await page.goto('/profile/developer/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(page.getByText(texts.empty)).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'webhooks-01-empty');

  const list: WebhookDeliveryDto[] = [
    delivery({}),
    delivery({
      event: 'purchase.failed',
      reference: 'TXN-20261206-2M8D1R',
      state: 'pending',
      attempts: 3,
      lastStatus: 500,
      lastError: 'Answered HTTP 500.',
      deliveredAt: null,
      nextAttemptAt: at,
    }),
    delivery({
      event: 'purchase.reversed',
      reference: 'TXN-20261205-9XK2PL',
      state: 'failed',
      attempts: 30,
      lastStatus: null,
      lastError: 'No answer within 10 s.',
      deliveredAt: null,
    }),
  ];
  const reply: WebhookDeliveriesReply = {
    success: true,
    message: texts.listed,
    data: list,
    pagination: { page: 1, limit: 20, total: list.length, pages: 1 },
  };
  let replayed = '';
  await page.route('**/api/developer/webhooks?*', (route) => route.fulfill({ json: reply }));
  await page.route('**/api/developer/webhooks/*/replay', (route) => {
    replayed = route.request().url();
    return route.fulfill({
      json: { success: true, message: texts.replayed, data: { ...list[2]!, state: 'pending' } },
    });
  });
  await page.reload();
  const rows = page.getByRole('list', { name: texts.title }).getByTestId('webhook-delivery');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(texts.delivered);
  await expect(rows.nth(0)).toContainText('HTTP 200');
  await expect(rows.nth(1)).toContainText('Retrying (3 attempts)');
  await expect(rows.nth(1)).toContainText('HTTP 500');
  await expect(rows.nth(2)).toContainText(texts.failed);
  await expect(rows.nth(2)).toContainText('No answer');
  await expectAxeClean(page);
  await shot(page, 'webhooks-02-list');

  await rows
    .nth(2)
    .getByRole('button', { name: /Replay/ })
    .click();
  await expect(page.getByText(texts.replayed)).toBeVisible();
  expect(replayed).toContain(`/api/developer/webhooks/${list[2]!._id}/replay`);
});
