import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screenshots for reviewing how a screen looks: saved only when SHOTS_DIR is set
 * (e.g. SHOTS_DIR=/tmp/shots-transfer), so ordinary runs write nothing. Waits `settleMs` for
 * animations (sheets rising, dialogs popping) to finish first; 0 keeps a moment as it is.
 */
export async function shot(page: Page, name: string, settleMs = 350): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}
