import { messages } from '@owo/shared/messages';

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
  FORBIDDEN: { status: 403, message: messages.forbidden },
  NOT_FOUND: { status: 404, message: messages.notFound },
  RATE_LIMITED: { status: 429, message: messages.rateLimited },
  OTP_INVALID: { status: 400, message: messages.otpInvalidOrExpired },
  OTP_TOO_MANY_ATTEMPTS: { status: 400, message: messages.otpTooManyAttempts },
  OTP_RATE_MINUTE: { status: 429, message: messages.otpRateMinute },
  OTP_RATE_HOUR: { status: 429, message: messages.otpRateHour },
  SIGNUP_TICKET_INVALID: { status: 400, message: messages.signupTicketInvalid },
  ACCOUNT_EXISTS: { status: 409, message: messages.accountExists },
  BAD_CREDENTIALS: { status: 401, message: messages.badCredentials },
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
  METER_NOT_FOUND: { status: 400, message: messages.meterNotFound },
  CARD_NOT_FOUND: { status: 400, message: messages.cardNotFound },
  VERIFICATION_UNAVAILABLE: { status: 502, message: messages.verificationUnavailable },
  LIMIT_EXCEEDED: { status: 403, message: messages.limitRaiseHint },
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
    options: { message?: string; errors?: FieldError[]; cause?: unknown } = {},
  ) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.status = errorCatalogue[code].status;
    this.errors = options.errors;
  }
  readonly errors: FieldError[] | undefined;
}

export function errorBody(code: string, message: string, errors?: FieldError[]) {
  return {
    success: false as const,
    code,
    message,
    data: { message, ...(errors ? { errors } : {}) },
  };
}
