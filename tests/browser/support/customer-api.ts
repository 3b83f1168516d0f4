import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { sessionOf } from './wallet';

/**
 * Calls the API as the customer signed in on `page` (their token from the page's session), for
 * steps a test arranges rather than plays: another customer's transfer, a purchase to seed.
 */
export async function customerCall<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const { auth } = await sessionOf(page);
  const ctx = await request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const reply = await ctx.fetch(`/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${auth.token}`, 'Idempotency-Key': randomUUID() },
      ...(body ? { data: body } : {}),
      timeout: 60_000,
    });
    const text = await reply.text();
    expect(reply.ok(), `${method} ${path}: ${text}`).toBe(true);
    return JSON.parse(text) as T;
  } finally {
    await ctx.dispose();
  }
}

/** Sends money from the customer signed in on `page` to `recipientEmail`. */
export async function transferByApi(
  page: Page,
  recipientEmail: string,
  naira: number,
  pin: string,
  note = '',
): Promise<void> {
  await customerCall(page, 'POST', '/transfers', {
    recipientIdentifier: recipientEmail,
    amount: naira,
    transactionPin: pin,
    ...(note ? { note } : {}),
  });
}
