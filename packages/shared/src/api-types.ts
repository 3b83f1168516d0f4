/** Reply shapes of spec §7 shared by the API and the web client (types only: no runtime cost). */
import type { AnalyticsPeriod, Gender, Role, SwapNetwork, SwapStatus } from './constants';
import type { z } from 'zod/mini';
import type {
  activeUsersReplySchema,
  bettingStatsReplySchema,
  previousDataSalesReplySchema,
  previousDepositsReplySchema,
  profitsReplySchema,
  revenueReplySchema,
  summaryReplySchema,
  totalBalanceReplySchema,
} from './replies/admin-analytics';
import type { operatorAlertDtoSchema, operatorAlertsReplySchema } from './replies/admin-alerts';
import type { kycReviewDtoSchema, kycReviewListReplySchema } from './replies/admin-kyc';
import type {
  adminCablePlanDtoSchema,
  adminDataPlanDtoSchema,
  adminOgdamsPlanDtoSchema,
  adminVtpassPlanDtoSchema,
  adminVtpassTvPlanDtoSchema,
  planFetchReplySchema,
  utilityDiscountReplySchema,
} from './replies/admin-products';
import type {
  auditListReplySchema,
  shutdownReplySchema,
  shutdownStatusReplySchema,
} from './replies/admin-system';
import type {
  adminTransactionDtoSchema,
  adminTransactionReplySchema,
  adminTransactionsReplySchema,
  needsDecisionReplySchema,
} from './replies/admin-transactions';
import type { adminUserProfileReplySchema, adminUsersReplySchema } from './replies/admin-users';

export interface UserDto {
  _id: string;
  email: string;
  role: Role;
  /** Naira, up to 2 decimals (the spec's edge format); kobo inside. */
  accountBalance: number;
  hasSetTransactionPin: boolean;
  isVerified: boolean;
  status: string;
  isGoogleUser: boolean;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  accountNumber: string;
  imageUrl: string;
  thumbnailUrl: string;
  originalImageUrl: string;
  isKYCVerified: boolean;
  gender: Gender | '';
  birthDate: string;
  accountDetails: {
    bankName: string;
    accountName: string;
    accountNumber: string;
    accountType: string;
    accountBalance: number;
    status: string;
    _id: string;
  } | null;
}

export interface AuthReply {
  success: true;
  message: string;
  data: UserDto;
  token: string;
  /** Seconds until the token expires. */
  expires_in: number;
}

export interface VerifyOtpNewAccountReply {
  success: true;
  message: string;
  /** Present when no account exists yet: the client goes to complete registration. */
  email: string;
  signupTicket: string;
}

export interface ErrorReply {
  success: false;
  message: string;
  code: string;
  data?: {
    message: string;
    errors?: { field?: string; message: string }[];
    /** On PIN_INCORRECT and PIN_LOCKED (decision 0058): where the customer stands. */
    pin?: PinStanding;
  };
}

/**
 * `data.pin` of a wrong-PIN reply (decision 0058). PIN_INCORRECT: the wrong tries left before
 * PIN use locks, and lockedUntil null. PIN_LOCKED: attemptsLeft 0 and when the lock ends (ISO 8601).
 */
export interface PinStanding {
  attemptsLeft: number;
  lockedUntil: string | null;
}

export interface PublicConfig {
  appName: string;
  googleClientId: string | null;
  chatPropertyId: string | null;
  /** https://wa.me/<number> from SUPPORT_WHATSAPP; null: no WhatsApp link anywhere. */
  supportWhatsappUrl: string | null;
  /** Sandbox mode (simulated suppliers, not production): the sandbox banner and mailbox show. */
  sandbox: boolean;
}

// ---------------------------------------------------------------- catalogues (§7, all GET)

export interface NetworkDto {
  networkname: string;
  network_id: number;
}

/** In-house data plan (transactions/data-plans): DataStation and Ogdams plans, selling price only. */
export interface DataPlanDto {
  _id: string;
  data_id: number | string;
  network: string;
  network_id: number;
  planType: string;
  size: string;
  validity: string;
  /** Naira. */
  sellingPrice: number;
  isAvailable: boolean;
  source: 'datastation' | 'ogdams';
}

/** The separate Airtel plan list (transactions/data-plans/ogdams). */
export interface OgdamsPlanDto {
  _id: string;
  planId: string;
  networkId: number;
  name: string;
  validity: string;
  sellingPrice: number;
  isAvailable: boolean;
}

/** VTpass data variation or TV plan (vtpass/data?serviceID=, vtpass/tv?serviceID=). */
export interface ProviderVariationDto {
  _id: string;
  name: string;
  variation_code: string;
  sellingPrice: number;
  isAvailable: boolean;
  serviceID: string;
}

export interface UtilityProviderDto {
  name: string;
  /** DataStation's disco id (in-house route's disco_name). */
  disco_id: number;
  /** The matching VTpass serviceID (provider route). */
  serviceID: string;
}

export interface CableProviderDto {
  cablename: string;
  cable_id: number;
}

export interface CablePlanDto {
  _id: string;
  cablename: string;
  cable_id: number;
  cablePlanID: number;
  package: string;
  sellingPrice: number;
  isAvailable: boolean;
  /** Dropdown value and label ("package - N amount"). */
  value: string;
  label: string;
}

export interface ListReply<T> {
  success: true;
  message: string;
  data: T[];
}

// ---------------------------------------------------------------- purchases

export type TransactionStatus = 'success' | 'pending' | 'failed';
export type ServiceType =
  | 'airtime'
  | 'data'
  | 'cable'
  | 'electricity'
  | 'deposit'
  | 'transfer'
  | 'betting'
  | 'airtime-to-cash'
  | 'adjustment'
  /** Money an admin returned for a delivered order (Reverse). */
  | 'reversal';

export interface TransactionMetadata {
  network?: string;
  plan?: { size?: string; name?: string; validity?: string; planType?: string };
  mobile_number?: string;
  phone?: string;
  meter_number?: string;
  meterType?: string;
  disco?: string;
  customerName?: string;
  token?: string;
  units?: string;
  smart_card_number?: string;
  cablename?: string;
  package?: string;
  supplier?: string;
  virtualAccountNo?: string;
  payerAccountNo?: string;
  processedAt?: string;
  note?: string;
  // admin transactions — a Reverse links the two rows both ways
  /** On a reversed order: when an admin reversed it, and the reversal credit's reference. */
  reversedAt?: string;
  reversalReference?: string;
  /** On a reversal credit: the reference of the order it returned the money for. */
  reversalOf?: string;
  // end admin transactions
}

/** The spec's Transaction shape. amount is naira; status "failed" shows red, anything else green. */
export interface TransactionDto {
  _id: string;
  type: 'debit' | 'credit';
  serviceType: ServiceType;
  currency: 'NGN';
  amount: number;
  status: TransactionStatus;
  reference: string;
  description: string;
  createdAt: string;
  metadata: TransactionMetadata;
}

/** Every purchase reply: success + message; transaction is the order as it stands. */
export interface PurchaseReply {
  success: true;
  message: string;
  /** "pending" replies tell the user it is processing; the reconciler finishes it. */
  status: TransactionStatus;
  data: TransactionDto;
}

export interface TransactionsReply {
  success: true;
  message: string;
  transactions: TransactionDto[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export interface MeterVerifyReply {
  success: true;
  message: string;
  data: {
    Customer_Name: string;
    Address: string;
    Meter_Number: string;
    Meter_Type: string;
    Minimum_Amount: number | null;
  };
}

export interface SmartcardVerifyReply {
  success: true;
  message: string;
  data: {
    Customer_Name: string;
    Status: string;
    Due_Date: string;
    Current_Bouquet: string;
    Renewal_Amount: number | null;
  };
}

/** GET system/services: true = the service is on. */
export interface ServiceStatus {
  airtime: boolean;
  data: boolean;
  'cable-tv': boolean;
  utility: boolean;
  system: boolean;
}

// ---------------------------------------------------------------- deposits and KYC

/** Deposit statuses as the spec's funding screen reads them (data.status). */
export type DepositStatus = 'Completed' | 'Pending' | 'Failed' | 'Expired';

/** POST deposit/bank-transfer (unverified users): a PalmPay checkout account for one payment. */
export interface CheckoutDepositReply {
  success: true;
  message: string;
  data: {
    /** Our deposit id: the status check by id reads it. */
    _id: string;
    merchantName: string;
    payerVirtualAccNo: string;
    payerBankName: string;
    payerAccountName: string;
    sdkSessionId: string;
    /** Naira. */
    amount: number;
    expiresAt: string;
  };
}

/** POST deposit (KYC-verified users): the permanent virtual account to pay into. */
export interface VirtualDepositReply {
  success: true;
  message: string;
  data: {
    _id: string;
    virtualAccountName: string;
    virtualAccountNo: string;
    bankName: string;
    amount: number;
  };
}

/** Status by deposit id (GET deposit/{id}/status) and by session id (GET deposit/session/{id}). */
export interface DepositStatusReply {
  success: true;
  message: string;
  data: { _id: string; status: DepositStatus; amount: number; creditedAmount: number };
}

/** A bank account held for the user (the spec's accountDetails shape). */
export interface AccountDto {
  _id: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  /** "virtual" (deposits arrive here) or "subaccount" (Safe Haven). */
  accountType: string;
  /** Naira: the wallet balance (the ledger is the only balance). */
  accountBalance: number;
  status: string;
}

export interface VerificationInitiateReply {
  success: true;
  message: string;
  data: { identityId: string; type: 'NIN' | 'BVN'; numberHint: string };
}

/** Where a verification stands (identity_verifications.status). */
/** mismatch: the holder is not the profile's person; an admin reviews it (decision 0055). */
export type VerificationStatus = 'initiated' | 'validated' | 'failed' | 'completed' | 'mismatch';

/** POST verification/validate: the OTP was right; the account step may follow. */
export interface VerificationValidateReply {
  success: true;
  message: string;
  data: { identityId: string; type: 'NIN' | 'BVN'; numberHint: string; status: 'validated' };
}

/** One verification refused for a holder mismatch, as the admin review queue shows it (0055). */
export type KycReviewDto = z.output<typeof kycReviewDtoSchema>;

export type KycReviewListReply = z.output<typeof kycReviewListReplySchema>;

/** POST verification/enquiry: the caller's own newest verification of that number, or null. */
export interface VerificationEnquiryReply {
  success: true;
  message: string;
  data: {
    identityId: string;
    type: 'NIN' | 'BVN';
    numberHint: string;
    status: VerificationStatus;
  } | null;
}

/** POST account/subaccount, GET account/{id}, GET account/virtual/account/{id}. */
export interface AccountReply {
  success: true;
  message: string;
  data: AccountDto;
}

/** GET account: the caller's accounts (the PalmPay virtual one and the Safe Haven one). */
export interface AccountListReply {
  success: true;
  message: string;
  data: AccountDto[];
}

/** GET account/virtual/{id}: a virtual-account deposit intent and where it stands. */
export interface VirtualDepositIntentReply {
  success: true;
  message: string;
  data: VirtualDepositReply['data'] & {
    status: DepositStatus;
    creditedAmount: number;
    createdAt: string;
  };
}
// ---- end deposits and KYC

// ---------------------------------------------------------------- transfers, betting

export interface RecipientReply {
  success: true;
  message: string;
  data: { _id: string; email: string; firstName: string; lastName: string };
}

/** POST transfers: the sender's debit row as it stands. */
export interface TransferReply {
  success: true;
  message: string;
  data: TransactionDto;
}

export interface BankDto {
  bankCode: string;
  name: string;
}

export interface BillerDto {
  billerId: string;
  billerName: string;
  billerIcon: string;
}

/** minAmount and maxAmount are kobo, as PalmPay sends them (spec: divide by 100). */
export interface BillerItemDto {
  itemId: string;
  itemName: string;
  minAmount: number;
  maxAmount: number;
  isFixAmount: boolean;
}

/** POST transfers/verify: the name on a bank account (Safe Haven name enquiry). */
export interface BankAccountVerifyReply {
  success: true;
  message: string;
  data: { accountName: string; accountNumber: string; bankCode: string };
}

/** metadata of a transfer's two history rows (TransactionDto.metadata). */
export interface TransferMetadata {
  /** The narration, trimmed ('' when none). */
  note: string;
  /** 'out' on the sender's debit row, 'in' on the recipient's credit row. */
  direction: 'out' | 'in';
  /** The other side: the recipient on the debit row, the sender on the credit row. */
  counterpartyId: string;
  counterpartyEmail: string;
  counterpartyName: string;
  processedAt: string;
}

/** metadata of a betting top-up's history row. */
export interface BettingMetadata {
  billerId: string;
  billerName: string;
  itemId: string;
  /** The customer's betting account (User ID). */
  rechargeAccount: string;
  supplier: 'palmpay';
  processedAt?: string;
}

/** POST services/verify: the customer behind a meter, card or phone number. */
export interface ServicesVerifyReply {
  success: true;
  message: string;
  data: { customerName: string; entityNumber: string; serviceCategoryId: string } & Record<
    string,
    string
  >;
}

/** GET services/categories?service=AIRTIME|DATA|CABLETV|UTILITY (Safe Haven's categories). */
export interface ServiceCategoryDto {
  serviceCategoryId: string;
  /** MTN, AIRTEL, GLO, ETISALAT, DSTV, GOTV, STARTIMES, IKEJA, EKO … */
  identifier: string;
  name: string;
  description: string;
  isFixedAmount: boolean;
}

/** GET services/categories/{id}/products: data bundles and cable packages; amounts in naira. */
export interface ServiceProductDto {
  bundleCode: string;
  name: string;
  /** Naira; null for an open-amount package (the client sends the amount). */
  amount: number | null;
  duration: string;
  isAmountFixed: boolean;
}
// ---- end transfers, betting

// ---------------------------------------------------------------- airtime to cash

/** The spec's Airtime swap entity. Amounts are naira. */
export interface SwapDto {
  _id: string;
  swapId: string;
  userPhone: string;
  recipientPhone: string;
  network: SwapNetwork;
  amount: number;
  expectedPayout: number;
  /** Percent (60). */
  rate: number;
  paymentMethod: 'wallet' | 'bank';
  accountDetails: {
    accountNumber?: string;
    bank?: string;
    accountName?: string;
    walletEmail?: string;
  };
  screenshotUrl: string;
  screenshotUploaded: boolean;
  status: SwapStatus;
  userId: { _id: string; email: string; firstName: string; lastName: string; phoneNumber: string };
  createdAt: string;
  updatedAt: string;
  verifiedAt?: string;
  verifiedBy?: { _id: string; email: string };
  adminNote: string;
  note?: string;
  payoutReference: string;
  /**
   * Whether the owner may still cancel (the server's state machine decides): only before the
   * screenshot is uploaded; after that an admin decides.
   */
  canCancel: boolean;
  /** What an admin may do now (the server's state machine decides; the screen shows only these). */
  allowedActions?: ('approve' | 'reject' | 'complete')[];
}

export interface SwapCreateReply {
  success: true;
  message: string;
  data: { swapId: string; recipientPhone: string; expectedPayout: number };
}

export interface PendingSwapReply {
  success: true;
  hasPendingSwap: boolean;
  pendingSwap: SwapDto | null;
}

export interface SwapListReply {
  success: true;
  data: SwapDto[];
  pagination: { currentPage: number; totalItems: number; totalPages: number };
}
// ---- end airtime to cash

// ---------------------------------------------------------------- the admin area
// Amounts are naira (2 decimals at most) like every other reply; kobo inside.

/** The window a period covers: [from, to) as ISO instants, and its Lagos calendar label. */
export interface AnalyticsWindow {
  period: AnalyticsPeriod;
  from: string;
  to: string;
}

export type RevenueBreakdown = RevenueReply['data']['breakdown'];

/** GET admin/analytics/revenue?period= — successful volume by service, and its series. */
export type RevenueReply = z.output<typeof revenueReplySchema>;

/** GET admin/analytics/profits?range= — selling price minus cost of what was delivered. */
export type ProfitsReply = z.output<typeof profitsReplySchema>;

export type TransactionCounts = SummaryReply['data']['transactions'];

export type UsersFigures = ActiveUsersReply['data'];

/** GET admin/analytics/summary?period= — the transactions and users panels. */
export type SummaryReply = z.output<typeof summaryReplySchema>;

/** GET admin/analytics/active-users. */
export type ActiveUsersReply = z.output<typeof activeUsersReplySchema>;

/** GET admin/analytics/total-balance — the sum of every customer wallet. */
export type TotalBalanceReply = z.output<typeof totalBalanceReplySchema>;

/** GET admin/analytics/previous-deposits — yesterday's deposits and bank transfers. */
export type PreviousDepositsReply = z.output<typeof previousDepositsReplySchema>;

/** GET admin/analytics/previous-data-sales — yesterday's data sales. */
export type PreviousDataSalesReply = z.output<typeof previousDataSalesReplySchema>;

export type BettingStatsTransaction = BettingStatsReply['data']['transactions'][number];

/** GET admin/analytics/betting?page=&status=&search= — the spec's Admin betting stats. */
export type BettingStatsReply = z.output<typeof bettingStatsReplySchema>;

/** Plans as the admin sees them: our selling price and the supplier's cost. */
export type AdminDataPlanDto = z.output<typeof adminDataPlanDtoSchema>;

export type AdminOgdamsPlanDto = z.output<typeof adminOgdamsPlanDtoSchema>;

export type AdminVtpassPlanDto = z.output<typeof adminVtpassPlanDtoSchema>;

export type AdminCablePlanDto = z.output<typeof adminCablePlanDtoSchema>;

export type AdminVtpassTvPlanDto = z.output<typeof adminVtpassTvPlanDtoSchema>;

export interface AdminListReply<T> {
  success: true;
  message: string;
  data: T[];
}

/** A plan update or fetch: success, or the spec's error shape (error.data.errors[0].message). */
export interface AdminPlanUpdateReply<T> {
  success: true;
  message: string;
  data: T;
}

export type PlanFetchReply = z.output<typeof planFetchReplySchema>;

export type UtilityDiscountReply = z.output<typeof utilityDiscountReplySchema>;

// admin products (helper additions)
/** GET transactions/utility-providers — the discos and the discount electricity sells at. */
export interface UtilityProvidersReply extends ListReply<UtilityProviderDto> {
  /** Percent off the face value (0 = none); the customer pays the face value minus it. */
  discountPercentage: number;
}

/** An electricity order bought at a discount keeps what the meter gets and what came off. */
export interface TransactionMetadata {
  /** Naira credited to the meter (the order's amount is what the customer paid). */
  faceValue?: number;
  /** Naira taken off the face value by the utility discount. */
  discount?: number;
}
// end admin products

/** GET admin/system/status — every service with when its shutdown ends (null = running). */
export type ShutdownStatusReply = z.output<typeof shutdownStatusReplySchema>;

export type ShutdownReply = z.output<typeof shutdownReplySchema>;

export type OrderAction = 'approve' | 'refund' | 'reverse';

/** A transaction in the admin list, with its customer and what an admin may do to it. */
export type AdminTransactionDto = z.output<typeof adminTransactionDtoSchema>;

export type AdminTransactionsReply = z.output<typeof adminTransactionsReplySchema>;

/** GET admin/orders/needs-decision?page= — open orders past the age limit, oldest first. */
export type NeedsDecisionReply = z.output<typeof needsDecisionReplySchema>;

export type OperatorAlertDto = z.output<typeof operatorAlertDtoSchema>;

/** GET admin/alerts?page= — newest first; `open` counts the unacknowledged ones. */
export type OperatorAlertsReply = z.output<typeof operatorAlertsReplySchema>;

export type AdminTransactionReply = z.output<typeof adminTransactionReplySchema>;

export type AuditEntryDto = AuditListReply['data'][number];

/** GET admin/audit?page=&actor=&action= — newest first; actors and actions list the filters. */
export type AuditListReply = z.output<typeof auditListReplySchema>;
// ---- end admin area

// ---- admin users

/** GET admin/users?page=&search= — customers newest first (search: e-mail, name, phone, account). */
export type AdminUsersReply = z.output<typeof adminUsersReplySchema>;

/** GET admin/users/{id} — one customer as an operator sees them. Amounts in naira. */
export type AdminUserProfileReply = z.output<typeof adminUserProfileReplySchema>;

// ---- end admin users
