import { z } from 'zod';
import {
  completeSignupSchema,
  googleLoginSchema,
  loginSchema,
  requestOtpSchema,
  requestPasswordResetSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from '@owo/shared/schemas/auth';
import { setPinSchema, updateUserSchema, validatePinSchema } from '@owo/shared/schemas/user';
import {
  inhouseAirtimeSchema,
  inhouseCableSchema,
  inhouseDataSchema,
  inhouseUtilitySchema,
  meterVerifySchema,
  providerAirtimeSchema,
  providerDataSchema,
  providerTvSchema,
  providerUtilitySchema,
  smartcardVerifySchema,
  supplierDataSchema,
} from '@owo/shared/schemas/purchases';
import {
  bankAccountVerifySchema,
  transferSchema,
  verifyRecipientSchema,
} from '@owo/shared/schemas/transfers';
import {
  bettingPurchaseSchema,
  billerItemsSchema,
  billersSchema,
} from '@owo/shared/schemas/betting';
import {
  servicesAirtimeSchema,
  servicesCableSchema,
  servicesCategoriesQuery,
  servicesDataSchema,
  servicesUtilitySchema,
  servicesVerifySchema,
} from '@owo/shared/schemas/services-pay';
import {
  swapAdminListQuery,
  swapCountQuery,
  swapCreateSchema,
  swapPageQuery,
  swapVerifySchema,
} from '@owo/shared/schemas/airtime-swap';
import { depositSchema } from '@owo/shared/schemas/deposits';
import {
  subaccountSchema,
  verificationEnquirySchema,
  verificationInitiateSchema,
  verificationValidateSchema,
} from '@owo/shared/schemas/kyc';
import {
  adminTransactionsQuery,
  approveBody,
  auditQuery,
  bettingStatsQuery,
  newCablePlanBody,
  newDataPlanBody,
  orderActionBody,
  pageQuery,
  periodQuery,
  planPatchBody,
  rangeQuery,
  restoreBody,
  shutdownBody,
  utilityDiscountBody,
} from '@owo/shared/schemas/admin';
import * as adjustments from '../../../../apps/api/src/modules/adjustments/routes';
import * as adminProducts from '../../../../apps/api/src/modules/admin-products/routes';
import * as adminTransactions from '../../../../apps/api/src/modules/admin-transactions/routes';
import * as adminUsers from '../../../../apps/api/src/modules/admin/users-routes';
import * as catalogue from '../../../../apps/api/src/modules/catalogue/routes';
import * as servicesPay from '../../../../apps/api/src/modules/services-pay/routes';
import * as history from '../../../../apps/api/src/modules/transactions/routes';
import * as sandbox from '../../../../apps/api/src/modules/sandbox/routes';
import { SWAP_REF } from '../../../../apps/api/src/modules/airtime-swap/routes';

/** What the fuzzer knows about one route: the request parts it reads and how. */
export interface RouteInputs {
  /** The zod schema the route passes the JSON body to. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** The schema (or check) the route applies to its path parameters. */
  params?: z.ZodType;
  /**
   * Path parameters the route hands to its service as given (no schema), with the value of a
   * well-formed request ('uuid': an id that names nothing). Whatever the fuzzer puts there must be
   * answered without a 5xx.
   */
  looseParams?: Record<string, string>;
  /** A multipart upload; the name of the file field it reads. */
  upload?: 'image' | 'screenshot';
  /** Reads the Idempotency-Key header before the body (money routes): a bad key is refused. */
  idempotent?: true;
  /** The webhook: reads the raw text and checks a signature over it. */
  rawBody?: true;
  /**
   * A route that reads nothing from the request yet writes when called (the reason is the
   * value): its requests are judged one by one (phase B), not in the no-change phase.
   */
  writesWithoutInput?: string;
  /** Each request needs a session of its own (the route ends the session it is called with). */
  ownSession?: true;
  /**
   * Why a request this route accepts must never be sent: only refused ones are (the fuzzer drops
   * the rest instead of judging them one by one).
   */
  neverAccepted?: string;
}

/**
 * Route → request schemas: the only hand-written part of the fuzzer. Every route of
 * app.routeTable must have an entry (fuzz.test.ts fails otherwise), so a new route cannot escape.
 * The schemas are the very ones the routes pass to parse() (shared schemas, or the route
 * module's own, exported for this).
 */
export const ROUTE_INPUTS: Record<string, RouteInputs> = {
  'GET /api/health': {},
  'GET /api/ready': {},
  'GET /api/config': {},
  'GET /api/system/services': {},

  'POST /api/auth/request-otp': { body: requestOtpSchema },
  'POST /api/auth/resend-otp': { body: resendOtpSchema },
  'POST /api/auth/verify-otp': { body: verifyOtpSchema },
  'POST /api/auth/complete-signup': { body: completeSignupSchema },
  'POST /api/auth/login': { body: loginSchema },
  'POST /api/auth/google': { body: googleLoginSchema },
  'POST /api/auth/logout': {
    writesWithoutInput: 'ends the session it is called with',
    ownSession: true,
  },
  'POST /api/user/request-password-reset': { body: requestPasswordResetSchema },
  'POST /api/user/reset-password': { body: resetPasswordSchema },

  'GET /api/user': {},
  'PATCH /api/user/update': { body: updateUserSchema },
  'POST /api/user/upload-profile-picture': { upload: 'image' },
  'POST /api/user/set-transaction-pin': {
    body: setPinSchema,
    neverAccepted: 'an accepted body changes the PIN every other request is signed with',
  },
  'POST /api/user/validate-pin': { body: validatePinSchema },
  'POST /api/user/request-pin-otp': { writesWithoutInput: 'mails a PIN code (an OTP row)' },

  'GET /api/admin/users': { query: adminUsers.listQuery },
  'PATCH /api/admin/users/:id/role': { params: adminUsers.idParams, body: adminUsers.roleBody },
  'POST /api/admin/users/:id/credit': {
    params: adjustments.idParams,
    body: adjustments.creditBody,
  },

  'GET /api/transactions/networks': {},
  'GET /api/transactions/data-plans': {},
  'GET /api/transactions/data-plans/:supplier': { looseParams: { supplier: 'ogdams' } },
  'GET /api/transactions/cable-list': {},
  'GET /api/transactions/cable-plans': { query: catalogue.cableQuery },
  'GET /api/transactions/utility-providers': {},
  'GET /api/vtpass/data': { query: catalogue.serviceQuery },
  'GET /api/vtpass/tv': { query: catalogue.serviceQuery },

  'POST /api/transactions/airtime': { body: inhouseAirtimeSchema, idempotent: true },
  'POST /api/transactions/data': { body: inhouseDataSchema, idempotent: true },
  'POST /api/transactions/data/:supplier': {
    body: supplierDataSchema,
    looseParams: { supplier: 'ogdams' },
    idempotent: true,
  },
  'POST /api/transactions/cable-tv': { body: inhouseCableSchema, idempotent: true },
  'POST /api/transactions/utility': { body: inhouseUtilitySchema, idempotent: true },
  'POST /api/vtpass/data': { body: providerDataSchema, idempotent: true },
  'POST /api/vtpass/airtime': { body: providerAirtimeSchema, idempotent: true },
  'POST /api/vtpass/tv-plans': { body: providerTvSchema, idempotent: true },
  'POST /api/vtpass/utility': { body: providerUtilitySchema, idempotent: true },
  'POST /api/vtpass/smartcard-verify': { body: smartcardVerifySchema },
  'POST /api/vtpass/verify-meter-number': { body: meterVerifySchema },

  'GET /api/transactions': { query: history.historyQuery },
  'POST /api/transfers/verify-recipient': { body: verifyRecipientSchema },
  'POST /api/transfers': { body: transferSchema, idempotent: true },
  'POST /api/transfers/verify': { body: bankAccountVerifySchema },
  'GET /api/transfers/banks': {},

  'POST /api/biller': { body: billersSchema },
  'POST /api/biller/': { body: billersSchema },
  'POST /api/biller/item': { body: billerItemsSchema },
  'POST /api/biller/betting': { body: bettingPurchaseSchema, idempotent: true },

  'GET /api/services/categories': { query: servicesCategoriesQuery },
  'GET /api/services/categories/:id/products': { params: servicesPay.categoryParams },
  'POST /api/services/verify': { body: servicesVerifySchema },
  'POST /api/services/pay/airtime': { body: servicesAirtimeSchema, idempotent: true },
  'POST /api/services/pay/data': { body: servicesDataSchema, idempotent: true },
  'POST /api/services/pay/cable-tv': { body: servicesCableSchema, idempotent: true },
  'POST /api/services/pay/utility': { body: servicesUtilitySchema, idempotent: true },

  'POST /api/airtime-swap': { body: swapCreateSchema },
  'POST /api/airtime-swap/:swapId/upload': {
    params: z.object({ swapId: z.string().regex(SWAP_REF) }),
    upload: 'screenshot',
  },
  'GET /api/airtime-swap': {},
  'GET /api/airtime-swap/': {},
  'GET /api/airtime-swap/pending': {},
  'GET /api/airtime-swap/pending/clear': {
    writesWithoutInput: "cancels the caller's unfinished swap",
  },
  'GET /api/airtime-swap/get-swaps': { query: swapPageQuery },
  'GET /api/airtime-swap/admin': { query: swapAdminListQuery },
  'GET /api/airtime-swap/admin/count': { query: swapCountQuery },
  'GET /api/airtime-swap/admin/profit': {},
  'PATCH /api/airtime-swap/admin/:swapId/verify': {
    params: z.object({ swapId: z.string().regex(SWAP_REF) }),
    body: swapVerifySchema,
  },

  'POST /api/deposit/bank-transfer': { body: depositSchema },
  'POST /api/deposit': { body: depositSchema },
  'GET /api/deposit/:id/status': { looseParams: { id: 'uuid' } },
  'GET /api/deposit/session/:sdkSessionId': { looseParams: { sdkSessionId: 'uuid' } },
  'POST /api/verification/initiate': { body: verificationInitiateSchema },
  'POST /api/verification/validate': { body: verificationValidateSchema },
  'POST /api/verification/enquiry': { body: verificationEnquirySchema },
  'GET /api/account': {},
  'POST /api/account/subaccount': { body: subaccountSchema },
  'POST /api/account/virtual': { body: depositSchema },
  'GET /api/account/virtual/account/:id': { looseParams: { id: 'uuid' } },
  'GET /api/account/virtual/:id': { looseParams: { id: 'uuid' } },
  'GET /api/account/:id': { looseParams: { id: 'uuid' } },

  'GET /api/sandbox/mailbox': { query: sandbox.mailboxQuery },
  'GET /api/sandbox/texts': {},
  'POST /api/sandbox/deposits/:id/pay': { looseParams: { id: 'uuid' } },

  'GET /api/admin/analytics/summary': { query: periodQuery },
  'GET /api/admin/analytics/revenue': { query: periodQuery },
  'GET /api/admin/analytics/profits': { query: rangeQuery },
  'GET /api/admin/analytics/previous-deposits': {},
  'GET /api/admin/analytics/previous-data-sales': {},
  'GET /api/admin/analytics/active-users': {},
  'GET /api/admin/analytics/total-balance': {},
  'GET /api/admin/analytics/betting': { query: bettingStatsQuery },

  'GET /api/admin/products/update-data': {
    writesWithoutInput: "refreshes DataStation's plans (and writes the audit log)",
  },
  'GET /api/admin/products/update-ogdams': {
    writesWithoutInput: "refreshes Ogdams's plans (and writes the audit log)",
  },
  'GET /api/admin/products/vtpass/data-plans': {
    writesWithoutInput: "refreshes VTpass's data plans (and writes the audit log)",
  },
  'GET /api/admin/products/tv-plans/update': {
    writesWithoutInput: "refreshes VTpass's TV plans (and writes the audit log)",
  },
  'GET /api/admin/products/data-plans': { query: adminProducts.networkQuery },
  'GET /api/admin/products/ogdams-plans': {},
  'GET /api/admin/products/vtpass/data-plans/list': { query: adminProducts.serviceQuery },
  'GET /api/admin/products/cable-plans': { query: adminProducts.cableQuery },
  'GET /api/admin/products/vtpass/tv-plans': { query: adminProducts.serviceQuery },
  'GET /api/admin/products/utility-discount': {},
  'PATCH /api/admin/products/data-plans/:id': {
    params: adminProducts.idParams,
    body: planPatchBody,
  },
  'PATCH /api/admin/products/update-ogdams/:id': {
    params: adminProducts.idParams,
    body: planPatchBody,
  },
  'PATCH /api/admin/products/cable-plans/:id': {
    params: adminProducts.idParams,
    body: planPatchBody,
  },
  'PATCH /api/admin/products/vtpass/data-plans/:id': {
    params: adminProducts.idParams,
    body: planPatchBody,
  },
  'PATCH /api/admin/products/vtpass/tv-plans/:id': {
    params: adminProducts.idParams,
    body: planPatchBody,
  },
  'POST /api/admin/products/data-plans': { body: newDataPlanBody },
  'POST /api/admin/products/data-plans/': { body: newDataPlanBody },
  'POST /api/admin/products/cable-plans': { body: newCablePlanBody },
  'POST /api/admin/products/cable-plans/': { body: newCablePlanBody },
  'PUT /api/admin/products/utility-discount': { body: utilityDiscountBody },

  'GET /api/admin/transactions': { query: adminTransactionsQuery },
  'GET /api/admin/orders/needs-decision': { query: pageQuery },
  'GET /api/admin/alerts': { query: pageQuery },
  'GET /api/admin/transactions/:id': { params: adminTransactions.idParams },
  'POST /api/admin/transactions/:id/approve': {
    params: adminTransactions.idParams,
    body: approveBody,
  },
  'POST /api/admin/transactions/:id/refund': {
    params: adminTransactions.idParams,
    body: orderActionBody,
  },
  'POST /api/admin/transactions/:id/reverse': {
    params: adminTransactions.idParams,
    body: orderActionBody,
  },
  'GET /api/admin/system/status': {},
  'POST /api/admin/system/emergency-shutdown': {
    body: shutdownBody,
    neverAccepted: 'an accepted body shuts services down (they then answer 503 by design)',
  },
  'POST /api/admin/system/emergency-restore': { body: restoreBody },
  'GET /api/admin/audit': { query: auditQuery },

  'POST /api/webhooks/palmpay': { rawBody: true },
  'POST /api/webhooks/ogdams': { rawBody: true },
};
