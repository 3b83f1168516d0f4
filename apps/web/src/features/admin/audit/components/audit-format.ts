/**
 * How an audit entry reads on screen: a title for its action, who did it, and the fields it
 * changed as "label: before → after", with naira, dates and durations written out.
 */
import { SHUTDOWN_DURATIONS } from '@owo/shared/constants';
import { formatDateGB, naira } from '../../shared/format';

const ACTION_TITLES: Record<string, string> = {
  'system.shutdown': 'Service shut down',
  'system.restore': 'Service restored',
  'wallet.credit': 'Wallet credited',
  'wallet.debit': 'Wallet debited',
  'adjustment.request': 'Adjustment requested',
  'adjustment.reject': 'Adjustment rejected',
  'order.recover': 'Recovery requested',
  'order.write_off': 'Refund written off',
  'user.role': 'Role changed',
  'user.price_tier': 'Price tier changed',
  'price_tier.discounts': 'Tier discounts changed',
  'swap.approve': 'Swap approved',
  'swap.reject': 'Swap rejected',
  'swap.complete': 'Swap completed',
  'plan.price': 'Selling price changed',
  'plan.availability': 'Plan availability changed',
  'order.approve': 'Order approved',
  'order.refund': 'Order refunded',
  'order.reverse': 'Order reversed',
  'setting.alerts': 'Alert settings changed',
  'alert.acknowledge': 'Alert acknowledged',
};

const SERVICE_NAMES: Record<string, string> = {
  system: 'Whole system',
  airtime: 'Airtime',
  data: 'Data',
  'cable-tv': 'Cable TV',
  utility: 'Electricity',
  'airtime-mtn': 'MTN airtime',
  'airtime-glo': 'GLO airtime',
  'airtime-airtel': 'AIRTEL airtime',
  'airtime-9mobile': '9MOBILE airtime',
};

/** Words of a camelCase, snake_case or dotted name: "sellingPrice" → "Selling price". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function actionTitle(action: string): string {
  return ACTION_TITLES[action] ?? humanize(action);
}

/** The CLI acts without an account ("cli:<login>"): shown as the operator's login. */
export function actorLabel(actor: { _id: string | null; email: string }): string {
  if (actor._id === null && actor.email.startsWith('cli:')) {
    return `CLI · ${actor.email.slice(4) || 'operator'}`;
  }
  return actor.email;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Service · Data", "User · Ada Obi (ada@…)", "Transaction · MTN Airtime · 2026…", "Plan · MTN SME
 * 1GB": the name the server found; without one, the id (a uuid's start suffices).
 */
export function entityLabel(entity: string, entityId: string, entityName?: string | null): string {
  if (entity === 'service') return `Service · ${SERVICE_NAMES[entityId] ?? entityId}`;
  if (entityName) return `${humanize(entity)} · ${entityName}`;
  if (!entityId) return humanize(entity);
  const id = UUID.test(entityId) ? `${entityId.slice(0, 8)}…` : entityId;
  return `${humanize(entity)} · ${id}`;
}

const MONEY = /price|amount|payout|balance|cost|selling|fee|profit/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value as text; "—" for none. */
export function formatValue(key: string, value: unknown): string {
  // A switch with no end time is running.
  if (key === 'until' && value === null) return 'Running';
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    if (/avail/i.test(key)) return value ? 'Available' : 'Unavailable';
    return value ? 'On' : 'Off';
  }
  if (typeof value === 'number') {
    if (key === 'durationMinutes') {
      return SHUTDOWN_DURATIONS.find((d) => d.minutes === value)?.label ?? `${value} mins`;
    }
    if (MONEY.test(key)) return naira(value);
    if (/percent|discount/i.test(key)) return `${value}%`;
    return value.toLocaleString('en-GB');
  }
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDateGB(value);
    // Statuses and roles: AWAITING_VERIFICATION → Awaiting verification.
    if (/^[A-Z_]+$/.test(value) || key === 'role' || key === 'status') return humanize(value);
    return value;
  }
  return JSON.stringify(value);
}

export interface FieldChange {
  key: string;
  label: string;
  /** Absent when there was no earlier value: only the new one is shown. */
  from?: string;
  to: string;
}

const LABELS: Record<string, string> = {
  until: 'Off until',
  durationMinutes: 'Duration',
  payoutReference: 'Payout reference',
};

/**
 * Stored entries do not keep their fields in order (jsonb sorts keys), so the screen orders
 * them: what changed first (money, status, role, times), references and context last.
 */
function rank(key: string): number {
  if (MONEY.test(key) || key === 'status' || key === 'role' || key === 'until') return 0;
  if (/reference|email/i.test(key)) return 2;
  return 1;
}

/**
 * The fields that differ between before and after, in the order they appear. A field the entry
 * had no value for before (a credit's amount, the e-mail beside a role) is shown alone, without
 * an arrow. The reason or note is shown apart from the fields, so it is left out here.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  reason: string,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  );
  const changes: FieldChange[] = [];
  for (const key of keys) {
    const from = before?.[key];
    const to = after?.[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    if ((key === 'reason' || key === 'note') && (to === reason || to === '' || to == null)) {
      continue;
    }
    changes.push({
      key,
      label: LABELS[key] ?? humanize(key),
      ...(from !== undefined ? { from: formatValue(key, from) } : {}),
      to: formatValue(key, to),
    });
  }
  return changes;
}
