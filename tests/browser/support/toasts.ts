import type { Page } from '@playwright/test';
import { shot } from './shots';

/** Closes every toast on screen (an earlier step's toast would hide the header in a screenshot). */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.locator('[data-sonner-toast] [data-close-button]');
  for (let i = await close.count(); i > 0; i -= 1) {
    await close
      .first()
      .click({ timeout: 1000 })
      .catch(() => undefined);
  }
}

/** A screenshot of the screen itself, without leftover toasts (saved only with SHOTS_DIR). */
export async function screenShot(page: Page, name: string): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  await dismissToasts(page);
  await shot(page, name);
}
