import type { z } from 'zod/mini';
import type {
  AccountListReply,
  AuthReply,
  BankDto,
  BillerDto,
  BillerItemDto,
  CablePlanDto,
  DataPlanDto,
  DepositStatusReply,
  OgdamsPlanDto,
  PendingSwapReply,
  ProviderVariationDto,
  PublicConfig,
  PurchaseReply,
  ServiceCategoryDto,
  ServiceProductDto,
  ServiceStatus,
  SwapCreateReply,
  SwapListReply,
  TransactionsReply,
  TransferReply,
  UserDto,
  UtilityProvidersReply,
  VerificationEnquiryReply,
  VerificationValidateReply,
  VirtualDepositIntentReply,
  VirtualDepositReply,
} from '@owo/shared/api-types';
import type {
  AdjustmentListReply,
  AdjustmentRequestReply,
  RefundedDeliveriesReply,
  RefundedDeliveryReply,
} from '@owo/shared/adjustments';
import type {
  AlertAcknowledgeReply,
  AlertIncidentsReply,
  AlertSettingsReply,
} from '@owo/shared/alerts';
import type { SuppliersReply } from '@owo/shared/suppliers';
import {
  bankDtoSchema,
  billerDtoSchema,
  billerItemDtoSchema,
  cablePlanDtoSchema,
  dataPlanDtoSchema,
  ogdamsPlanDtoSchema,
  providerVariationDtoSchema,
  serviceCategoryDtoSchema,
  serviceProductDtoSchema,
  utilityProvidersReplySchema,
} from '@owo/shared/replies/catalogue';
import {
  accountListReplySchema,
  depositStatusReplySchema,
  verificationEnquiryReplySchema,
  verificationValidateReplySchema,
  virtualDepositIntentReplySchema,
  virtualDepositReplySchema,
} from '@owo/shared/replies/deposits';
import {
  pendingSwapReplySchema,
  swapCreateReplySchema,
  swapListReplySchema,
} from '@owo/shared/replies/airtime-swap';
import { publicConfigSchema, serviceStatusSchema } from '@owo/shared/replies/system';
import { authReplySchema, userReplySchema } from '@owo/shared/replies/account';
import type {
  adjustmentListReplySchema,
  adjustmentRequestReplySchema,
  refundedDeliveriesReplySchema,
  refundedDeliveryReplySchema,
} from '@owo/shared/replies/admin-adjustments';
import type {
  alertAcknowledgeReplySchema,
  alertIncidentsReplySchema,
  alertSettingsReplySchema,
} from '@owo/shared/replies/admin-alerts';
import type { suppliersReplySchema } from '@owo/shared/replies/admin-system';
import {
  historyPageReplySchema,
  purchaseReplySchema,
  transferReplySchema,
} from '@owo/shared/replies/transactions';

/**
 * The shared reply schemas (packages/shared/src/replies) checked against their types in
 * api-types.ts, so the two cannot drift: a field added to one side only fails typecheck.
 */

/** Every field required, at every depth: an optional field on one side only then counts. */
type DeepRequired<T> = T extends readonly (infer E)[]
  ? DeepRequired<E>[]
  : T extends object
    ? { [K in keyof T]-?: DeepRequired<T[K]> }
    : T;
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** True when each type is assignable to the other, also with every field required. */
type Same<A, B> =
  Assignable<A, B> extends true ? Assignable<DeepRequired<A>, DeepRequired<B>> : false;

/** Fails typecheck when a reply schema and its type in api-types.ts disagree, either way. */
export const replyTypesAgree: {
  user: Same<z.output<typeof userReplySchema>, { success: true; message: string; data: UserDto }>;
  auth: Same<z.output<typeof authReplySchema>, AuthReply>;
  purchase: Same<z.output<typeof purchaseReplySchema>, PurchaseReply>;
  historyPage: Same<z.output<typeof historyPageReplySchema>, TransactionsReply>;
  transfer: Same<z.output<typeof transferReplySchema>, TransferReply>;
  adjustment: Same<z.output<typeof adjustmentRequestReplySchema>, AdjustmentRequestReply>;
  adjustmentList: Same<z.output<typeof adjustmentListReplySchema>, AdjustmentListReply>;
  refundedDelivery: Same<z.output<typeof refundedDeliveryReplySchema>, RefundedDeliveryReply>;
  refundedDeliveries: Same<z.output<typeof refundedDeliveriesReplySchema>, RefundedDeliveriesReply>;
  alertIncidents: Same<z.output<typeof alertIncidentsReplySchema>, AlertIncidentsReply>;
  alertAcknowledge: Same<z.output<typeof alertAcknowledgeReplySchema>, AlertAcknowledgeReply>;
  alertSettings: Same<z.output<typeof alertSettingsReplySchema>, AlertSettingsReply>;
  suppliers: Same<z.output<typeof suppliersReplySchema>, SuppliersReply>;
  swapList: Same<z.output<typeof swapListReplySchema>, SwapListReply>;
  accountList: Same<z.output<typeof accountListReplySchema>, AccountListReply>;
  virtualDeposit: Same<z.output<typeof virtualDepositReplySchema>, VirtualDepositReply>;
  depositStatus: Same<z.output<typeof depositStatusReplySchema>, DepositStatusReply>;
  virtualDepositIntent: Same<
    z.output<typeof virtualDepositIntentReplySchema>,
    VirtualDepositIntentReply
  >;
  verificationValidate: Same<
    z.output<typeof verificationValidateReplySchema>,
    VerificationValidateReply
  >;
  verificationEnquiry: Same<
    z.output<typeof verificationEnquiryReplySchema>,
    VerificationEnquiryReply
  >;
  publicConfig: Same<z.output<typeof publicConfigSchema>, PublicConfig>;
  serviceStatus: Same<z.output<typeof serviceStatusSchema>, ServiceStatus>;
  dataPlan: Same<z.output<typeof dataPlanDtoSchema>, DataPlanDto>;
  ogdamsPlan: Same<z.output<typeof ogdamsPlanDtoSchema>, OgdamsPlanDto>;
  providerVariation: Same<z.output<typeof providerVariationDtoSchema>, ProviderVariationDto>;
  cablePlan: Same<z.output<typeof cablePlanDtoSchema>, CablePlanDto>;
  utilityProviders: Same<z.output<typeof utilityProvidersReplySchema>, UtilityProvidersReply>;
  bank: Same<z.output<typeof bankDtoSchema>, BankDto>;
  biller: Same<z.output<typeof billerDtoSchema>, BillerDto>;
  billerItem: Same<z.output<typeof billerItemDtoSchema>, BillerItemDto>;
  serviceCategory: Same<z.output<typeof serviceCategoryDtoSchema>, ServiceCategoryDto>;
  serviceProduct: Same<z.output<typeof serviceProductDtoSchema>, ServiceProductDto>;
  swapCreate: Same<z.output<typeof swapCreateReplySchema>, SwapCreateReply>;
  pendingSwap: Same<z.output<typeof pendingSwapReplySchema>, PendingSwapReply>;
} = {
  user: true,
  auth: true,
  purchase: true,
  historyPage: true,
  transfer: true,
  adjustment: true,
  adjustmentList: true,
  refundedDelivery: true,
  refundedDeliveries: true,
  alertIncidents: true,
  alertAcknowledge: true,
  alertSettings: true,
  suppliers: true,
  swapList: true,
  accountList: true,
  virtualDeposit: true,
  depositStatus: true,
  virtualDepositIntent: true,
  verificationValidate: true,
  verificationEnquiry: true,
  publicConfig: true,
  serviceStatus: true,
  dataPlan: true,
  ogdamsPlan: true,
  providerVariation: true,
  cablePlan: true,
  utilityProviders: true,
  bank: true,
  biller: true,
  billerItem: true,
  serviceCategory: true,
  serviceProduct: true,
  swapCreate: true,
  pendingSwap: true,
};
