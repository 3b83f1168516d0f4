import type { AlertKind } from '@owo/shared/alerts';
import type { Config } from '../../config';
import type { AlertIncidentRow } from './repository';

/** What the admin should do next, per condition. */
function nextStep(kind: AlertKind, base: string): string {
  switch (kind) {
    case 'orders_pending':
      return `Decide on them (Approve or Refund) on the Needs a decision screen: ${base}/admin/orders/pending`;
    case 'supplier_failure_rate':
      return `Check the supplier's status; its services can be routed to another supplier on the Suppliers screen: ${base}/admin/suppliers`;
    case 'supplier_low_balance':
      return `Fund our wallet at the supplier before its orders start failing: ${base}/admin/suppliers`;
    case 'ledger_audit':
      return 'Run "npm run cli -- audit-ledger --full" on a server for the rows that break the rule.';
    case 'adjustments_waiting':
      return `Approve or reject them on the Approvals screen (never your own request): ${base}/admin/approvals`;
    case 'refunded_order_delivered':
      return `Recover the refund or write it off on the Approvals screen: ${base}/admin/approvals`;
  }
}

/**
 * The alert e-mail. Plain 7-bit-friendly text like the sign-in mail; no dates or long numbers in
 * it, so the sandbox mailbox does not mistake one for a sign-in code.
 */
export function alertMail(
  incident: Pick<AlertIncidentRow, 'kind' | 'summary'>,
  config: Pick<Config, 'appName' | 'publicBaseUrl'>,
) {
  const base = config.publicBaseUrl;
  return {
    subject: `${config.appName} alert: ${incident.summary}`,
    text: [
      `${incident.summary}.`,
      '',
      nextStep(incident.kind, base),
      '',
      'This is sent once: not again while the condition holds, and again only if it clears and comes back.',
      `Open alerts, to acknowledge: ${base}/admin/alerts`,
    ].join('\n'),
  };
}
