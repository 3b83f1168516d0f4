import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The code screens show one box per digit (components/CodeBoxes.tsx); the first box carries the
 * field's label ("OTP code", "Verification code", "Email code"), the others "Digit n of m".
 */
export function codeBoxes(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true }).locator('xpath=..').locator('input');
}

/** Types the code key by key, as a person does: each digit moves focus to the next box. */
export async function typeCode(page: Page, label: string, code: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(code);
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(code[0] ?? '');
}

/** Pastes the whole code into one box (the first unless `box` says), as from a copied e-mail. */
export async function pasteCode(page: Page, label: string, code: string, box = 0): Promise<void> {
  const target = codeBoxes(page, label).nth(box);
  await target.focus();
  await target.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
}
