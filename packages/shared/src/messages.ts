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
  /** The spec's placeholder of the OTP field, shown as the code boxes' hint. */
  otpPlaceholder: '4-digits',
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
  /** Not in the spec: a `?token=` link for another account than the signed-in one asks first. */
  tokenSwitchTitle: 'Switch account?',
  tokenSwitchBody: (linkEmail: string, currentEmail: string) =>
    `This link signs in as ${linkEmail}. You are signed in as ${currentEmail}.`,
  tokenSwitchConfirm: 'Switch account',
  tokenSwitchStay: 'Stay signed in',
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
  otpVerifyThrottled: 'Too many wrong codes. Please try again later.',
  /** Not in the spec: the mail server refused or did not answer; no code was used up. */
  mailUnavailable: 'We could not send your code just now. Please try again in a minute.',
  loginSuccess: 'Login successful',
  signupComplete: 'Registration complete',
  signupTicketInvalid: 'Your verification has expired. Please verify your email again.',
  accountExists: 'An account with this email already exists. Please log in.',
  badCredentials: 'Invalid email or password.',
  tooManyLoginAttempts: 'Too many failed attempts. Please try again in 15 minutes.',
  googleNotConfigured: 'Google sign-in is not available.',
  googleTokenInvalid: 'Google sign-in could not be verified. Please try again.',
  unauthorized: 'Your session has expired. Please log in again.',
  /** Not in the spec (it says only that 15 minutes of inactivity log the user out). */
  signedOutIdle: 'You were signed out after 15 minutes of inactivity. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  validationFailed: 'Some of the details you entered are not valid.',
  rateLimited: 'Too many requests. Please try again later.',
  /** Not in the spec: the per-user limit on looking up other people's names (e-mail, bank
   *  account, meter, smart card) and on paid supplier checks. Retry-After says when. */
  lookupsThrottled: 'Too many checks. Please wait a few minutes and try again.',
  /** Not in the spec: the cap on bank-transfer checkouts a user can have open at once. */
  depositCheckoutsThrottled:
    'You already have payments waiting. Please pay into one of them or try again in a few minutes.',
  internalError: 'Something went wrong on our side. Please try again.',
  passwordResetOtpSent: 'If an account exists for this email, a reset code has been sent.',
  passwordResetDone: 'Your password has been reset. Please log in.',
  /** Not in the spec: a reset or change that brings back the current or a recent password. */
  passwordReused:
    "You've used this password before. Please choose one that isn't your current password or any of your last 4.",
  /** Not in the spec: the reset code checked on its own screen (decision 0059). */
  otpChecked: 'Code verified',
  /** Not in the spec: the session reached its 12-hour lifetime (decision 0049). */
  signedOutExpired:
    'For your security, you were signed out 12 hours after signing in. Please log in again.',
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
  idempotencyKeyRequired: 'An Idempotency-Key header is required for payments.',
  serviceShutdown: 'This service is currently unavailable. Please try again later.',
  transactionsFetched: 'Transactions fetched successfully',
  catalogueFetched: 'Fetched successfully',

  // ---- deposits and webhooks (deposits helper)
  // spec §4 "Deposit", §8 (funding status, Deposit HTTP 504)
  depositGatewayError: 'Gateway error. Please log back in, and try again.',
  depositStillPending: 'Payment is still pending. Please wait for three minutes...',
  depositNotFound: 'No transaction found. Please try again.',
  depositStatusError: 'An error occurred while checking transaction status',
  // server texts of ours (the spec leaves them open)
  depositAmountRequired: 'Please enter the amount you want to deposit.',
  depositMinimum: 'Minimum deposit is ₦100',
  depositRefused:
    'PalmPay could not open a payment account for this deposit. Please try again later.',
  depositCheckoutCreated:
    'Transfer exactly this amount to the account below before it expires. Your wallet is credited as soon as the money arrives.',
  depositVirtualCreated:
    'Transfer to your permanent account below. Your wallet is credited as soon as the money arrives.',
  depositNeedsKyc:
    'Verify your NIN or BVN to get a permanent account. Until then, fund your wallet by bank transfer.',
  /** {amount}: what was credited. */
  depositCompleted: 'Payment received. Your wallet has been credited with {amount}.',
  depositFailed: 'This payment did not go through. No money was added to your wallet.',
  depositExpired:
    'This payment session has expired. If you already sent the money, your wallet will be credited as soon as it arrives.',
  depositDescription: 'Wallet deposit',
  webhookSignatureInvalid: 'Invalid signature',
  // ---- end deposits

  // ---- KYC and accounts (deposits helper)
  // spec 2 §5 (account verification), spec 1 §8
  verificationTypeAndNumber: 'Please select verification type and enter the number',
  kycAuthFailed: 'KYC authentication failed. Please try again.',
  /** spec 2 §8, lower-case as written: the identity step failed without a server message. */
  verificationFailed: 'verification failed. Please try again.',
  // server texts of ours (the spec leaves them open)
  identityNumberLength: 'NIN and BVN numbers are exactly 11 digits.',
  /** {type}: NIN or BVN. */
  verificationOtpSent: 'A code has been sent to the phone number linked to your {type}.',
  /** {type}: NIN or BVN. */
  identityNotFound:
    'We could not find a record for this {type}. Please check the number and try again.',
  verificationNotFound: 'Verification not found. Please start again.',
  /** {left}: "4 attempts", "1 attempt". */
  verificationOtpWrong: 'The code is not correct. You have {left} left.',
  verificationTooManyAttempts: 'Too many wrong codes. Please start the verification again.',
  verificationExpired: 'This verification has expired. Please start again.',
  verificationValidated: 'Verification successful',
  verificationNotValidated:
    'Please confirm your NIN or BVN with the code sent to your phone first.',
  verificationThrottled: 'Too many verification attempts. Please try again in an hour.',
  verificationEnquiryFound: 'Verification found',
  verificationEnquiryNone: 'No verification found for this number.',
  alreadyKycVerified: 'Your account is already verified.',
  identityMismatch: 'This number does not match the one you verified.',
  identityNameMismatch:
    'The name on this {type} does not match the name on your profile. Check that your first and last names are spelt as on your {type} and try again, or wait while our team reviews it.',
  identityBirthDateMismatch:
    'The date of birth on this {type} does not match your profile. Correct your date of birth and try again, or wait while our team reviews it.',
  kycReviewNotFound: 'This verification is not waiting for a review.',
  kycReviewApproved: 'Verification approved: the customer’s limits are raised.',
  kycReviewRejected: 'Verification rejected.',
  /** {type}: NIN or BVN. */
  identityInUse: 'This {type} is already linked to another account. Please contact support.',
  accountRejected:
    'We could not open an account with these details. Please check them and try again.',
  accountCreated: 'Your permanent account is ready.',
  accountsFetched: 'Accounts fetched successfully',
  accountNotFound: 'Account not found',
  // ---- end KYC

  // ---- transfers and limits (transfers helper)
  dailyLimitReached:
    'This payment would pass your daily limit of {limit}. You can still spend {remaining} today.',
  balanceCapReached:
    'This deposit would take your wallet above its limit of {limit}. You can add up to {room}.',
  limitRaiseHint: 'Verify your NIN or BVN to raise your limits.',
  // spec §5, §4 and §8 (transfer screen)
  transferBeneficiaryRequired: 'Please enter the beneficiary email address on the product',
  transferAmountRequired: 'Please enter an amount.',
  transferCheckEmailFailed: 'Error checking email. Please try again.',
  transferPayeeFailed: 'Failed to set payeeId. Please try again.',
  transactionFailedRetry: 'Transaction failed. Please try again.',
  transferFailedTitle: 'Transfer Failed',
  transferFailedInsufficient: 'Transfer Failed, Due to insufficient funds.',
  // server texts of ours
  recipientFound: 'Recipient found',
  recipientNotFound: 'No account uses this email address. Please check it and try again.',
  transferToSelf: 'You cannot transfer to yourself.',
  transferMinimum: 'Minimum transfer amount is ₦10',
  transferNoteTooLong: 'Narration must be at most 100 characters.',
  transferSuccessful: 'Transfer successful',
  recipientCannotReceive:
    "The recipient's wallet cannot receive this amount right now. Please send a smaller amount.",
  banksFetched: 'Banks fetched successfully',
  selectBank: 'Please select a bank.',
  invalidAccountNumber: 'Please enter a valid 10-digit account number.',
  bankAccountVerified: 'Account verified',
  bankAccountNotFound: 'We could not find this account. Please check the bank and account number.',
  bankUnavailable: 'We could not reach the bank right now. Please try again.',
  // ---- end transfers

  // ---- betting and services/pay (transfers helper)
  // spec §5 and §8 (betting screen)
  bettingUserIdRequired: 'Please enter your User ID',
  bettingSelectPlatform: 'Please select a betting platform',
  bettingAmountRequired: 'Please select or enter an amount',
  /** {min}: naira with grouping, e.g. 100 or 500,000. */
  bettingMinimum: 'Minimum amount is ₦{min}',
  /** {max}: naira with grouping. */
  bettingMaximum: 'Maximum amount is ₦{max}',
  bettingPinRequired: 'Please enter your 4-digit transaction PIN',
  bettingPinIncorrect: 'Incorrect transaction PIN. Please try again.',
  /** {platform}: the platform name or the betting account; {amount}: naira with grouping. */
  bettingSuccess: 'Successfully funded {platform} with ₦{amount}!',
  bettingLoadFailed: 'Failed to load betting platforms',
  bettingDetailsFailed: 'Failed to load platform details',
  // server texts of ours
  billersFetched: 'Betting platforms fetched successfully',
  billerItemsFetched: 'Platform details fetched successfully',
  billerNotFound: 'This betting platform is not available. Please select another one.',
  billerItemNotFound: 'This betting product is not available. Please select the platform again.',
  bettingWholeNaira: 'Please enter the amount in whole naira.',
  servicesUnavailable: 'We could not reach the service provider right now. Please try again.',
  serviceCategoryInvalid: 'Please select a service provider.',
  entityNotFound: 'We could not find this number. Please check it and try again.',
  entityVerified: 'Verified successfully',
  // ---- end betting

  // ---- airtime to cash (swap helpers)
  // spec 2 §5 (form and screenshots), §8
  swapPhoneInvalid: 'Please enter a valid 11-digit phone number',
  swapSelectNetwork: 'Please select a network',
  swapAmountMinimum: 'Minimum airtime amount is ₦100',
  swapAmountMaximum: 'Maximum airtime amount is ₦50,000',
  swapBankDetailsRequired: 'Please fill all bank details',
  swapAccountNumberInvalid: 'Bank account number must be 10 digits',
  swapWalletEmailRequired: 'Please enter wallet email address',
  swapPinRequired: 'Please enter your transaction PIN',
  swapPinFourDigits: 'Transaction PIN must be 4 digits',
  swapPinConfirm: 'Please enter your 4-digit transaction PIN',
  /** {user_content} is the file name. */
  swapImageInvalidType: '{user_content} is not a valid image format',
  swapImageTooLarge: '{user_content} is too large. Maximum size is 5MB',
  swapMaxImages: 'Maximum 3 images allowed',
  swapScreenshotRequired: 'Please select at least one screenshot',
  swapIdInvalid: 'Invalid swap ID. Please try again.',
  swapScreenshotAlreadyUploaded: 'Screenshot already uploaded. Transaction is being processed.',
  swapPendingCleared: 'Pending swap cleared successfully',
  swapRejectedByAdmin: 'Transaction rejected by admin',
  swapOpenExists:
    'You have a pending airtime to cash transaction. Please complete or cancel it before starting a new one.',
  // server texts of ours (the spec leaves them open)
  swapSelectPaymentMethod: 'Please select a payment method',
  swapBankUnknown: 'Please select your bank from the list',
  swapWalletNotFound: 'No account uses this wallet email address. Please check it and try again.',
  swapCreated:
    'Swap request created. Send the airtime to the number shown, then upload a screenshot of the transfer.',
  swapScreenshotUploaded: 'Screenshot uploaded successfully',
  swapNotFound: 'Swap not found',
  swapNoPending: 'You have no pending swap to clear.',
  swapCancelAfterUpload:
    'This swap can no longer be cancelled: your screenshot has been uploaded, so an admin will review the transfer and approve or reject it.',
  swapCancelConfirmTitle: 'Cancel this swap?',
  swapCancelConfirm:
    'Only cancel if you have not sent the airtime. Once cancelled, this swap cannot be continued and nothing will be paid for it.',
  /** {action}: approve, reject, complete, cancel, upload a screenshot for; {status}: the status. */
  swapTransitionRefused: 'Cannot {action} this swap: its status is {status}.',
  swapPayoutReferenceRequired: 'Please enter the payout reference',
  swapSelectAction: 'Action must be approve, reject or complete',
  swapStatusInvalid: 'Unknown swap status',
  swapApprovedWallet: 'Swap approved: the payout has been credited to the wallet',
  swapApprovedBank: 'Swap approved: the bank payout is processing',
  swapCompleted: 'Swap completed',
  swapRejected: 'Swap rejected',
  // spec 2 §2, §4, §8 (swap screens)
  swapPinIncorrect: 'Incorrect transaction PIN. Please try again.',
  swapCreateFailed: 'Transaction failed. Please try again.',
  swapNoTransactionData: 'No transaction data found. Please start over.',
  swapUploadFailed: 'Failed to upload screenshot. Please try again.',
  swapUploadSuccessful: 'Upload Successful!',
  /** The pending-swap banner (spec 02 §2); the screen bolds the part before the colon. */
  swapIncompleteBanner:
    'Incomplete Transaction Detected: You have a pending airtime to cash transaction. Please complete or cancel it before starting a new one.',
  swapClearFailed: 'Failed to clear pending swap',
  swapHistoryFailed: 'Failed to load swap history',
  swapAdminFetchFailed: 'Failed to fetch transactions',
  /** {action}: approve, reject or complete. */
  swapAdminActionFailed: 'Failed to {action} transaction',
  swapRejectConfirm:
    'Are you sure you want to reject this transaction? This action cannot be undone.',
  swapProcessingPayment: 'Processing payment...',
  swapCompletedSuccessfully: 'Transaction Completed Successfully',
  // ---- end airtime to cash
} as const;

export type MessageKey = keyof typeof messages;
