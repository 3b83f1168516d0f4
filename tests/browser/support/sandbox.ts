import { expect, request } from '@playwright/test';

/** The provider sandbox the browser suite's server started (playwright.config.ts). */
export const sandboxUrl = `http://127.0.0.1:${Number(process.env.E2E_SANDBOX_PORT ?? 3101)}`;

/** What the PalmPay simulator answers for a simulated transfer (docs/sandbox.md). */
export interface PalmPayTransfer {
  kind: 'virtual_account' | 'checkout';
  /** PalmPay's signed notification, as the simulator posts it. */
  notification: Record<string, unknown>;
  /** Whether our API acknowledged the simulator's own delivery of it. */
  delivered: boolean;
}

/**
 * A customer's bank transfer into a PalmPay account (checkout or virtual), played by the sandbox
 * at `sandbox` (an origin): its control call makes the PalmPay simulator sign the notification
 * and post it wherever it posts them, and answers once that delivery was answered.
 */
export async function payIntoAccount(
  sandbox: string,
  accountNumber: string,
  amountKobo: number,
): Promise<PalmPayTransfer> {
  const ctx = await request.newContext();
  try {
    const reply = await ctx.post(`${sandbox}/sandbox/palmpay/simulate-transfer`, {
      data: { accountNumber, amountKobo },
    });
    const body = await reply.text();
    expect(reply.ok(), body).toBe(true);
    return JSON.parse(body) as PalmPayTransfer;
  } finally {
    await ctx.dispose();
  }
}

/**
 * A customer's bank transfer into a PalmPay account of the suite's server: the PalmPay simulator
 * posts its signed webhook to our API (docs/sandbox.md).
 */
export async function simulateTransfer(accountNumber: string, amountKobo: number): Promise<void> {
  const transfer = await payIntoAccount(sandboxUrl, accountNumber, amountKobo);
  expect(transfer.delivered, `webhook not delivered: ${JSON.stringify(transfer)}`).toBeTruthy();
}

/**
 * A Safe Haven identity number nobody else in this run uses: numbers starting 222 always get the
 * fixed OTP (SAFEHAVEN_IDENTITIES in the sandbox's magic values).
 */
export function freshIdentityNumber(): string {
  const tail = `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 100)}`;
  return `222${tail.padStart(8, '0')}`.slice(0, 11);
}
