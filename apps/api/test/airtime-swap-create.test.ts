import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWAP_BANKS } from '@owo/shared/constants';
import { messages } from '@owo/shared/messages';
import { createTestApp, customer, signUp, type TestApp } from './harness';
import {
  bankBody,
  BANK,
  createSwap,
  eventsOf,
  expectError,
  get,
  newSwap,
  pngImage,
  signInAdmin,
  swapCount,
  swapRow,
  upload,
  verify,
  walletBody,
} from './airtime-swap-support';

/** The customer's side: the create rules, the PIN, one open swap, pending, cancel, the lists. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    SWAP_RECIPIENT_MTN: '08030000001',
    SWAP_RECIPIENT_AIRTEL: '08020000002',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/airtime-swap: validation (spec 2 §5)', () => {
  let user: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    user = await customer(t);
  });

  const cases: [string, (email: string) => Record<string, unknown>, string][] = [
    [
      'phone too short',
      (e) => walletBody(e, { userPhone: '0803123456' }),
      messages.swapPhoneInvalid,
    ],
    [
      'phone too long',
      (e) => walletBody(e, { userPhone: '080312345678' }),
      messages.swapPhoneInvalid,
    ],
    [
      'phone with +234',
      (e) => walletBody(e, { userPhone: '+2348031234567' }),
      messages.swapPhoneInvalid,
    ],
    [
      'phone with letters',
      (e) => walletBody(e, { userPhone: '0803123456a' }),
      messages.swapPhoneInvalid,
    ],
    ['phone missing', (e) => walletBody(e, { userPhone: undefined }), messages.swapPhoneInvalid],
    ['network missing', (e) => walletBody(e, { network: undefined }), messages.swapSelectNetwork],
    ['network empty', (e) => walletBody(e, { network: '' }), messages.swapSelectNetwork],
    ['network GLO', (e) => walletBody(e, { network: 'GLO' }), messages.swapSelectNetwork],
    ['network 9MOBILE', (e) => walletBody(e, { network: '9MOBILE' }), messages.swapSelectNetwork],
    ['amount 99', (e) => walletBody(e, { amount: 99 }), messages.swapAmountMinimum],
    ['amount 0', (e) => walletBody(e, { amount: 0 }), messages.swapAmountMinimum],
    ['amount empty', (e) => walletBody(e, { amount: '' }), messages.swapAmountMinimum],
    ['amount missing', (e) => walletBody(e, { amount: undefined }), messages.swapAmountMinimum],
    ['amount 50,001', (e) => walletBody(e, { amount: 50_001 }), messages.swapAmountMaximum],
    ['amount 1,000,000', (e) => walletBody(e, { amount: '1000000' }), messages.swapAmountMaximum],
    ['amount with kobo', (e) => walletBody(e, { amount: 100.5 }), messages.invalidAmount],
    ['amount negative', (e) => walletBody(e, { amount: -500 }), messages.invalidAmount],
    ['amount text', (e) => walletBody(e, { amount: '1e3' }), messages.invalidAmount],
    [
      'payment method missing',
      (e) => walletBody(e, { paymentMethod: undefined }),
      messages.swapSelectPaymentMethod,
    ],
    [
      'payment method cash',
      (e) => walletBody(e, { paymentMethod: 'cash' }),
      messages.swapSelectPaymentMethod,
    ],
    [
      'wallet email missing',
      (e) => walletBody(e, { walletEmail: undefined }),
      messages.swapWalletEmailRequired,
    ],
    [
      'wallet email blank',
      (e) => walletBody(e, { walletEmail: '  ' }),
      messages.swapWalletEmailRequired,
    ],
    [
      'wallet email malformed',
      (e) => walletBody(e, { walletEmail: 'ada@' }),
      messages.invalidEmail,
    ],
    [
      'bank details missing',
      () => bankBody({ bankDetails: undefined }),
      messages.swapBankDetailsRequired,
    ],
    [
      'bank name missing',
      () => bankBody({ bankDetails: { ...BANK, bank: '' } }),
      messages.swapBankDetailsRequired,
    ],
    [
      'account name missing',
      () => bankBody({ bankDetails: { ...BANK, accountName: ' ' } }),
      messages.swapBankDetailsRequired,
    ],
    [
      'account number missing',
      () => bankBody({ bankDetails: { ...BANK, accountNumber: '' } }),
      messages.swapBankDetailsRequired,
    ],
    [
      'account number 9 digits',
      () => bankBody({ bankDetails: { ...BANK, accountNumber: '012345678' } }),
      messages.swapAccountNumberInvalid,
    ],
    [
      'account number 11 digits',
      () => bankBody({ bankDetails: { ...BANK, accountNumber: '01234567890' } }),
      messages.swapAccountNumberInvalid,
    ],
    [
      'account number letters',
      () => bankBody({ bankDetails: { ...BANK, accountNumber: '01234567ab' } }),
      messages.swapAccountNumberInvalid,
    ],
    [
      'bank not in the list',
      () => bankBody({ bankDetails: { ...BANK, bank: 'Bank of Nowhere' } }),
      messages.swapBankUnknown,
    ],
    ['PIN missing', (e) => walletBody(e, { transactionPin: undefined }), messages.swapPinRequired],
    ['PIN empty', (e) => walletBody(e, { transactionPin: '' }), messages.swapPinRequired],
    ['PIN 3 digits', (e) => walletBody(e, { transactionPin: '123' }), messages.swapPinFourDigits],
    ['PIN 5 digits', (e) => walletBody(e, { transactionPin: '12345' }), messages.swapPinFourDigits],
    ['PIN letters', (e) => walletBody(e, { transactionPin: '12a4' }), messages.swapPinFourDigits],
    // The first broken rule in the form's order is the one reported.
    [
      'phone and PIN both bad',
      (e) => walletBody(e, { userPhone: '1', transactionPin: '' }),
      messages.swapPhoneInvalid,
    ],
    [
      'wallet email and PIN both bad',
      (e) => walletBody(e, { walletEmail: '', transactionPin: '' }),
      messages.swapWalletEmailRequired,
    ],
  ];

  it.each(cases)(
    '%s → 400 with the spec message, nothing created',
    async (_name, body, message) => {
      const res = await createSwap(t, user.token, body(user.email));
      expectError(res, 400, message);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(await swapCount(t, user.id)).toBe(0);
    },
  );

  it('answers a body that is not an object with 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/airtime-swap',
      token: user.token,
      payload: '"hello"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(await swapCount(t, user.id)).toBe(0);
  });

  it('accepts the edges: ₦100, ₦50,000, Airtel in any case, an amount as text, every listed bank', async () => {
    for (const [body, payout] of [
      [walletBody(user.email, { amount: 100 }), 60],
      [walletBody(user.email, { amount: '50000', network: 'airtel' }), 30_000],
      [bankBody({ amount: 101, bankDetails: { ...BANK, bank: SWAP_BANKS[23] } }), 60],
    ] as const) {
      const res = await createSwap(t, user.token, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.expectedPayout).toBe(payout);
      expect((await get(t, user.token, '/api/airtime-swap/pending/clear')).statusCode).toBe(200);
    }
  });

  it('answers 401 without a session', async () => {
    expectError(await createSwap(t, undefined, walletBody(user.email)), 401, messages.unauthorized);
  });
});

describe('POST /api/airtime-swap: the PIN and the payout wallet', () => {
  it('checks the PIN on the server: a wrong one is "incorrect", creates nothing', async () => {
    const user = await customer(t);
    const res = await createSwap(t, user.token, walletBody(user.email, { transactionPin: '9999' }));
    expectError(res, 400, messages.pinIncorrect);
    // The client's rule: a message containing "pin" or "incorrect" clears the PIN field.
    expect(res.json().message.toLowerCase()).toMatch(/pin|incorrect/);
    expect(await swapCount(t, user.id)).toBe(0);
  });

  it('refuses a user without a transaction PIN', async () => {
    const user = await signUp(t);
    const res = await createSwap(t, user.token, walletBody(user.email));
    expectError(res, 400, messages.setTransactionPin);
    expect(await swapCount(t, user.id)).toBe(0);
  });

  it('locks the PIN after 5 wrong tries, like every money-moving call', async () => {
    const user = await customer(t);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await createSwap(t, user.token, walletBody(user.email, { transactionPin: '0000' })))
          .statusCode,
      ).toBe(400);
    }
    expectError(
      await createSwap(t, user.token, walletBody(user.email, { transactionPin: '0000' })),
      423,
      messages.pinLocked,
    );
    expectError(await createSwap(t, user.token, walletBody(user.email)), 423, messages.pinLocked);
    expect(await swapCount(t, user.id)).toBe(0);
  });

  it("refuses a wallet e-mail that belongs to no account, and accepts another user's", async () => {
    const user = await customer(t);
    const friend = await signUp(t);
    expectError(
      await createSwap(t, user.token, walletBody('nobody.here@example.com')),
      400,
      messages.swapWalletNotFound,
    );
    expect(await swapCount(t, user.id)).toBe(0);
    const res = await createSwap(t, user.token, walletBody(friend.email.toUpperCase()));
    expect(res.statusCode, res.body).toBe(200);
    const row = await swapRow(t, res.json().data.swapId);
    expect(row.walletEmail).toBe(friend.email);
  });
});

describe('POST /api/airtime-swap: the swap it creates', () => {
  it('fixes the rate and payout on the server and names the number for the network', async () => {
    const user = await customer(t);
    const res = await createSwap(
      t,
      user.token,
      // A client-sent rate or payout is ignored.
      walletBody(user.email, { amount: 1234, rate: 99, expectedPayout: 1234 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: messages.swapCreated,
      data: {
        swapId: expect.stringMatching(/^SWP-[A-Z0-9]{8}$/),
        recipientPhone: '08030000001',
        expectedPayout: 740,
      },
    });
    const row = await swapRow(t, body.data.swapId);
    expect(row).toMatchObject({
      userId: user.id,
      network: 'MTN',
      amountKobo: 123_400,
      expectedPayoutKobo: 74_000,
      ratePercent: 60,
      status: 'PENDING_TRANSFER',
      paymentMethod: 'wallet',
      walletEmail: user.email,
      bankName: '',
      screenshotUrl: '',
      transactionId: null,
    });
    const events = await eventsOf(t, row.id);
    expect(events).toMatchObject([
      { action: 'create', actorId: user.id, fromStatus: '', toStatus: 'PENDING_TRANSFER' },
    ]);
  });

  it('keeps the bank details for a bank payout and the Airtel number', async () => {
    const user = await customer(t);
    const res = await createSwap(t, user.token, bankBody({ amount: 5000, walletEmail: 'x@y.z' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recipientPhone: '08020000002', expectedPayout: 3000 });
    const row = await swapRow(t, res.json().data.swapId);
    expect(row).toMatchObject({
      network: 'AIRTEL',
      paymentMethod: 'bank',
      bankName: 'GTBank',
      accountNumber: '0123456789',
      accountName: 'Ada Obi',
      walletEmail: '',
    });
  });
});

describe('one unfinished swap per user', () => {
  it('refuses a second swap with 409 while the first is pending, awaiting or processing', async () => {
    const admin = await signInAdmin(t);
    const user = await customer(t);
    const ref = await newSwap(t, user, 'bank');
    const again = async () => {
      const res = await createSwap(t, user.token, walletBody(user.email));
      expectError(res, 409, messages.swapOpenExists);
      expect(res.json().code).toBe('SWAP_OPEN_EXISTS');
    };
    await again();
    expect((await upload(t, user.token, ref, await pngImage())).statusCode).toBe(200);
    await again();
    expect(
      (await verify(t, admin.token, ref, { action: 'approve', payoutReference: 'R1' })).statusCode,
    ).toBe(200);
    await again();
    expect(await swapCount(t, user.id)).toBe(1);
    // Once it is finished, a new one may start.
    expect(
      (await verify(t, admin.token, ref, { action: 'complete', payoutReference: 'R1' })).statusCode,
    ).toBe(200);
    expect((await createSwap(t, user.token, walletBody(user.email))).statusCode).toBe(200);
  });

  it('lets a new swap start after a cancel or a rejection', async () => {
    const admin = await signInAdmin(t);
    const user = await customer(t);
    await newSwap(t, user, 'wallet');
    expect((await get(t, user.token, '/api/airtime-swap/pending/clear')).statusCode).toBe(200);
    const second = await newSwap(t, user, 'wallet');
    expect((await verify(t, admin.token, second, { action: 'reject' })).statusCode).toBe(200);
    await newSwap(t, user, 'wallet');
    expect(await swapCount(t, user.id)).toBe(3);
  });

  it('lets exactly one of several concurrent creates through; the rest get 409, not 500', async () => {
    const user = await customer(t);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createSwap(t, user.token, walletBody(user.email, { amount: 1000 + i })),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of replies.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({
        code: 'SWAP_OPEN_EXISTS',
        message: messages.swapOpenExists,
      });
    }
    expect(await swapCount(t, user.id)).toBe(1);
  });
});

describe('GET /api/airtime-swap/pending and /pending/clear', () => {
  it('answers no pending swap, then the open one, then none after clearing it', async () => {
    const user = await customer(t);
    expect((await get(t, user.token, '/api/airtime-swap/pending')).json()).toEqual({
      success: true,
      hasPendingSwap: false,
      pendingSwap: null,
    });
    const ref = await newSwap(t, user, 'wallet', 2000);
    const pending = (await get(t, user.token, '/api/airtime-swap/pending')).json();
    expect(pending).toMatchObject({
      success: true,
      hasPendingSwap: true,
      pendingSwap: {
        swapId: ref,
        status: 'PENDING_TRANSFER',
        network: 'MTN',
        amount: 2000,
        expectedPayout: 1200,
        rate: 60,
        paymentMethod: 'wallet',
        accountDetails: { walletEmail: user.email },
        screenshotUploaded: false,
        screenshotUrl: '',
        userId: { _id: user.id, email: user.email },
        adminNote: '',
        payoutReference: '',
      },
    });
    // Customers are not shown the admin's buttons.
    expect(pending.pendingSwap.allowedActions).toBeUndefined();

    const cleared = await get(t, user.token, '/api/airtime-swap/pending/clear');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      success: true,
      message: 'Pending swap cleared successfully',
      data: { swapId: ref, status: 'CANCELLED' },
    });
    expect((await get(t, user.token, '/api/airtime-swap/pending')).json().hasPendingSwap).toBe(
      false,
    );
    const row = await swapRow(t, ref);
    expect(row.status).toBe('CANCELLED');
    expect((await eventsOf(t, row.id)).map((e) => [e.action, e.actorId, e.toStatus])).toEqual([
      ['create', user.id, 'PENDING_TRANSFER'],
      ['cancel', user.id, 'CANCELLED'],
    ]);
  });

  it('refuses to cancel once the screenshot is uploaded: the airtime is sent, an admin decides', async () => {
    const admin = await signInAdmin(t);
    const user = await customer(t);
    const ref = await newSwap(t, user, 'wallet');
    // Before the proof is sent the owner may cancel, and the reply says so.
    expect(
      (await get(t, user.token, '/api/airtime-swap/pending')).json().pendingSwap,
    ).toMatchObject({ status: 'PENDING_TRANSFER', canCancel: true });
    expect((await upload(t, user.token, ref, await pngImage())).statusCode).toBe(200);
    const pending = (await get(t, user.token, '/api/airtime-swap/pending')).json();
    expect(pending.pendingSwap).toMatchObject({
      status: 'AWAITING_VERIFICATION',
      screenshotUploaded: true,
      canCancel: false,
    });
    const res = await get(t, user.token, '/api/airtime-swap/pending/clear');
    expectError(res, 409, messages.swapCancelAfterUpload);
    const row = await swapRow(t, ref);
    expect(row.status).toBe('AWAITING_VERIFICATION');
    expect((await eventsOf(t, row.id)).map((e) => e.action)).toEqual(['create', 'upload']);
    // The swap is still the admin's to decide, and paying it out still works.
    expect((await verify(t, admin.token, ref, { action: 'approve' })).statusCode).toBe(200);
    expect((await swapRow(t, ref)).status).toBe('COMPLETED');
  });

  it('refuses to clear a swap whose bank payout is processing, and says why', async () => {
    const admin = await signInAdmin(t);
    const user = await customer(t);
    const ref = await newSwap(t, user, 'bank');
    await verify(t, admin.token, ref, { action: 'approve', payoutReference: 'R9' });
    // Still the user's unfinished swap, so the pending screen shows it…
    expect((await get(t, user.token, '/api/airtime-swap/pending')).json().pendingSwap.status).toBe(
      'PROCESSING',
    );
    // …but it can no longer be cancelled.
    const res = await get(t, user.token, '/api/airtime-swap/pending/clear');
    expectError(res, 409, 'Cannot cancel this swap: its status is PROCESSING.');
    expect((await swapRow(t, ref)).status).toBe('PROCESSING');
  });

  it('answers 404 when there is nothing to clear, and never touches another user’s swap', async () => {
    const owner = await customer(t);
    const ref = await newSwap(t, owner, 'wallet');
    const other = await customer(t);
    expectError(
      await get(t, other.token, '/api/airtime-swap/pending/clear'),
      404,
      messages.swapNoPending,
    );
    expect((await get(t, other.token, '/api/airtime-swap/pending')).json().hasPendingSwap).toBe(
      false,
    );
    expect((await swapRow(t, ref)).status).toBe('PENDING_TRANSFER');
  });

  it('answers 401 without a session on both', async () => {
    expectError(await get(t, undefined, '/api/airtime-swap/pending'), 401, messages.unauthorized);
    expectError(
      await get(t, undefined, '/api/airtime-swap/pending/clear'),
      401,
      messages.unauthorized,
    );
  });
});

describe('GET /api/airtime-swap/ and /get-swaps', () => {
  it('lists only the caller’s swaps, newest first, in both spellings and pages of 10', async () => {
    const user = await customer(t);
    const refs: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      refs.push(await newSwap(t, user, 'wallet', 100 + i));
      await get(t, user.token, '/api/airtime-swap/pending/clear');
      t.clock.advance(1000);
    }
    const stranger = await customer(t);
    await newSwap(t, stranger, 'bank');

    const newestFirst = [...refs].reverse();
    for (const url of ['/api/airtime-swap/', '/api/airtime-swap']) {
      const res = await get(t, user.token, url);
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
      expect(res.json().data.map((s: { swapId: string }) => s.swapId)).toEqual(newestFirst);
    }

    const page1 = (await get(t, user.token, '/api/airtime-swap/get-swaps')).json();
    expect(page1.pagination).toEqual({ currentPage: 1, totalItems: 12, totalPages: 2 });
    expect(page1.data.map((s: { swapId: string }) => s.swapId)).toEqual(newestFirst.slice(0, 10));
    const page2 = (await get(t, user.token, '/api/airtime-swap/get-swaps?page=2')).json();
    expect(page2.pagination).toEqual({ currentPage: 2, totalItems: 12, totalPages: 2 });
    expect(page2.data.map((s: { swapId: string }) => s.swapId)).toEqual(newestFirst.slice(10));
    const page3 = (await get(t, user.token, '/api/airtime-swap/get-swaps?page=3')).json();
    expect(page3.data).toEqual([]);

    expect((await get(t, stranger.token, '/api/airtime-swap/')).json().data).toHaveLength(1);
    expect((await get(t, user.token, '/api/airtime-swap/get-swaps?page=0')).statusCode).toBe(400);
    expect((await get(t, user.token, '/api/airtime-swap/get-swaps?page=x')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expectError(await get(t, undefined, '/api/airtime-swap/'), 401, messages.unauthorized);
    expectError(await get(t, undefined, '/api/airtime-swap/get-swaps'), 401, messages.unauthorized);
  });
});
