import { expect, request } from '@playwright/test';

/** The provider sandbox the browser suite's server started (playwright.config.ts). */
export const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 3101)}`;

/**
 * A customer's bank transfer into a PalmPay account (checkout or virtual): the sandbox's control
 * call makes the PalmPay simulator post its signed webhook to our API, and answers once the API
 * has replied to it (docs/sandbox.md).
 */
export async function simulateTransfer(accountNumber: string, amountKobo: number): Promise<void> {
  const ctx = await request.newContext();
  try {
    const reply = await ctx.post(`${sandboxUrl}/sandbox/palmpay/simulate-transfer`, {
      data: { accountNumber, amountKobo },
    });
    const body = await reply.text();
    expect(reply.ok(), body).toBe(true);
    expect(JSON.parse(body).delivered, `webhook not delivered: ${body}`).toBeTruthy();
  } finally {
    await ctx.dispose();
  }
}

/**
 * A Safe Haven identity number nobody else in this run uses: numbers starting 222 always get the
 * fixed OTP (SAFEHAVEN_IDENTITIES in the sandbox's magic values).
 */
export function freshIdentityNumber(): string {
  const tail = `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 100)}`;
  return `222${tail.padStart(8, '0')}`.slice(0, 11);
}
