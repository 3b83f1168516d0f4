import { expect } from '@playwright/test';

const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2526);

/** Waits for a new mail to the address and returns the 4-digit code in it. */
export async function readCode(email: string, after = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${httpPort}/latest?to=${encodeURIComponent(email)}`,
        );
        if (!res.ok) return '';
        const mail = (await res.json()) as { raw: string; at: number };
        if (mail.at <= after) return '';
        code = /code is (\d{4})/.exec(mail.raw)?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{4}$/);
  return code;
}
