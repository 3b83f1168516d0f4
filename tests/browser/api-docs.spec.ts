import { expect, test } from '@playwright/test';
import { shot } from './support/shots';

declare global {
  interface Window {
    /** Every Content-Security-Policy violation the page reported (recorded from its first line). */
    cspViolations?: string[];
  }
}

// The API docs page (decision 0082): Scalar's reference draws our OpenAPI document under the
// page's own policy, with nothing from another origin and nothing the policy refuses.
test('the API docs page draws the document with no policy violation', async ({
  page,
  request,
  baseURL,
}) => {
  // A 5 MB bundle parsed on a busy 2-core machine: over a minute seen under load.
  test.setTimeout(240_000);
  const { info } = (await (await request.get('/api/openapi.json')).json()) as {
    info: { title: string };
  };
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const elsewhere: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol !== 'data:' && url.origin !== new URL(baseURL ?? '').origin)
      elsewhere.push(sent.url());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/api/docs/');
  await expect(page.getByRole('heading', { level: 1, name: info.title })).toBeVisible();
  // The operations are drawn too, not only the title: the first one, open.
  await expect(page.getByRole('heading', { level: 3, name: '/api/health' })).toBeVisible();
  await shot(page, 'api-docs-01-top');

  // Its request client calls our API from the page, under the page's connect-src 'self'.
  await page.getByRole('button', { name: 'Test Request (get /api/health)' }).click();
  await page.getByRole('button', { name: 'Send get request to /api/health' }).click();
  await expect(page.getByText('200 OK')).toBeVisible();
  await shot(page, 'api-docs-02-test-request');

  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(elsewhere).toEqual([]);
});
