import type { AppDeps } from './deps';
import { createAuthService } from './modules/auth/service';
import { createOtpService } from './modules/auth/otp-service';
import { createSessionService } from './modules/auth/session-service';
import { createGuards } from './plugins/authenticate';
import { createPinService } from './modules/pin/service';
import { createUserService } from './modules/users/service';
import { databaseFileStore } from './modules/files/file-store';
import { createFileService } from './modules/files/service';
import { createAdminUserService } from './modules/admin/users-service';
import { createPriceTierService } from './modules/price-tiers/service';
import { createTierCache } from './modules/price-tiers/tier-cache';
import { createLedger } from './ledger/ledger';
import { createAdjustmentService } from './modules/adjustments/service';
import { createAdjustmentRequestService } from './modules/adjustments/requests-service';
import { createRefundedDeliveryService } from './modules/adjustments/refunded-deliveries-service';
import { createAdminUserStatusService } from './modules/admin/users-status';
import { createCatalogueService } from './modules/catalogue/service';
import { createSwitchService } from './modules/switches/service';
import { createSettlement } from './modules/purchases/settlement';
import { createOrderFlow } from './modules/purchases/order-flow';
import { createPurchaseService } from './modules/purchases/service';
import { createHistoryService } from './modules/transactions/history-service';
import { createNotificationService } from './modules/notifications/service';
import { createLiveUpdateService } from './modules/notifications/live-updates';
import { createStatementService } from './modules/statements/service';
import { createReconciler } from './jobs/reconciler';
import { createWebhookDeliveries } from './jobs/webhook-deliveries';
import { createDeveloperWebhookService } from './modules/developer/webhooks-service';
import { createLimitsService } from './modules/limits/service';
import { createTransferService } from './modules/transfers/service';
import { createBankDirectory } from './modules/transfers/banks';
import { createBeneficiaryService } from './modules/beneficiaries/service';
import { createDeveloperKeyService } from './modules/developer/keys-service';
import { createSecurityService } from './modules/security/service';
import { createLookupGuard } from './modules/lookups/limits';
import { createBettingService } from './modules/betting/service';
import { createServicesPayService } from './modules/services-pay/service';
import { createAirtimeSwapService } from './modules/airtime-swap/service';
import { createDepositCredit } from './modules/deposits/credit';
import { createDepositService } from './modules/deposits/service';
import { createWebhookService } from './modules/webhooks/service';
import { createOgdamsWebhookService } from './modules/webhooks/ogdams-service';
import { createVtpassWebhookService } from './modules/webhooks/vtpass-service';
import { createVerificationService } from './modules/kyc/verification-service';
import { createAccountService } from './modules/kyc/account-service';
import { createKycReviewService } from './modules/kyc/review-service';
// admin analytics
import { createAnalyticsService } from './modules/analytics/service';
import { createAnalyticsRollup } from './jobs/analytics-rollup';
import { createAdminProductService } from './modules/admin-products/service';
import { createAdminTransactionService } from './modules/admin-transactions/service';
import { createAuditService } from './modules/audit/service';
import { createBettingStatsService } from './modules/betting-stats/service';
import { createExportService } from './modules/exports/service';
import { createOperatorAlertService } from './modules/operator-alerts/service';
import { createSupplierService } from './modules/suppliers/service';
import { createAlertService } from './modules/alerts/service';
import { createSandboxInbox } from './modules/sandbox/inbox';
import { createSandboxService, sandboxEnabled } from './modules/sandbox/service';
import { createMetrics } from './modules/metrics/metrics';
import { scrapeSources } from './modules/metrics/scrape-sources';
import { timedProviders } from './modules/metrics/timed-providers';
import { createApiKeyGuards } from './plugins/api-key';
import { createApiRateLimits } from './modules/public-api/rate-limits';
import { createPublicApiService } from './modules/public-api/service';

/** Builds every service once per app; routes receive them, never the database. */
export function createServices(given: AppDeps) {
  // Sandbox mode keeps a copy of every mail for the in-app mailbox (decision 0019); live mode and
  // production never build it.
  const sandboxInbox = sandboxEnabled(given.config)
    ? (given.sandboxInbox ?? createSandboxInbox())
    : undefined;
  sandboxInbox?.useLogger(given.logger);
  // Every supplier call is timed by wrapping the adapters (decision 0026).
  const metrics = given.metrics ?? createMetrics();
  const instrumented = { ...given, metrics, providers: timedProviders(given.providers, metrics) };
  const deps: AppDeps = sandboxInbox
    ? { ...instrumented, mailer: sandboxInbox.wrap(given.mailer), sandboxInbox }
    : instrumented;
  metrics.readFrom(scrapeSources(deps));
  const otp = createOtpService(deps);
  const sessions = createSessionService(deps);
  const guards = createGuards(sessions);
  const auth = createAuthService(deps, otp, sessions);
  // Uploaded pictures, in the database so every node serves them (decision 0021).
  const files = createFileService(databaseFileStore(deps.database));
  const users = createUserService(deps, files.store);
  const pin = createPinService(deps, otp);
  // Profile → Security: change password, signed-in devices
  const security = createSecurityService(deps);
  const adminUsers = createAdminUserService(deps);
  // the price tiers each process prices orders from (decision 0090)
  const tierCache = createTierCache(deps);
  const priceTiers = createPriceTierService(deps, tierCache);
  const adminUserStatus = createAdminUserStatusService(deps);
  const ledger = createLedger(deps.database);
  const limits = createLimitsService(deps);
  const adjustments = createAdjustmentService(deps, ledger);
  // staff credits and debits under four eyes, and refunded orders delivered late (0047, 0048)
  const adjustmentRequests = createAdjustmentRequestService(deps, adjustments, limits);
  const refundedDeliveries = createRefundedDeliveryService(deps, adjustmentRequests);
  const catalogue = createCatalogueService(deps);
  const switches = createSwitchService(deps);
  const settlement = createSettlement(deps);
  const placeOrder = createOrderFlow(deps, ledger, settlement, pin, limits, tierCache);
  const purchases = createPurchaseService(deps, catalogue, placeOrder);
  const history = createHistoryService(deps);
  const notifications = createNotificationService(deps);
  // the pulse pushed to open apps, fed by LISTEN/NOTIFY (decision 0074)
  const liveUpdates = createLiveUpdateService(deps, notifications, sessions);
  // monthly statements (CSV)
  // Reads that may lag go to the replica when there is one (decision 0052): the statements, the
  // admin analytics and the exports are of settled, past periods or for staff, never a
  // customer's read right after their own write.
  const laggingReads: AppDeps = deps.replicaReads
    ? { ...deps, database: deps.replicaReads.database }
    : deps;
  const statements = createStatementService(laggingReads);
  const reconciler = createReconciler(deps, settlement);
  // resellers' webhooks: the job that posts them, and their log and replay (decision 0089)
  const webhookDeliveries = createWebhookDeliveries(deps);
  const developerWebhooks = createDeveloperWebhookService(deps);
  const transfers = createTransferService(deps, pin, limits);
  const banks = createBankDirectory(deps.providers, deps.clock, createLookupGuard(deps));
  // saved beneficiaries and recent numbers
  const beneficiaries = createBeneficiaryService(deps);
  // Profile → Developer: the customer's API keys (decision 0087)
  const developerKeys = createDeveloperKeyService(deps);
  const betting = createBettingService(deps, placeOrder, settlement, refundedDeliveries);
  const servicesPay = createServicesPayService(deps, placeOrder);
  const airtimeSwaps = createAirtimeSwapService(deps, ledger, pin, limits, switches, files.store);
  // deposits and KYC
  const depositCredit = createDepositCredit(deps, ledger, limits);
  const deposits = createDepositService(deps, limits, depositCredit);
  const webhooks = createWebhookService(deps, depositCredit, (event) =>
    betting.handleNotification(event),
  );
  const ogdamsWebhooks = createOgdamsWebhookService(deps, settlement, refundedDeliveries);
  const vtpassWebhooks = createVtpassWebhookService(deps, ledger, settlement, refundedDeliveries);
  const verification = createVerificationService(deps);
  const accounts = createAccountService(deps);
  const kycReviews = createKycReviewService(deps);
  // admin analytics (the rollup job is started by server.ts; tests run it by hand)
  const analytics = createAnalyticsService(laggingReads);
  const analyticsRollup = createAnalyticsRollup(deps);
  // admin products and prices
  const adminProducts = createAdminProductService(deps);
  // admin transactions (Approve / Refund / Reverse)
  const adminTransactions = createAdminTransactionService(deps, ledger, settlement);
  // the audit log
  const audit = createAuditService(deps);
  const operatorAlerts = createOperatorAlertService(deps);
  // supplier balances, low-balance thresholds and routing
  const suppliers = createSupplierService(deps);
  // admin e-mail alerts (decision 0030); the low balances are the Suppliers screen's own reading
  const alerts = createAlertService(deps, {
    lowBalances: () => suppliers.listLowBalanceSuppliers(),
  });
  // admin betting statistics
  const bettingStats = createBettingStatsService(deps);
  const csvExports = createExportService(laggingReads);
  const sandbox = sandboxInbox ? createSandboxService(deps, sandboxInbox) : undefined;
  // the reseller API: its keys' guard, its rate limits, its service (decisions 0087, 0088)
  const apiRates = createApiRateLimits(deps);
  const apiKeyGuards = createApiKeyGuards(deps, apiRates);
  const publicApi = createPublicApiService(deps, purchases, betting, catalogue);
  return {
    deps,
    otp,
    sessions,
    guards,
    auth,
    users,
    files,
    pin,
    security,
    adminUsers,
    priceTiers,
    adminUserStatus,
    ledger,
    limits,
    adjustments,
    adjustmentRequests,
    refundedDeliveries,
    catalogue,
    switches,
    purchases,
    history,
    notifications,
    liveUpdates,
    statements,
    reconciler,
    webhookDeliveries,
    developerWebhooks,
    transfers,
    banks,
    beneficiaries,
    developerKeys,
    betting,
    servicesPay,
    airtimeSwaps,
    deposits,
    webhooks,
    ogdamsWebhooks,
    vtpassWebhooks,
    verification,
    accounts,
    kycReviews,
    analytics,
    analyticsRollup,
    adminProducts,
    adminTransactions,
    audit,
    bettingStats,
    csvExports,
    operatorAlerts,
    suppliers,
    alerts,
    sandbox,
    metrics,
    apiRates,
    apiKeyGuards,
    publicApi,
  };
}

export type Services = ReturnType<typeof createServices>;
