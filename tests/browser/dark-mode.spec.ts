import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpByEmail } from './support/flows';
import { screenShot as shot } from './support/toasts';
import { fundWallet, setPinByApi } from './support/wallet';

/**
 * Dark mode: the system's setting by default, the Settings switch over it, set before the first
 * paint, with brand-coloured text still legible (WCAG AA: 4.5:1 for text).
 */

/** Luminance of a CSS colour as the page paints it (a canvas resolves any colour syntax). */
async function colourOf(locator: Locator, property: 'color' | 'background'): Promise<number[]> {
  return locator.evaluate((element, which) => {
    const toRgba = (css: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    if (which === 'color') return toRgba(getComputedStyle(element).color);
    // The first opaque background behind the element.
    for (let node: Element | null = element; node; node = node.parentElement) {
      const rgba = toRgba(getComputedStyle(node).backgroundColor);
      if (rgba[3]! > 200 && getComputedStyle(node).backgroundColor !== 'rgba(0, 0, 0, 0)')
        return rgba;
    }
    return toRgba(getComputedStyle(document.body).backgroundColor);
  }, property);
}

function luminance([r, g, b]: number[]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
}

async function contrast(locator: Locator): Promise<number> {
  const a = luminance(await colourOf(locator, 'color'));
  const b = luminance(await colourOf(locator, 'background'));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const pageBackground = (page: Page) => colourOf(page.locator('body'), 'background');
const bodyText = (page: Page) => colourOf(page.locator('body'), 'color');

/** Records the theme <html> carries when <body> is first parsed: before anything is painted. */
async function recordThemeAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      observer.disconnect();
      (window as unknown as { __firstTheme?: string | null }).__firstTheme =
        document.documentElement.getAttribute('data-theme');
    }).observe(document, { childList: true, subtree: true });
  });
}
const firstTheme = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstTheme?: string | null }).__firstTheme);

test.describe('with the system in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the app is dark from the first paint, brand text stays legible, and Settings can force light', async ({
    page,
  }) => {
    await recordThemeAtFirstPaint(page);
    await signUpByEmail(page);
    await fundWallet(page, 2_000);
    // The purchase screens want a PIN first (setPinByApi reloads).
    await setPinByApi(page, '1357');
    expect(await firstTheme(page)).toBe('dark');
    await expect(page.getByRole('list', { name: 'Recent transactions' })).toBeVisible();

    expect(luminance(await pageBackground(page))).toBeLessThan(0.03);
    expect(luminance(await bodyText(page))).toBeGreaterThan(0.7);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0C1412');
    // Brand-coloured text on the dark page and cards: the active tab, "See all".
    const activeTab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Home',
    });
    expect(await contrast(activeTab)).toBeGreaterThan(4.5);
    const heading = page.getByRole('heading', { name: 'Hi, Ada' });
    expect(await contrast(heading)).toBeGreaterThan(7);
    // The brand's buttons keep white text on green.
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    const fund = page
      .getByRole('dialog', { name: 'Deposit' })
      .getByRole('button', { name: 'Fund your Wallet' });
    await expect(fund).toBeVisible();
    expect(await contrast(fund)).toBeGreaterThan(4.5);
    await shot(page, 'dark-deposit-sheet');
    await page.keyboard.press('Escape');
    await shot(page, 'dark-home');

    await page.goto('/airtime');
    await expect(page.getByRole('heading', { name: 'Select network' })).toBeVisible();
    await shot(page, 'dark-airtime');
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await shot(page, 'dark-history');

    // Settings: System is chosen; Light overrides the system, and holds over a reload.
    await page.goto('/profile');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('button', { name: 'System' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shot(page, 'dark-settings');
    await theme.getByRole('button', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(luminance(await pageBackground(page))).toBeGreaterThan(0.8);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0B6E4F');
    await page.goto('/home');
    expect(await firstTheme(page)).toBe('light');
    expect(luminance(await bodyText(page))).toBeLessThan(0.05);
    await shot(page, 'light-home');

    // Back to System: dark again.
    await page.goto('/profile');
    await theme.getByRole('button', { name: 'System' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test('with the system light, Settings can force dark, before the first paint of the next visit', async ({
  page,
}) => {
  await recordThemeAtFirstPaint(page);
  await signUpByEmail(page);
  await setPinByApi(page, '1357');
  expect(await firstTheme(page)).toBe('light');
  await shot(page, 'light-home-new');
  await page.goto('/airtime');
  await expect(page.getByRole('heading', { name: 'Select network' })).toBeVisible();
  await shot(page, 'light-airtime');
  await page.goto('/transactions');
  await shot(page, 'light-history');

  await page.goto('/profile');
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/home');
  expect(await firstTheme(page)).toBe('dark');
  expect(luminance(await pageBackground(page))).toBeLessThan(0.03);
  // The system changing does not undo the choice.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('with System chosen, the app follows the system switching while open', async ({ page }) => {
  await signUpByEmail(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
