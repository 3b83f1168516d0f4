import type { ApiRoute } from '../../../../apps/api/src/app';
import type { AccessWorld } from './world';

/**
 * The access matrix is generated from app.routeTable; what cannot be read from a route is here:
 * which routes are meant to be public, and what to put in each `:param`. Every table is keyed by
 * `METHOD url`, and the matrix fails when the route table holds a route none of them covers, so a
 * new route must be placed here (and so thought about) before the suite passes again.
 */

export const routeKey = (route: Pick<ApiRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * Routes anyone may call. Each has its own protection: sign-in and sign-up codes (rate limits
 * below), PalmPay's RSA signature on the webhook, and system routes that reveal nothing private.
 * A route that lost its guard shows up as an unexpected member.
 */
export const EXPECTED_PUBLIC = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  // the API document (decision 0025): routes and shapes, no data; every route it names is guarded
  'GET /api/openapi.json',
  'POST /api/auth/request-otp',
  'POST /api/auth/resend-otp',
  'POST /api/auth/verify-otp',
  'POST /api/auth/complete-signup',
  'POST /api/auth/login',
  'POST /api/auth/google',
  'POST /api/user/request-password-reset',
  // the reset code checked without being used, under the code-check limits (decision 0059)
  'POST /api/user/check-reset-code',
  'POST /api/user/reset-password',
  'POST /api/webhooks/palmpay',
  'POST /api/webhooks/ogdams',
  // VTpass signs nothing: its callback moves money only on VTpass's own requery (decision 0044)
  'POST /api/webhooks/vtpass',
  // the webhook routes' go-live probe: echoes a nonce, reads and writes nothing (decision 0045)
  'GET /api/webhooks/palmpay',
  'GET /api/webhooks/ogdams',
  'GET /api/webhooks/vtpass',
  // sandbox mode only (decision 0019): mails to the address asked for, as the sign-in screen shows
  'GET /api/sandbox/mailbox',
].sort();

/** One id of the first user's to try as the second user, named so a failure says which. */
export interface OwnedId {
  label: string;
  value: string;
  /**
   * False for an id of another kind than the route reads (still a probe: it must not open
   * anything of A's for B); the others A opens themselves, which proves B's 404 is the owner check.
   */
  ownerOpens?: false;
}

/**
 * Customer routes whose parameter names something a user owns: each gives every id of user A's
 * that fits it (both spellings where the route takes two, e.g. the SWP- reference and the uuid).
 * Called as user B, each must answer 404 (or 403) and show nothing of A's.
 */
export const OWNED_PARAM_ROUTES: Record<string, (w: AccessWorld) => OwnedId[]> = {
  'POST /api/airtime-swap/:swapId/upload': (w) => [
    { label: 'swap reference', value: w.a.swapRef },
    { label: 'swap uuid', value: w.a.swapUuid },
  ],
  'GET /api/deposit/:id/status': (w) => [
    { label: 'checkout deposit id', value: w.a.checkoutId },
    { label: 'virtual-account deposit id', value: w.a.virtualIntentId },
  ],
  'GET /api/deposit/session/:sdkSessionId': (w) => [
    { label: 'checkout session', value: w.a.sdkSessionId },
  ],
  'GET /api/account/virtual/account/:id': (w) => [
    { label: 'virtual account id', value: w.a.virtualAccountId },
    { label: 'sub-account id', value: w.a.subaccountId, ownerOpens: false },
    { label: 'user id', value: w.a.id },
  ],
  'GET /api/account/virtual/:id': (w) => [
    { label: 'virtual-account deposit id', value: w.a.virtualIntentId },
    { label: 'checkout deposit id', value: w.a.checkoutId, ownerOpens: false },
  ],
  // The owner's own call would play a real transfer on the simulator: probed as B only.
  'POST /api/sandbox/deposits/:id/pay': (w) => [
    { label: 'checkout deposit id', value: w.a.checkoutId, ownerOpens: false },
    { label: 'virtual-account deposit id', value: w.a.virtualIntentId, ownerOpens: false },
  ],
  // Uploaded pictures: the owner's and admins' only (decision 0021).
  'GET /api/files/:id': (w) => [
    { label: 'avatar file id', value: w.a.avatarFileId },
    { label: 'avatar original file id', value: w.a.avatarOriginalFileId },
  ],
  // Saved beneficiaries: the owner's own call would rename or delete it, so B only.
  'PATCH /api/beneficiaries/:id': (w) => [
    { label: 'beneficiary id', value: w.a.beneficiaryId, ownerOpens: false },
  ],
  'DELETE /api/beneficiaries/:id': (w) => [
    { label: 'beneficiary id', value: w.a.beneficiaryId, ownerOpens: false },
  ],
  // A webhook of A's order (decision 0089): the owner's own call would queue it again, so B only.
  'POST /api/developer/webhooks/:id/replay': (w) => [
    { label: 'webhook delivery id', value: w.a.webhookDeliveryId, ownerOpens: false },
  ],
  // An API key: the owner's own change or revocation would alter it, so B only there.
  'PATCH /api/developer/keys/:id': (w) => [
    { label: 'api key id', value: w.a.apiKeyId, ownerOpens: false },
  ],
  'DELETE /api/developer/keys/:id': (w) => [
    { label: 'api key id', value: w.a.apiKeyId, ownerOpens: false },
  ],
  'GET /api/developer/keys/:id/webhook-secret': (w) => [
    { label: 'api key id', value: w.a.apiKeyId },
  ],
  // A signed-in device: its owner's only; the owner's own call would sign it out, so B only.
  'DELETE /api/user/sessions/:id': (w) => [
    { label: 'session id', value: w.a.sessionId, ownerOpens: false },
  ],
  'GET /api/account/:id': (w) => [
    { label: 'sub-account id', value: w.a.subaccountId },
    { label: 'virtual account id', value: w.a.virtualAccountId },
    { label: 'user id', value: w.a.id, ownerOpens: false },
  ],
};

/**
 * Customer routes whose parameter names something everyone shares (a supplier, a catalogue
 * category): nothing to leak between users, so they only get the 401 rows. The value is a real
 * one, so the call reaches the route's own code when the guard lets it through.
 */
export const SHARED_PARAM_ROUTES: Record<string, (w: AccessWorld) => string> = {
  'GET /api/transactions/data-plans/:supplier': () => 'ogdams',
  'POST /api/transactions/data/:supplier': () => 'ogdams',
  'GET /api/services/categories/:id/products': (w) => w.categoryId,
  // The reseller API's requery answers only the key's user's orders; its guard takes API keys,
  // not sessions, so the cross-user rows are public-api.test.ts's (another user's reference: 404).
  'GET /api/v1/purchases/:reference': (w) => w.a.transactionReference,
};

/**
 * Admin routes with a parameter: the value a regular user aims at. Real ids where the call would
 * do harm (promote themselves, credit themselves, pay out A's swap, act on A's order), so the
 * "database unchanged" check means something.
 */
export const ADMIN_PARAM_ROUTES: Record<string, (w: AccessWorld) => string> = {
  'PATCH /api/admin/users/:id/role': (w) => w.b.id,
  'POST /api/admin/users/:id/credit': (w) => w.b.id,
  // A customer's profile and statement (read another's), debit, suspend and reactivate.
  'GET /api/admin/users/:id': (w) => w.a.id,
  'GET /api/admin/users/:id/transactions': (w) => w.a.id,
  'POST /api/admin/users/:id/debit': (w) => w.a.id,
  'POST /api/admin/users/:id/suspend': (w) => w.a.id,
  'POST /api/admin/users/:id/reactivate': (w) => w.a.id,
  // B moved to a cheaper tier, or a tier's discounts raised (decision 0090)
  'PATCH /api/admin/users/:id/price-tier': (w) => w.b.id,
  'PATCH /api/admin/price-tiers/:code': () => 'reseller',
  'PATCH /api/airtime-swap/admin/:swapId/verify': (w) => w.a.swapRef,
  'PATCH /api/admin/products/data-plans/:id': (w) => w.planIds.dataPlan,
  'PATCH /api/admin/products/update-ogdams/:id': (w) => w.planIds.ogdamsPlan,
  'PATCH /api/admin/products/cable-plans/:id': (w) => w.planIds.cablePlan,
  'PATCH /api/admin/products/vtpass/data-plans/:id': (w) => w.planIds.vtpassDataPlan,
  'PATCH /api/admin/products/vtpass/tv-plans/:id': (w) => w.planIds.vtpassTvPlan,
  'GET /api/admin/transactions/:id': (w) => w.a.transactionId,
  'POST /api/admin/transactions/:id/approve': (w) => w.a.transactionId,
  'POST /api/admin/transactions/:id/refund': (w) => w.a.transactionId,
  'POST /api/admin/transactions/:id/reverse': (w) => w.a.transactionId,
  // an open alert (the ledger condition), which an acknowledgement would mark
  'POST /api/admin/alerts/incidents/:id/acknowledge': (w) => w.alertIncidentId,
  'PUT /api/admin/suppliers/:supplier/threshold': () => 'vtpass',
  // a credit for B waiting for a second admin, which an approval would post (decision 0047)
  'GET /api/admin/adjustments/:id': (w) => w.adjustmentRequestId,
  'POST /api/admin/adjustments/:id/approve': (w) => w.adjustmentRequestId,
  'POST /api/admin/adjustments/:id/reject': (w) => w.adjustmentRequestId,
  // A's order delivered after a forced refund, which a recovery or write-off would close (0048)
  'POST /api/admin/refunded-deliveries/:id/recover': (w) => w.refundedDeliveryId,
  'POST /api/admin/refunded-deliveries/:id/write-off': (w) => w.refundedDeliveryId,
  // A's refused check of someone else's NIN, which an approval would verify (decision 0055)
  'POST /api/admin/kyc-reviews/:id/approve': (w) => w.kycReviewId,
  'POST /api/admin/kyc-reviews/:id/reject': (w) => w.kycReviewId,
};

/**
 * Bodies that would do damage if a regular user's admin call went through (the rest send `{}`:
 * the guard must refuse before the body is read).
 */
export const ADMIN_ATTACK_BODIES: Record<string, object> = {
  'PATCH /api/admin/users/:id/role': { role: 'admin' },
  'POST /api/admin/users/:id/credit': { amount: 50_000, reason: 'self-credit attempt' },
  'POST /api/admin/users/:id/debit': { amount: 1, reason: 'debit attempt' },
  'POST /api/admin/users/:id/suspend': { reason: 'suspend attempt' },
  'POST /api/admin/users/:id/reactivate': { reason: 'reactivate attempt' },
  'PATCH /api/admin/users/:id/price-tier': { tier: 'api_partner' },
  'PATCH /api/admin/price-tiers/:code': {
    discountsBps: { data: 5_000, airtime: 0, cable: 0, electricity: 0, betting: 0 },
  },
  'PATCH /api/airtime-swap/admin/:swapId/verify': { action: 'approve' },
  'POST /api/admin/transactions/:id/refund': { reason: 'refund attempt' },
  'POST /api/admin/transactions/:id/reverse': { reason: 'reverse attempt' },
  'POST /api/admin/transactions/:id/approve': { reason: 'approve attempt' },
  'POST /api/admin/system/emergency-shutdown': {
    reason: 'shutdown attempt',
    duration: 60,
    services: ['airtime', 'data'],
  },
  'PATCH /api/admin/products/data-plans/:id': { sellingPrice: 1, isAvailable: true },
  'PUT /api/admin/products/utility-discount': { discount: 50 },
  // every admin alert switched off
  'PUT /api/admin/alerts/settings': {
    pendingOrders: { enabled: false, afterMinutes: 5 },
    failureRate: { enabled: false, percent: 100, windowMinutes: 5, minOrders: 10_000 },
    lowBalance: { enabled: false },
    ledgerAudit: { enabled: false },
  },
  // a threshold that hides a low balance, and a route that moves MTN airtime elsewhere
  'PUT /api/admin/suppliers/:supplier/threshold': { lowBalanceThreshold: 0 },
  'PUT /api/admin/suppliers/routes': { service: 'airtime', network: 'MTN', suppliers: ['ogdams'] },
  // B's pending credit approved past the cap, or rejected; A's refund recovered or written off
  'POST /api/admin/adjustments/:id/approve': { overrideCap: true, reason: 'approve attempt' },
  'POST /api/admin/adjustments/:id/reject': { reason: 'reject attempt' },
  'POST /api/admin/refunded-deliveries/:id/recover': { reason: 'recover attempt' },
  'POST /api/admin/refunded-deliveries/:id/write-off': { reason: 'write-off attempt' },
  'POST /api/admin/kyc-reviews/:id/approve': { reason: 'approve attempt' },
  'POST /api/admin/kyc-reviews/:id/reject': { reason: 'reject attempt' },
};

/** The `:name` parameters of a route's url, in order. */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
}

/** The url with its one parameter replaced (every route here has at most one). */
export function fillPath(url: string, value: string): string {
  if (paramsOf(url).length > 1) throw new Error(`${url}: more than one parameter, extend fillPath`);
  return url.replace(/:\w+/, encodeURIComponent(value));
}

/** A url fit to call, for the 401 rows: A's id, a shared value or the admin target. */
export function sampleUrl(route: ApiRoute, w: AccessWorld): string {
  if (paramsOf(route.url).length === 0) return route.url;
  const key = routeKey(route);
  const owned = OWNED_PARAM_ROUTES[key]?.(w)[0]?.value;
  const value = owned ?? SHARED_PARAM_ROUTES[key]?.(w) ?? ADMIN_PARAM_ROUTES[key]?.(w);
  if (value === undefined) throw new Error(`${key}: no value for its parameter (route-params.ts)`);
  return fillPath(route.url, value);
}

/** Routes with a parameter that no table above covers, and table rows naming no route. */
export function uncoveredParamRoutes(table: ApiRoute[]) {
  const keys = new Set(table.map(routeKey));
  const covered = (route: ApiRoute) => {
    const key = routeKey(route);
    if (route.access === 'admin' || route.access === 'staff') return key in ADMIN_PARAM_ROUTES;
    return key in OWNED_PARAM_ROUTES || key in SHARED_PARAM_ROUTES;
  };
  const missing = table
    .filter((r) => r.access !== 'public' && paramsOf(r.url).length > 0 && !covered(r))
    .map(routeKey);
  const stale = [
    ...Object.keys(OWNED_PARAM_ROUTES),
    ...Object.keys(SHARED_PARAM_ROUTES),
    ...Object.keys(ADMIN_PARAM_ROUTES),
    ...Object.keys(ADMIN_ATTACK_BODIES),
  ].filter((key) => !keys.has(key));
  return { missing, stale };
}
