import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMessages } from '@owo/shared/sandbox-messages';
import { createSandboxInbox } from '../src/modules/sandbox/inbox';
import { createTestApp, balanceKobo, signUp, uniqueEmail, type TestApp } from './harness';
import {
  FIXED_OTP,
  bankTransfer,
  eventually,
  identityNumber,
  initiate,
  verifiedCustomer,
} from './deposit-support';
import { LIVE_ENV, PRODUCTION_ENV } from './support/live-env';

/** The sandbox's newcomer routes (decision 0019). */
describe('sandbox mode: mailbox and add money', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    // The harness starts the simulators on a free port; the add-money call finds them here.
    t.deps.config.sandboxPort = Number(new URL(t.sandboxOrigin).port);
  });
  afterAll(async () => t?.close());

  const mailbox = (email: string) =>
    t.request({ method: 'GET', url: `/api/sandbox/mailbox?email=${encodeURIComponent(email)}` });

  it('tells the web app it is in sandbox mode', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config' });
    expect(res.json().sandbox).toBe(true);
    // No support number configured: no WhatsApp link, rather than a made-up number.
    expect(res.json().supportWhatsappUrl).toBeNull();
    t.deps.config.supportWhatsapp = '2348031234567';
    try {
      const configured = await t.request({ method: 'GET', url: '/api/config' });
      expect(configured.json().supportWhatsappUrl).toBe('https://wa.me/2348031234567');
    } finally {
      t.deps.config.supportWhatsapp = undefined;
    }
  });

  it('shows the sign-in code mailed to the address asked for, and nobody else’s', async () => {
    const ada = uniqueEmail('ada');
    const bola = uniqueEmail('bola');
    for (const email of [ada, bola])
      await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { email } });
    const res = await mailbox(ada.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const mails = res.json().data.mails as { to: string; code: string; text: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(ada);
    expect(mails[0]!.code).toBe(t.lastCode(ada));
    expect(mails[0]!.code).not.toBe(undefined);
    expect(JSON.stringify(mails)).not.toContain(bola);
    expect((await mailbox(uniqueEmail('nobody'))).json().data.mails).toEqual([]);
  });

  it('refuses a malformed address with 400, not 500', async () => {
    const res = await mailbox('not-an-email');
    expect(res.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/sandbox/mailbox' })).statusCode).toBe(400);
  });

  it('shows a customer the Safe Haven codes of their own NIN/BVN verifications only', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const started = await initiate(t, owner.token, { number: identityNumber() });
    expect(started.statusCode, started.body).toBe(200);
    // The harness collects the simulator's lines itself; runtime.ts hands them to the inbox.
    for (const line of t.sandboxLog) t.services.sandbox!.inbox.recordSafeHavenLine(line);
    const mine = await t.request({ method: 'GET', url: '/api/sandbox/texts', token: owner.token });
    expect(mine.statusCode, mine.body).toBe(200);
    const texts = mine.json().data.texts as { type: string; code: string }[];
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ type: 'NIN', code: FIXED_OTP });
    const theirs = await t.request({
      method: 'GET',
      url: '/api/sandbox/texts',
      token: other.token,
    });
    expect(theirs.json().data.texts).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/sandbox/texts' })).statusCode).toBe(401);
  });

  it('adds money through the PalmPay simulator and its signed webhook, exactly once', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const opened = await bankTransfer(t, user.token, 2500);
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data._id as string;
    const pay = () =>
      t.request({ method: 'POST', url: `/api/sandbox/deposits/${id}/pay`, token: user.token });

    // Someone else's checkout reads as not found and moves nothing.
    const foreign = await t.request({
      method: 'POST',
      url: `/api/sandbox/deposits/${id}/pay`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);

    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(sandboxMessages.addMoneySent);
    await eventually(async () => (await balanceKobo(t, user.token)) === 250_000);
    const status = await t.request({
      method: 'GET',
      url: `/api/deposit/${id}/status`,
      token: user.token,
    });
    expect(status.json().data.status).toBe('Completed');

    // A second tap: the checkout is paid, nothing more arrives.
    const again = await pay();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(sandboxMessages.depositNotPayable);
    expect(await balanceKobo(t, user.token)).toBe(250_000);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/sandbox/deposits/nope/pay',
          token: user.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(await balanceKobo(t, other.token)).toBe(0);
  });

  it('a verified customer adds money into their permanent account, through the webhook, once', async () => {
    const user = await verifiedCustomer(t);
    const other = await signUp(t);
    const opened = await t.request({
      method: 'POST',
      url: '/api/deposit',
      token: user.token,
      payload: { amount: 3000 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data._id as string;
    const pay = (token: string) =>
      t.request({ method: 'POST', url: `/api/sandbox/deposits/${id}/pay`, token });

    expect((await pay(other.token)).statusCode).toBe(404);
    const paid = await pay(user.token);
    expect(paid.statusCode, paid.body).toBe(200);
    await eventually(async () => (await balanceKobo(t, user.token)) === 300_000);
    const status = await t.request({
      method: 'GET',
      url: `/api/deposit/${id}/status`,
      token: user.token,
    });
    expect(status.json().data.status).toBe('Completed');
    // Paid: a second tap moves nothing.
    const again = await pay(user.token);
    expect(again.statusCode).toBe(409);
    expect(await balanceKobo(t, user.token)).toBe(300_000);
  });
});

describe.each([
  ['live mode', LIVE_ENV],
  ['production', PRODUCTION_ENV],
])('%s: no sandbox extras', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(async () => t?.close());

  it('registers none of the sandbox routes and tells the web app sandbox is off', async () => {
    expect(t.services.sandbox).toBeUndefined();
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/sandbox'))).toEqual([]);
    const user = await signUp(t);
    for (const [method, url] of [
      ['GET', `/api/sandbox/mailbox?email=${encodeURIComponent(user.email)}`],
      ['GET', '/api/sandbox/texts'],
      ['POST', '/api/sandbox/deposits/00000000-0000-4000-8000-000000000000/pay'],
    ] as const) {
      const res = await t.request({ method, url, token: user.token });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/config' })).json().sandbox).toBe(false);
  });
});

describe('the sandbox inbox', () => {
  it('logs one readable line per code and keeps Safe Haven codes apart from other lines', async () => {
    const lines: string[] = [];
    const logger = { info: (line: string) => lines.push(line) } as unknown as Parameters<
      ReturnType<typeof createSandboxInbox>['useLogger']
    >[0];
    const inbox = createSandboxInbox();
    inbox.useLogger(logger);
    const sent: string[] = [];
    const mailer = inbox.wrap({ send: async (mail) => void sent.push(mail.to) });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Owo: code',
      text: 'Your Owo code is 1234.',
    });
    expect(sent).toEqual(['ada@example.com']);
    expect(lines).toEqual(['code for ada@example.com: 1234']);
    expect(inbox.recordSafeHavenLine('[safehaven] something else')).toBe(false);
    expect(
      inbox.recordSafeHavenLine('[safehaven] OTP for BVN 22212345678: 654321 (identityId abc123)'),
    ).toBe(true);
    expect(inbox.textsFor(['abc123'])).toMatchObject([
      { type: 'BVN', numberHint: '678', code: '654321' },
    ]);
    expect(inbox.textsFor(['other'])).toEqual([]);
  });

  it('prints the notices as plain lines when the server gives it a printer', async () => {
    const printed: string[] = [];
    const logged: string[] = [];
    const inbox = createSandboxInbox({ print: (line) => printed.push(line) });
    inbox.useLogger({ info: (line: string) => logged.push(line) } as unknown as Parameters<
      typeof inbox.useLogger
    >[0]);
    await inbox.wrap({ send: async () => {} }).send({
      to: 'bola@example.com',
      subject: 'Owo: reset',
      text: 'Your Owo code is 9876.',
    });
    expect(printed).toEqual(['code for bola@example.com: 9876']);
    expect(logged).toEqual([]);
  });
});
