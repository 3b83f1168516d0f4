import { expect, request, test, type Page } from '@playwright/test';
import { alertMessages as t } from '@owo/shared/alerts';
import { ADMIN } from '../../playwright.config';
import { openDashboard } from './support/dashboard';
import { sandboxUrl } from './support/sandbox';
import { dismissToasts, screenShot } from './support/toasts';

/**
 * Alerts (/admin/alerts), reached from the dashboard: a setting changed and kept after a reload;
 * VTpass's wallet drained through the sandbox's control call opens a low-balance alert on the
 * server's next pass (ALERTS_INTERVAL_MS in playwright.config.ts), which the admin finds in the
 * mail catcher and on the screen, and acknowledges. The wallet and the setting are put back.
 */

const mailPort = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 2526);

async function wallets(): Promise<Record<string, number>> {
  const ctx = await request.newContext();
  try {
    const reply = await ctx.get(`${sandboxUrl}/sandbox/wallets`);
    expect(reply.ok()).toBe(true);
    return ((await reply.json()) as { balancesKobo: Record<string, number> }).balancesKobo;
  } finally {
    await ctx.dispose();
  }
}

async function setWallet(supplier: string, balanceKobo: number) {
  const ctx = await request.newContext();
  try {
    const reply = await ctx.put(`${sandboxUrl}/sandbox/wallets/${supplier}`, {
      data: { balanceKobo },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
}

/** The mail's text as sent: quoted-printable soft breaks joined and =XX bytes decoded. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (hex?.[1]) {
      bytes.push(parseInt(hex[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? ''));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The latest mail to the admin, once it says `pattern`. */
async function adminMailSaying(pattern: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${mailPort}/latest?to=${encodeURIComponent(ADMIN.email)}`,
        );
        text = res.ok ? mailText(((await res.json()) as { raw: string }).raw) : '';
        return pattern.test(text);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return text;
}

const openAlerts = (admin: Page) => admin.getByRole('region', { name: t.openTitle });
const settingsForm = (admin: Page) => admin.getByRole('form', { name: t.settingsTitle });
const vtpassAlert = (admin: Page) =>
  openAlerts(admin).getByRole('article', { name: /VTpass balance/ });

test('alerts: a setting changed, a low balance mailed and shown, then acknowledged', async ({
  browser,
}) => {
  const before = await wallets();
  const admin = await openDashboard(browser);
  try {
    const link = admin.getByRole('link', { name: t.title, exact: true });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(admin).toHaveURL(/\/admin\/alerts$/);
    await expect(admin.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    const percent = settingsForm(admin).getByLabel(t.percent);
    await expect(percent).toHaveValue(/^\d+$/);
    const oldPercent = await percent.inputValue();

    // A setting refused on the screen, then changed and kept.
    await percent.fill('0');
    await settingsForm(admin).getByRole('button', { name: t.settingsSave }).click();
    await expect(settingsForm(admin)).toContainText(
      'Failure rate must be a whole number from 1 to 100.',
    );
    await percent.fill('35');
    await settingsForm(admin).getByRole('button', { name: t.settingsSave }).click();
    await expect(admin.getByText(t.settingsSaved)).toBeVisible();
    await screenShot(admin, 'admin-alerts-settings');
    await admin.reload();
    await expect(settingsForm(admin).getByLabel(t.percent)).toHaveValue('35');
    // The change is in the audit log, figure by figure.
    await admin.goto('/admin/audit');
    const entry = admin.getByRole('article', { name: 'Alert settings changed' }).first();
    await expect(entry).toContainText('Failure rate percent');
    await expect(entry).toContainText('35%');
    await screenShot(admin, 'admin-alerts-audit');
    await admin.goto('/admin/alerts');

    // VTpass's wallet drained below its ₦50,000 threshold: one mail, one open alert.
    await setWallet('vtpass', 1_500_00);
    const mail = await adminMailSaying(/VTpass balance ₦1,500\.00 is below ₦50,000\.00/);
    expect(mail).toContain('/admin/alerts');
    // The mail goes out after the alert is stored: a fresh load shows it.
    await admin.reload();
    await expect(vtpassAlert(admin)).toBeVisible();
    await expect(vtpassAlert(admin)).toContainText(t.mailed);
    await dismissToasts(admin);
    await screenShot(admin, 'admin-alerts-open');

    await vtpassAlert(admin).getByRole('button', { name: t.acknowledge }).click();
    await expect(admin.getByText(t.acknowledged)).toBeVisible();
    await expect(vtpassAlert(admin)).toContainText(t.acknowledgedBy);
    await expect(vtpassAlert(admin)).toContainText(ADMIN.email);
    await expect(vtpassAlert(admin).getByRole('button', { name: t.acknowledge })).toHaveCount(0);
    await screenShot(admin, 'admin-alerts-acknowledged');

    // Put back: the wallet refilled clears the alert on a later pass.
    await setWallet('vtpass', before.vtpass ?? 1_000_000_00);
    await expect(async () => {
      await admin.reload();
      await expect(admin.getByRole('region', { name: t.recentTitle })).toBeVisible();
      await expect(vtpassAlert(admin)).toHaveCount(0);
    }).toPass({ timeout: 20_000 });
    await expect(
      admin.getByRole('region', { name: t.recentTitle }).getByRole('article', {
        name: /VTpass balance/,
      }),
    ).toBeVisible();
    await settingsForm(admin).getByLabel(t.percent).fill(oldPercent);
    await settingsForm(admin).getByRole('button', { name: t.settingsSave }).click();
    await expect(admin.getByText(t.settingsSaved)).toBeVisible();
    await screenShot(admin, 'admin-alerts-cleared');
  } finally {
    await setWallet('vtpass', before.vtpass ?? 1_000_000_00);
    await admin.context().close();
  }
});
