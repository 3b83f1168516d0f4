/**
 * Every user-facing text of the specification, written once. The zod schemas, the API's error
 * catalogue and the screens import from here so client and server say the same words.
 * Texts are copied exactly from the spec (including its odd punctuation).
 */
export const messages = {
  // §5 validation
  invalidEmail: 'Please enter a valid email address.',
  invalidPassword: 'Please enter a valid password.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordNeedsUpper: 'Password must contain at least one uppercase letter.',
  passwordNeedsLower: 'Password must contain at least one lowercase letter.',
  passwordNeedsDigit: 'Password must contain at least one digit.',
  passwordNeedsSpecial: 'Password must contain at least one special character.',
  passwordCombined:
    'Password must be at least 8 characters long, contain at least one uppercase letter, one lowercase letter, one digit, and one special character.',
  passwordsDoNotMatch: 'Passwords do not match.',
  invalidOtp: 'Please enter a valid OTP.',
  invalidPhoneFormat:
    'Please enter a valid phone number in either format: +234XXXXXXXXXX or 0XXXXXXXXXX.',
  invalidPhone: 'Please enter a valid phone number.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  genderRequired: 'Please select your gender',
  birthDateRequired: 'Date of birth is required',
  mustBeAdult: 'You must be at least 18 years old',
  provideFirstName: 'Please provide your first name.',
  provideLastName: 'Please provide your last name.',
  pinInvalid: 'Please enter a valid 4-digit PIN',
  pinInputFour: 'Please input a four digit pin',
  pinExactlyFour: 'PIN must be exactly 4 digits',
  pinIncorrectRetry: 'Incorrect PIN. Please try again.',
  pinWrong: 'Wrong Transaction Pin',
  pinIncorrect: 'Incorrect transaction PIN',
  pinVerifyFailed: 'Failed to verify PIN',
  pinVerifyFailedRetry: 'Failed to verify PIN. Please try again.',
  pinSetFailed: 'Failed to set transaction pin. Please try again.',

  // §8 error catalogue (client side)
  googleNoSuccess: 'Something went wrong. Please try again.',
  googleFailed: 'Google Signup Failed. Please try again.',
  installAlready: 'App is already installed!',
  installIos:
    "To install this app on iOS: Tap the Share button in Safari, then select 'Add to Home Screen'",
  installNoPrompt:
    "This app can be installed from your browser's menu or you may already have it installed.",
  installAccepted: 'Thanks for installing our app!',
  installDeclined: "You can install the app later from your browser's menu.",
  installFailed: 'Installation failed. Please try again.',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  unknownError: 'An unknown error occurred',
  unexpectedError: 'Unexpected error occurred. Please try again.',
  forgotPasswordFailed: 'Failed to login. Please try again.',
  tokenInvalid: 'Invalid token or failed to fetch user details.',
  tokenFetchFailed: 'An error occurred. Please try again.',
  tokenFetched: 'User details fetched successfully!',
  passwordCreateFailed: 'Password creation failed. Please try again.',
  passwordResetFailed: 'Password Reset failed. Please try again.',
  genericError: 'There was an error. Please try again.',
  profilePictureFailed: 'Error updating profile picture.',
  profilePictureUpdated: 'Profile picture updated successfully',
  errorOccurred: 'Error occurred. Please try again.',
  somethingWentWrong: 'So sorry, something went wrong',

  // Screens
  tagline: 'Simplify your life with quick, secure, and convenient bill payments all in one place.',
  desktopTitle: 'Desktop site is currently unavailable',
  desktopBody: 'Please use mobile version or resize your browser',
  setTransactionPin: 'Set transaction pin',
  serviceUnavailable: 'Service Unavailable',
  paymentSuccessful: 'Payment Successful',

  // §5 purchases
  selectNetworkData: 'Please click and select any network',
  selectNetworkAirtime: 'Please click on any network and select it',
  selectDataPlan: 'Please select a data plan',
  invalidAmount: 'Please enter a valid amount.',
  selectProvider: 'Please select a provider.',
  invalidMeterNumber: 'Please enter a valid meter number',
  enterUnitsAmount: 'Please enter the amount of units',
  selectMeterType: 'Please select a meter type',
  selectCablePlan: 'Please select a cable plan.',
  invalidCardNumber: 'Please enter a valid card number.',

  // Server messages of ours (the spec leaves server texts open; these are the ones we chose)
  otpSent: 'A 4-digit code has been sent to your email.',
  otpInvalidOrExpired: 'The code is invalid or has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Please request a new one.',
  otpRateMinute: 'Please wait a minute before requesting another code.',
  otpRateHour: 'Too many codes requested. Please try again in an hour.',
  loginSuccess: 'Login successful',
  signupComplete: 'Registration complete',
  signupTicketInvalid: 'Your verification has expired. Please verify your email again.',
  accountExists: 'An account with this email already exists. Please log in.',
  badCredentials: 'Invalid email or password.',
  tooManyLoginAttempts: 'Too many failed attempts. Please try again in 15 minutes.',
  googleNotConfigured: 'Google sign-in is not available.',
  googleTokenInvalid: 'Google sign-in could not be verified. Please try again.',
  unauthorized: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  validationFailed: 'Some of the details you entered are not valid.',
  rateLimited: 'Too many requests. Please try again later.',
  internalError: 'Something went wrong on our side. Please try again.',
  passwordResetOtpSent: 'If an account exists for this email, a reset code has been sent.',
  passwordResetDone: 'Your password has been reset. Please log in.',
  profileUpdated: 'Profile updated successfully',
  nothingToUpdate: 'Please provide at least one field to update.',
  imageRequired: 'Please choose an image to upload.',
  imageInvalidType: 'Only JPEG, PNG or WebP images are allowed.',
  imageTooLarge: 'The image is too large. Maximum size is 5MB',
  pinSet: 'Transaction PIN set successfully',
  pinValid: 'PIN verified',
  pinCurrentRequired: 'Enter your current PIN or an email code to change your PIN.',
  pinLocked: 'Too many wrong PINs. PIN use is locked for 30 minutes.',
  loggedOut: 'You have been logged out.',
  userFetched: 'User details fetched successfully',
  accountDisabled: 'This account is disabled. Please contact support.',
  airtimeMinimum: 'Minimum airtime amount is ₦50',
  airtimeMaximum: 'Maximum airtime amount is ₦50,000',
  electricityMinimum: 'Minimum electricity amount is ₦500',
  electricityMaximum: 'Maximum electricity amount is ₦500,000',
  insufficientFunds: 'Insufficient wallet balance. Please fund your wallet and try again.',
  planNotFound: 'This plan does not exist. Please select another plan.',
  planUnavailable: 'This plan is currently unavailable. Please select another plan.',
  amountMismatch: 'The amount does not match the price of this plan. Please refresh and try again.',
  purchaseSuccessful: 'Purchase successful',
  purchaseProcessing:
    'Your purchase is processing. We will update your history as soon as the provider confirms it.',
  purchaseFailed: 'The purchase failed and your wallet has been refunded.',
  meterNotFound: 'We could not find this meter number. Please check it and try again.',
  cardNotFound: 'We could not find this card number. Please check it and try again.',
  verificationUnavailable: 'We could not verify this number right now. Please try again.',
  meterVerified: 'Meter number verified',
  cardVerified: 'Card number verified',
  idempotencyConflict: 'This request was already used with different details. Please start again.',
  idempotencyInProgress: 'This payment is already being processed. Please wait.',
  invalidIdempotencyKey: 'The request key is not valid.',
  serviceShutdown: 'This service is currently unavailable. Please try again later.',
  transactionsFetched: 'Transactions fetched successfully',
  catalogueFetched: 'Fetched successfully',

  // ---- issue 4: deposits and webhooks (deposits helper)
  // ---- end deposits

  // ---- issue 4: KYC and accounts (deposits helper)
  // ---- end KYC

  // ---- issue 4: transfers and limits (transfers helper)
  dailyLimitReached:
    'This payment would pass your daily limit of {limit}. You can still spend {remaining} today.',
  balanceCapReached:
    'This deposit would take your wallet above its limit of {limit}. You can add up to {room}.',
  limitRaiseHint: 'Verify your NIN or BVN to raise your limits.',
  // ---- end transfers

  // ---- issue 4: betting and services/pay (transfers helper)
  // ---- end betting

  // ---- issue 5: airtime to cash (swap helpers)
  // ---- end airtime to cash
} as const;

export type MessageKey = keyof typeof messages;
