/**
 * The admin alerts' words and kinds, apart from their schemas (alerts.ts) so the dashboard's link
 * to the screen does not carry zod.
 */
export const ALERT_KINDS = [
  'orders_pending',
  'supplier_failure_rate',
  'supplier_low_balance',
  'ledger_audit',
  // Always on (decisions 0047, 0048): money waiting for a second admin, or owed back by a customer.
  'adjustments_waiting',
  'refunded_order_delivered',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertMessages = {
  title: 'Alerts',
  intro: 'Every admin is e-mailed once when a condition starts, and again only if it comes back.',
  openTitle: 'Open alerts',
  openCount: '{n} open',
  openEmpty: 'All clear',
  openEmptyText: 'No condition needs you right now.',
  recentTitle: 'Recently cleared',
  loadFailed: 'Alerts could not be loaded',
  acknowledge: 'Acknowledge',
  acknowledged: 'Alert acknowledged',
  acknowledgedBy: 'Acknowledged by',
  alreadyAcknowledged: 'This alert has already been acknowledged.',
  alertCleared: 'This alert has already cleared.',
  mailed: 'Admins e-mailed',
  mailPending: 'E-mail not sent yet',
  opened: 'Since {time}',
  clearedAt: 'Cleared {time}',
  settingsTitle: 'Alert settings',
  settingsSaved: 'Alert settings saved',
  settingsSave: 'Save settings',
  settingsSaveFailed: 'Settings could not be saved',
  adminsOnly: 'Only an admin can change these settings.',
  acknowledgeFailed: 'The alert could not be acknowledged',
  settingsLoadFailed: 'Settings could not be loaded',
  pendingOrders: 'Orders pending too long',
  pendingOrdersHint: 'An order still open after this many minutes.',
  afterMinutes: 'Pending for (minutes)',
  failureRate: 'Supplier failure rate',
  failureRateHint: 'Failed share of a supplier’s settled orders in the window.',
  percent: 'Failure rate (%)',
  windowMinutes: 'Window (minutes)',
  minOrders: 'Minimum orders',
  lowBalance: 'Supplier balance low',
  lowBalanceHint: 'A supplier wallet below its low-balance threshold.',
  suppliersLink: 'Thresholds',
  ledgerAudit: 'Ledger audit failed',
  ledgerAuditHint: 'The scheduled check of the ledger’s invariants finds a broken rule.',
  kindNames: {
    orders_pending: 'Orders pending',
    supplier_failure_rate: 'Failure rate',
    supplier_low_balance: 'Low balance',
    ledger_audit: 'Ledger audit',
    adjustments_waiting: 'Approval needed',
    refunded_order_delivered: 'Delivered after refund',
  } satisfies Record<AlertKind, string>,
} as const;
