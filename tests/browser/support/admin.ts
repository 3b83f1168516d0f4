import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN } from '../../../playwright.config';

type Staff = { email: string; password: string };
import { logIn } from './flows';

/** Admin pages for browser tests. */

/**
 * A second signed-in page for the admin (its own context, so the customer's page stays signed
 * in), opened at `path`; resolves once `ready` passes on it.
 */
export async function openAdminAt(
  browser: Browser,
  path: string,
  ready: (page: Page) => Promise<void>,
  /** Who signs in: the config's first admin, or its second (CHECKER) for four-eyes steps. */
  staff: Staff = ADMIN,
): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    hasTouch: use.hasTouch,
  });
  const page = await context.newPage();
  await logIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(path);
  await ready(page);
  return page;
}

/** The admin on the airtime-to-cash swap list, its list shown. */
export const openAdminPage = (browser: Browser) =>
  openAdminAt(browser, '/admin/airtime-to-cash', (page) =>
    expect(page.getByRole('region', { name: 'Swap requests' })).toBeVisible(),
  );
