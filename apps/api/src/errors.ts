import { adminMessages } from '@owo/shared/admin-messages';
import { alertMessages } from '@owo/shared/alerts';
import { adjustmentMessages } from '@owo/shared/adjustment-messages';
import { adminUserMessages } from '@owo/shared/admin-user-messages';
import { beneficiaryMessages } from '@owo/shared/beneficiaries';
import { developerMessages } from '@owo/shared/developer-messages';
import { messages } from '@owo/shared/messages';
import { securityMessages } from '@owo/shared/security';
import type { PinStanding } from '@owo/shared/api-types';

/**
 * The error catalogue: every error the API answers with has a code, an HTTP status and the user
 * message. The HTTP layer (plugins/error-handler.ts) turns them into replies in one place.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: messages.validationFailed },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNAUTHORIZED: { status: 401, message: messages.unauthorized },
  /** The token was unused for the idle timeout (decision 0049); the app says why it signed out. */
  SESSION_IDLE: { status: 401, message: messages.signedOutIdle },
  /** The session reached its lifetime (decision 0049); the app says why it signed out. */
  SESSION_EXPIRED: { status: 401, message: messages.signedOutExpired },
  FORBIDDEN: { status: 403, message: messages.forbidden },
  NOT_FOUND: { status: 404, message: messages.notFound },
  RATE_LIMITED: { status: 429, message: messages.rateLimited },
  LOOKUPS_THROTTLED: { status: 429, message: messages.lookupsThrottled },
  OTP_INVALID: { status: 400, message: messages.otpInvalidOrExpired },
  OTP_TOO_MANY_ATTEMPTS: { status: 400, message: messages.otpTooManyAttempts },
  OTP_RATE_MINUTE: { status: 429, message: messages.otpRateMinute },
  OTP_RATE_HOUR: { status: 429, message: messages.otpRateHour },
  OTP_VERIFY_THROTTLED: { status: 429, message: messages.otpVerifyThrottled },
  MAIL_UNAVAILABLE: { status: 503, message: messages.mailUnavailable },
  SIGNUP_TICKET_INVALID: { status: 400, message: messages.signupTicketInvalid },
  ACCOUNT_EXISTS: { status: 409, message: messages.accountExists },
  BAD_CREDENTIALS: { status: 401, message: messages.badCredentials },
  /** The current or one of the last PASSWORD_HISTORY_KEPT passwords (decision 0059). */
  PASSWORD_REUSED: { status: 400, message: messages.passwordReused },
  LOGIN_THROTTLED: { status: 429, message: messages.tooManyLoginAttempts },
  ACCOUNT_DISABLED: { status: 403, message: messages.accountDisabled },
  GOOGLE_NOT_CONFIGURED: { status: 503, message: messages.googleNotConfigured },
  GOOGLE_TOKEN_INVALID: { status: 401, message: messages.googleTokenInvalid },
  NOTHING_TO_UPDATE: { status: 400, message: messages.nothingToUpdate },
  IMAGE_REQUIRED: { status: 400, message: messages.imageRequired },
  IMAGE_INVALID_TYPE: { status: 415, message: messages.imageInvalidType },
  IMAGE_TOO_LARGE: { status: 413, message: messages.imageTooLarge },
  PIN_INCORRECT: { status: 400, message: messages.pinIncorrect },
  PIN_LOCKED: { status: 423, message: messages.pinLocked },
  PIN_NOT_SET: { status: 400, message: messages.setTransactionPin },
  PIN_CURRENT_REQUIRED: { status: 400, message: messages.pinCurrentRequired },
  PLAN_NOT_FOUND: { status: 404, message: messages.planNotFound },
  PLAN_UNAVAILABLE: { status: 409, message: messages.planUnavailable },
  AMOUNT_MISMATCH: { status: 409, message: messages.amountMismatch },
  INSUFFICIENT_FUNDS: { status: 402, message: messages.insufficientFunds },
  PURCHASE_FAILED: { status: 422, message: messages.purchaseFailed },
  SERVICE_UNAVAILABLE: { status: 503, message: messages.serviceShutdown },
  IDEMPOTENCY_CONFLICT: { status: 422, message: messages.idempotencyConflict },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, message: messages.idempotencyInProgress },
  INVALID_IDEMPOTENCY_KEY: { status: 400, message: messages.invalidIdempotencyKey },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, message: messages.idempotencyKeyRequired },
  METER_NOT_FOUND: { status: 400, message: messages.meterNotFound },
  CARD_NOT_FOUND: { status: 400, message: messages.cardNotFound },
  VERIFICATION_UNAVAILABLE: { status: 502, message: messages.verificationUnavailable },
  LIMIT_EXCEEDED: { status: 403, message: messages.limitRaiseHint },
  // deposits and KYC
  /** Spec §8 "Deposit HTTP 504": PalmPay did not answer the checkout call. */
  DEPOSIT_GATEWAY_ERROR: { status: 504, message: messages.depositGatewayError },
  DEPOSIT_REFUSED: { status: 502, message: messages.depositRefused },
  DEPOSIT_NOT_FOUND: { status: 404, message: messages.depositNotFound },
  DEPOSIT_CHECKOUTS_THROTTLED: { status: 429, message: messages.depositCheckoutsThrottled },
  KYC_REQUIRED: { status: 403, message: messages.depositNeedsKyc },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: messages.webhookSignatureInvalid },
  /** A body that is no callback of the supplier's at all (decision 0044). */
  WEBHOOK_BODY_INVALID: { status: 400, message: 'Not a webhook event.' },
  /** The supplier could not confirm the event when asked: it is to send the event again. */
  WEBHOOK_NOT_CONFIRMED: {
    status: 503,
    message: 'The event could not be confirmed with the supplier yet; send it again.',
  },
  KYC_UNAVAILABLE: { status: 502, message: messages.kycAuthFailed },
  IDENTITY_NOT_FOUND: { status: 400, message: messages.identityNotFound },
  VERIFICATION_NOT_FOUND: { status: 404, message: messages.verificationNotFound },
  VERIFICATION_OTP_WRONG: { status: 400, message: messages.verificationOtpWrong },
  VERIFICATION_TOO_MANY_ATTEMPTS: { status: 400, message: messages.verificationTooManyAttempts },
  VERIFICATION_EXPIRED: { status: 400, message: messages.verificationExpired },
  VERIFICATION_NOT_VALIDATED: { status: 400, message: messages.verificationNotValidated },
  VERIFICATION_THROTTLED: { status: 429, message: messages.verificationThrottled },
  ALREADY_KYC_VERIFIED: { status: 409, message: messages.alreadyKycVerified },
  IDENTITY_MISMATCH: { status: 400, message: messages.identityMismatch },
  IDENTITY_HOLDER_MISMATCH: { status: 422, message: messages.identityNameMismatch },
  KYC_REVIEW_NOT_FOUND: { status: 404, message: messages.kycReviewNotFound },
  IDENTITY_IN_USE: { status: 409, message: messages.identityInUse },
  ACCOUNT_REJECTED: { status: 400, message: messages.accountRejected },
  ACCOUNT_NOT_FOUND: { status: 404, message: messages.accountNotFound },
  // end deposits and KYC
  // transfers, betting, services/pay
  RECIPIENT_NOT_FOUND: { status: 404, message: messages.recipientNotFound },
  TRANSFER_TO_SELF: { status: 400, message: messages.transferToSelf },
  RECIPIENT_CANNOT_RECEIVE: { status: 409, message: messages.recipientCannotReceive },
  BANK_ACCOUNT_NOT_FOUND: { status: 400, message: messages.bankAccountNotFound },
  BANK_UNAVAILABLE: { status: 502, message: messages.bankUnavailable },
  BILLER_NOT_FOUND: { status: 404, message: messages.billerNotFound },
  BILLER_ITEM_NOT_FOUND: { status: 404, message: messages.billerItemNotFound },
  BILLERS_UNAVAILABLE: { status: 502, message: messages.bettingLoadFailed },
  BILLER_ITEMS_UNAVAILABLE: { status: 502, message: messages.bettingDetailsFailed },
  ENTITY_NOT_FOUND: { status: 400, message: messages.entityNotFound },
  SERVICES_UNAVAILABLE: { status: 502, message: messages.servicesUnavailable },
  // end transfers, betting, services/pay
  // airtime to cash
  SWAP_NOT_FOUND: { status: 404, message: messages.swapNotFound },
  SWAP_ID_INVALID: { status: 400, message: messages.swapIdInvalid },
  SWAP_OPEN_EXISTS: { status: 409, message: messages.swapOpenExists },
  SWAP_TRANSITION_REFUSED: { status: 409, message: messages.swapTransitionRefused },
  SWAP_WALLET_NOT_FOUND: { status: 400, message: messages.swapWalletNotFound },
  SWAP_PAYOUT_REFERENCE_REQUIRED: { status: 400, message: messages.swapPayoutReferenceRequired },
  SCREENSHOT_REQUIRED: { status: 400, message: messages.swapScreenshotRequired },
  // end airtime to cash
  // admin products
  PLAN_EXISTS: { status: 409, message: adminMessages.planExists },
  /** A supplier's plan list could not be read; the message names the supplier. */
  PLANS_FETCH_FAILED: { status: 502, message: adminMessages.plansFetchFailed },
  // end admin products
  // the public API for resellers (decision 0087)
  API_KEY_INVALID: {
    status: 401,
    message: 'The API key is missing, invalid or revoked.',
  },
  API_KEY_IP_REFUSED: {
    status: 403,
    message: 'This API key may not be used from this address.',
  },
  API_KEY_SCOPE: {
    status: 403,
    message: 'This API key does not have the scope this call needs.',
  },
  API_WALLET_NOT_VERIFIED: {
    status: 403,
    message: 'API keys need a verified wallet. Verify your identity in the app first.',
  },
  // end the public API
  // admin transactions (Approve / Refund / Reverse)
  ORDER_ALREADY_ACTED: { status: 409, message: adminMessages.orderAlreadyActed },
  ORDER_NOT_ACTIONABLE: { status: 409, message: adminMessages.orderNotActionable },
  ORDER_STILL_PENDING: { status: 409, message: adminMessages.orderStillPending },
  ORDER_NEEDS_TOKEN: { status: 409, message: adminMessages.orderNeedsToken },
  ORDER_REFUND_NEEDS_ANSWER: { status: 409, message: adminMessages.orderRefundNeedsAnswer },
  ORDER_DELIVERED_USE_REVERSE: { status: 409, message: adminMessages.orderDeliveredUseReverse },
  ORDER_FAILED_REFUNDED: { status: 409, message: adminMessages.orderFailedRefunded },
  // end admin transactions
  // admin users
  USER_ALREADY_SUSPENDED: { status: 409, message: adminUserMessages.alreadySuspended },
  USER_ALREADY_ACTIVE: { status: 409, message: adminUserMessages.alreadyActive },
  // end admin users
  // staff credits and debits under four eyes (decision 0047), refunds delivered late (0048)
  ADJUSTMENT_OWN_WALLET: { status: 403, message: adjustmentMessages.ownWallet },
  ADJUSTMENT_OWN_REQUEST: { status: 403, message: adjustmentMessages.ownRequest },
  ADJUSTMENT_ALREADY_DECIDED: { status: 409, message: adjustmentMessages.alreadyDecided },
  ADJUSTMENT_OVER_CAP: { status: 409, message: adjustmentMessages.overCap },
  ADJUSTMENT_LIMIT: { status: 403, message: adjustmentMessages.overDaily },
  REFUNDED_DELIVERY_NOT_OPEN: { status: 409, message: adjustmentMessages.deliveryNotOpen },
  ORDER_OWN: { status: 403, message: adjustmentMessages.ownOrder },
  // end staff credits and debits
  // admin e-mail alerts
  ALERT_ALREADY_ACKNOWLEDGED: { status: 409, message: alertMessages.alreadyAcknowledged },
  ALERT_CLEARED: { status: 409, message: alertMessages.alertCleared },
  // end admin e-mail alerts
  // Profile → Developer: the customer's API keys
  API_KEYS_FULL: { status: 409, message: developerMessages.keysFull },
  API_KEY_REVOKED: { status: 409, message: developerMessages.keyRevoked },
  // end Profile → Developer
  // saved beneficiaries
  BENEFICIARY_EXISTS: { status: 409, message: beneficiaryMessages.exists },
  BENEFICIARIES_FULL: { status: 409, message: beneficiaryMessages.full },
  // end saved beneficiaries
  // the Security screen
  CURRENT_PASSWORD_INCORRECT: { status: 400, message: securityMessages.currentPasswordIncorrect },
  PASSWORD_NOT_SET: { status: 400, message: securityMessages.noPassword },
  PASSWORD_CHANGE_THROTTLED: { status: 429, message: securityMessages.tooManyAttempts },
  SESSION_NOT_FOUND: { status: 404, message: securityMessages.sessionNotFound },
  // end the Security screen
  // the database unreachable for a moment (plugins/error-handler.ts adds Retry-After)
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Service temporarily unavailable. Please try again.',
  },
  INTERNAL: { status: 500, message: messages.internalError },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface FieldError {
  field?: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    options: {
      message?: string;
      errors?: FieldError[];
      cause?: unknown;
      /** A limit's refusal: seconds until one more attempt fits (sent as Retry-After). */
      retryAfterS?: number;
      /** Facts the client shows beside the message, sent in `data` (e.g. `pin`, decision 0058). */
      details?: ErrorDetails;
    } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.status = errorCatalogue[code].status;
    this.errors = options.errors;
    this.retryAfterS = options.retryAfterS;
    this.details = options.details;
  }
  readonly errors: FieldError[] | undefined;
  readonly retryAfterS: number | undefined;
  readonly details: ErrorDetails | undefined;
}

/** Documented extra fields of an error reply's `data` (ErrorReply in @owo/shared/api-types). */
export interface ErrorDetails {
  pin?: PinStanding;
}

export function errorBody(
  code: string,
  message: string,
  errors?: FieldError[],
  details?: ErrorDetails,
) {
  return {
    success: false as const,
    code,
    message,
    data: { message, ...(errors ? { errors } : {}), ...details },
  };
}
