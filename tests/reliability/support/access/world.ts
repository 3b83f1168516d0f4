import { eq } from 'drizzle-orm';
import { SAFEHAVEN_CATEGORY_IDS } from '@owo/providers/safehaven/catalogue';
import { airtimeSwaps, webhookDeliveries } from '../../../../apps/api/src/db/schema';
import { insertKey } from '../../../../apps/api/test/webhook-support';
import { refundedDeliveriesRepository } from '../../../../apps/api/src/modules/adjustments/refunded-deliveries-repository';
import {
  customer,
  fund,
  PIN,
  setPin,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../../apps/api/test/harness';
import { newSwap, pngImage, signInAdmin } from '../../../../apps/api/test/airtime-swap-support';
import { imageUpload } from '../../../../apps/api/test/multipart';
import { SAFEHAVEN_IDENTITIES } from '@owo/providers/sandbox/magic';
import {
  FIXED_OTP,
  bankTransfer,
  initiate,
  validate,
  verifyKyc,
} from '../../../../apps/api/test/deposit-support';

/**
 * The people and things the access matrix plays with: user A owns one of everything a route can
 * name (an order, a swap, a checkout, a virtual-account deposit, a KYC sub-account and virtual
 * account, an identity check), made through the API the way a customer makes them; user B is a
 * plain customer with a PIN and no money; an admin signed in the operator's way; a support user.
 */
export interface AccessWorld {
  a: {
    id: string;
    email: string;
    password: string;
    token: string;
    phone: string;
    firstName: string;
    lastName: string;
    transactionId: string;
    transactionReference: string;
    /** The Idempotency-Key and body of A's airtime purchase (B replays them). */
    purchaseKey: string;
    purchaseBody: Record<string, unknown>;
    swapRef: string;
    swapUuid: string;
    /** The ids of A's profile picture files (GET /api/files/:id): 512 px and original. */
    avatarFileId: string;
    avatarOriginalFileId: string;
    /** A's saved beneficiary (PATCH/DELETE /api/beneficiaries/:id). */
    beneficiaryId: string;
    /** A webhook of A's order (POST /api/developer/webhooks/:id/replay, decision 0089). */
    webhookDeliveryId: string;
    /** A's API key (Profile → Developer: /api/developer/keys/:id). */
    apiKeyId: string;
    /** A's session (DELETE /api/user/sessions/:id). */
    sessionId: string;
    checkoutId: string;
    sdkSessionId: string;
    checkoutAccountNo: string;
    virtualIntentId: string;
    subaccountId: string;
    subaccountNo: string;
    virtualAccountId: string;
    virtualAccountNo: string;
    identityId: string;
    identityNumber: string;
    /** The wallet balance after funding and the purchase, as the API prints it (naira). */
    balanceText: string;
  };
  b: { id: string; email: string; token: string };
  admin: { id: string; email: string; token: string };
  /** A customer an admin gave the read-only support role through the role-change endpoint. */
  support: { id: string; email: string; token: string };
  categoryId: string;
  /** An open admin alert (the ledger condition, raised as the audit job would). */
  alertIncidentId: string;
  /** A credit for B that the admin filed, waiting for a second admin (decision 0047). */
  adjustmentRequestId: string;
  /** A's purchase recorded as delivered after a forced refund (decision 0048), still open. */
  refundedDeliveryId: string;
  /** A's check of someone else's NIN, waiting in the KYC review queue (decision 0055). */
  kycReviewId: string;
  planIds: {
    dataPlan: string;
    ogdamsPlan: string;
    cablePlan: string;
    vtpassDataPlan: string;
    vtpassTvPlan: string;
  };
}

/** Answers the reply's JSON, or throws with its body when the status is not the one expected. */
async function ok<T = Record<string, unknown>>(
  reply: Promise<Awaited<ReturnType<TestApp['request']>>>,
  what: string,
  status = 200,
): Promise<T> {
  const res = await reply;
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

type Json = Record<string, unknown> & { data: Record<string, unknown> };

/**
 * Signs a customer up through the OTP flow with their own name and phone (the harness gives every
 * customer the same ones, which would hide a leak of A's in B's reply).
 */
async function distinctCustomer(
  t: TestApp,
  person: { firstName: string; lastName: string; phone: string },
) {
  const email = uniqueEmail('access-a');
  await ok(
    t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { email } }),
    'request-otp',
  );
  const verified = await ok<{ signupTicket: string }>(
    t.request({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: t.lastCode(email) },
    }),
    'verify-otp',
  );
  const done = await ok<Json & { token: string }>(
    t.request({
      method: 'POST',
      url: '/api/auth/complete-signup',
      payload: {
        firstName: person.firstName,
        lastName: person.lastName,
        email,
        phoneNumber: person.phone,
        password: STRONG_PASSWORD,
        signupTicket: verified.signupTicket,
      },
    }),
    'complete-signup',
  );
  await setPin(t, done.token);
  return { email, password: STRONG_PASSWORD, token: done.token, id: String(done.data._id) };
}

async function firstId(t: TestApp, token: string, url: string): Promise<string> {
  const body = await ok<{ data: { _id: string }[] }>(t.request({ method: 'GET', url, token }), url);
  const id = body.data[0]?._id;
  if (!id) throw new Error(`${url}: empty list`);
  return id;
}

export async function buildAccessWorld(t: TestApp): Promise<AccessWorld> {
  const person = { firstName: 'Zainab', lastName: 'Kolawoleleak', phone: '08059876543' };
  const a = { ...(await distinctCustomer(t, person)), ...person };
  await fund(t, a.id, 98_765.43);

  // An order: airtime bought with an Idempotency-Key.
  const purchaseKey = `access-a-${Date.now().toString(36)}`;
  const purchaseBody = {
    network: 1,
    mobile_number: '08059876543',
    airtime_type: 'VTU',
    Ported_number: true,
    amount: 137,
    transactionPin: PIN,
  };
  const bought = await ok<Json>(
    t.request({
      method: 'POST',
      url: '/api/transactions/airtime',
      token: a.token,
      headers: { 'idempotency-key': purchaseKey },
      payload: purchaseBody,
    }),
    'airtime purchase',
  );
  const transaction = bought.data as { _id?: string; reference?: string };
  const history = await ok<{ transactions: { _id: string; reference: string; amount: number }[] }>(
    t.request({ method: 'GET', url: '/api/transactions', token: a.token }),
    'history',
  );
  const order = history.transactions.find((row) => row.amount === purchaseBody.amount);
  if (!order) throw new Error(`A has no airtime row: ${JSON.stringify(history.transactions)}`);

  // A swap waiting for its screenshot.
  const swapRef = await newSwap(t, { ...a, token: a.token }, 'wallet');
  const [swap] = await t.deps.database.db
    .select({ id: airtimeSwaps.id })
    .from(airtimeSwaps)
    .where(eq(airtimeSwaps.swapId, swapRef));
  if (!swap) throw new Error(`swap ${swapRef} not stored`);

  // A profile picture: its files are served to A and admins only (decision 0021).
  const picture = await ok<{ data: { imageUrl: string; originalImageUrl: string } }>(
    t.request({
      method: 'POST',
      url: '/api/user/upload-profile-picture',
      token: a.token,
      ...imageUpload(await pngImage()),
    }),
    'profile picture',
  );
  const fileId = (url: string) => url.split('/').at(-1) ?? '';

  // A saved beneficiary: its owner's only.
  const beneficiary = await ok<{ data: { _id: string } }>(
    t.request({
      method: 'POST',
      url: '/api/beneficiaries',
      token: a.token,
      payload: { kind: 'phone', label: 'Mum', number: '08031234567' },
    }),
    'beneficiary',
    201,
  );

  // A signed-in device: its owner's only.
  const sessions = await ok<{ data: { _id: string; current: boolean }[] }>(
    t.request({ method: 'GET', url: '/api/user/sessions', token: a.token }),
    'sessions',
  );

  // A bank-transfer checkout, then KYC (sub-account and virtual account), then a deposit intent
  // into the virtual account.
  const checkout = (await ok<Json>(bankTransfer(t, a.token, 4321), 'checkout')).data;
  // Someone else's NIN first (the sandbox's magic otherHolder): refused, queued for review.
  const other = await ok<Json>(
    initiate(t, a.token, { type: 'NIN', number: SAFEHAVEN_IDENTITIES.otherHolder }),
    'initiate other holder',
  );
  const mismatch = await validate(t, a.token, {
    identityId: other.data.identityId,
    otp: FIXED_OTP,
  });
  if (mismatch.statusCode !== 422) throw new Error(`expected a mismatch: ${mismatch.body}`);
  const kyc = await verifyKyc(t, a);
  // An API key (a verified wallet's only): its owner's only.
  const apiKey = await ok<{ data: { _id: string } }>(
    t.request({
      method: 'POST',
      url: '/api/developer/keys',
      token: a.token,
      payload: { name: 'Shop', scopes: ['read'] },
    }),
    'api key',
    201,
  );
  const accounts = await ok<{ data: { _id: string; accountNumber: string; kind?: string }[] }>(
    t.request({ method: 'GET', url: '/api/account', token: a.token }),
    'accounts',
  );
  const virtualAccount = await ok<Json>(
    t.request({ method: 'GET', url: `/api/account/virtual/account/${a.id}`, token: a.token }),
    'virtual account',
  );
  const sub = accounts.data.find((acc) => acc._id !== virtualAccount.data._id);
  if (!sub) throw new Error(`A has no sub-account: ${JSON.stringify(accounts.data)}`);
  const intent = await ok<Json>(
    t.request({ method: 'POST', url: '/api/deposit', token: a.token, payload: { amount: 2345 } }),
    'virtual deposit',
  );
  const user = await ok<Json>(t.request({ method: 'GET', url: '/api/user', token: a.token }), 'me');

  const b = await customer(t);
  const admin = await signInAdmin(t);
  const adminFirst = (url: string) => firstId(t, admin.token, url);
  const support = await customer(t);
  await ok(
    t.request({
      method: 'PATCH',
      url: `/api/admin/users/${support.id}/role`,
      token: admin.token,
      payload: { role: 'support' },
    }),
    'support role',
  );

  await t.services.alerts.ledgerAudit({
    ok: false,
    checks: [{ name: 'an access-matrix probe', ok: false, violations: [] }],
  });
  const alerts = await ok<{ data: { open: { _id: string }[] } }>(
    t.request({ method: 'GET', url: '/api/admin/alerts/incidents', token: admin.token }),
    'open alerts',
  );

  const adjustment = await ok<{ data: { _id: string } }>(
    t.request({
      method: 'POST',
      url: `/api/admin/users/${b.id}/credit`,
      token: admin.token,
      payload: { amount: 50_000, reason: 'access-matrix probe' },
    }),
    'credit request',
    202,
  );
  // As the Ogdams webhook records it; the matrix only needs the row its id names.
  await refundedDeliveriesRepository.record(t.deps.database.db, {
    transactionId: transaction._id ?? order._id,
    supplier: 'ogdams',
    answer: {},
    at: t.clock.now(),
  });
  // A webhook of A's order, as the settlement of an API order queues it (the key has no URL).
  const [webhook] = await t.deps.database.db
    .insert(webhookDeliveries)
    .values({
      apiKeyId: (await insertKey(t, a.id, null)).id,
      userId: a.id,
      transactionId: transaction._id ?? order._id,
      event: 'purchase.delivered',
      body: '{}',
      nextAttemptAt: t.clock.now(),
    })
    .returning({ id: webhookDeliveries.id });
  const deliveries = await ok<{ data: { deliveries: { _id: string }[] } }>(
    t.request({ method: 'GET', url: '/api/admin/refunded-deliveries', token: admin.token }),
    'refunded deliveries',
  );

  return {
    a: {
      ...a,
      transactionId: transaction._id ?? order._id,
      transactionReference: transaction.reference ?? order.reference,
      purchaseKey,
      purchaseBody,
      swapRef,
      swapUuid: swap.id,
      avatarFileId: fileId(picture.data.imageUrl),
      avatarOriginalFileId: fileId(picture.data.originalImageUrl),
      beneficiaryId: beneficiary.data._id,
      webhookDeliveryId: webhook!.id,
      apiKeyId: apiKey.data._id,
      sessionId: sessions.data[0]?._id ?? '',
      checkoutId: String(checkout._id),
      sdkSessionId: String(checkout.sdkSessionId),
      checkoutAccountNo: String(checkout.payerVirtualAccNo),
      virtualIntentId: String(intent.data._id),
      subaccountId: sub._id,
      subaccountNo: sub.accountNumber,
      virtualAccountId: String(virtualAccount.data._id),
      virtualAccountNo: String(virtualAccount.data.accountNumber),
      identityId: kyc.identityId,
      identityNumber: kyc.number,
      balanceText: String(user.data.accountBalance),
    },
    b: { id: b.id, email: b.email, token: b.token },
    admin: { id: admin.id, email: admin.email, token: admin.token },
    support: { id: support.id, email: support.email, token: support.token },
    categoryId: SAFEHAVEN_CATEGORY_IDS.cable.DSTV,
    alertIncidentId: alerts.data.open[0]?._id ?? 'no open alert',
    adjustmentRequestId: adjustment.data._id,
    refundedDeliveryId: deliveries.data.deliveries[0]?._id ?? 'no refunded delivery',
    kycReviewId: String(other.data.identityId),
    planIds: {
      dataPlan: await adminFirst('/api/admin/products/data-plans'),
      ogdamsPlan: await adminFirst('/api/admin/products/ogdams-plans'),
      cablePlan: await adminFirst('/api/admin/products/cable-plans'),
      vtpassDataPlan: await adminFirst(
        '/api/admin/products/vtpass/data-plans/list?serviceID=mtn-data',
      ),
      vtpassTvPlan: await adminFirst('/api/admin/products/vtpass/tv-plans?serviceID=gotv'),
    },
  };
}

/**
 * Strings only user A's data contains: none may appear in anything answered to user B. Short or
 * common values (the amount 137, "MTN") are left out: they would match by chance.
 */
export function secretsOf(w: AccessWorld): Record<string, string> {
  const { a } = w;
  return {
    'user id': a.id,
    email: a.email,
    phone: a.phone,
    'last name': a.lastName,
    'transaction id': a.transactionId,
    'transaction reference': a.transactionReference,
    'idempotency key': a.purchaseKey,
    'swap reference': a.swapRef,
    'swap uuid': a.swapUuid,
    'avatar file id': a.avatarFileId,
    'checkout id': a.checkoutId,
    'checkout session': a.sdkSessionId,
    'checkout account number': a.checkoutAccountNo,
    'virtual deposit id': a.virtualIntentId,
    'sub-account id': a.subaccountId,
    'sub-account number': a.subaccountNo,
    'virtual account id': a.virtualAccountId,
    'virtual account number': a.virtualAccountNo,
    'identity id': a.identityId,
    'identity number': a.identityNumber,
    balance: a.balanceText,
  };
}

/**
 * The names of A's secrets found in a reply body (empty: no leak). `sent` is what B put in the
 * request: a reply may echo it without leaking anything.
 */
export function leaksIn(body: string, w: AccessWorld, sent: string[] = []): string[] {
  const lower = body.toLowerCase();
  return Object.entries(secretsOf(w))
    .filter(([, value]) => !sent.includes(value))
    .filter(([, value]) => value.length >= 6 && lower.includes(value.toLowerCase()))
    .map(([name]) => name);
}
