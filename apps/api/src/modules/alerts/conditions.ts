import { adminMessages } from '@owo/shared/admin-messages';
import type { AlertSettings } from '@owo/shared/alerts';
import { formatKobo } from '@owo/shared/money';
import type { DbOrTx } from '../../db/client';
import type { LedgerAudit } from '../../ledger/invariants';
import { conditionsRepository } from './conditions-repository';
import type { ActiveCondition } from './repository';

/** A supplier wallet below its threshold, as the Suppliers service reads it. */
export interface LowBalance {
  supplier: string;
  balanceKobo: number;
  thresholdKobo: number;
}

/**
 * Where the low-balance condition comes from: the suppliers whose wallet, read now from their
 * balance calls, is below the threshold set on the Suppliers screen.
 */
export type LowBalanceSource = () => Promise<LowBalance[]>;

const supplierName = (id: string) => adminMessages.supplierNames[id] ?? id;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function pendingOrders(
  db: DbOrTx,
  settings: AlertSettings['pendingOrders'],
  now: Date,
): Promise<ActiveCondition[]> {
  const cutoff = new Date(now.getTime() - settings.afterMinutes * 60_000);
  const { count, oldest } = await conditionsRepository.pendingSince(db, cutoff);
  if (count === 0) return [];
  return [
    {
      key: 'orders_pending',
      kind: 'orders_pending',
      subject: '',
      summary: `${plural(count, 'order', 'orders')} pending for more than ${settings.afterMinutes} minutes`,
      detail: {
        count,
        afterMinutes: settings.afterMinutes,
        oldestAt: oldest?.toISOString() ?? null,
      },
    },
  ];
}

export async function failureRates(
  db: DbOrTx,
  settings: AlertSettings['failureRate'],
  now: Date,
): Promise<ActiveCondition[]> {
  const since = new Date(now.getTime() - settings.windowMinutes * 60_000);
  const rows = await conditionsRepository.attemptsBySupplier(db, since);
  return rows
    .filter(
      (r) => r.attempts >= settings.minOrders && r.failed * 100 >= settings.percent * r.attempts,
    )
    .map((r) => {
      const percent = Math.round((r.failed * 100) / r.attempts);
      return {
        key: `supplier_failure_rate:${r.supplier}`,
        kind: 'supplier_failure_rate' as const,
        subject: r.supplier,
        summary: `${supplierName(r.supplier)}: ${r.failed} of ${plural(r.attempts, 'order', 'orders')} failed (${percent}%) in the last ${settings.windowMinutes} minutes`,
        detail: {
          failed: r.failed,
          attempts: r.attempts,
          percent,
          thresholdPercent: settings.percent,
          windowMinutes: settings.windowMinutes,
        },
      };
    });
}

export async function lowBalances(source: LowBalanceSource): Promise<ActiveCondition[]> {
  return (await source()).map((low) => ({
    key: `supplier_low_balance:${low.supplier}`,
    kind: 'supplier_low_balance' as const,
    subject: low.supplier,
    summary: `${supplierName(low.supplier)} balance ${formatKobo(low.balanceKobo)} is below ${formatKobo(low.thresholdKobo)}`,
    detail: { balanceKobo: low.balanceKobo, thresholdKobo: low.thresholdKobo },
  }));
}

/** The ledger audit's failed checks as a condition (none when every check passed). */
export function ledgerAuditFailure(audit: LedgerAudit): ActiveCondition[] {
  const failed = audit.checks.filter((c) => !c.ok).map((c) => c.name);
  if (failed.length === 0) return [];
  return [
    {
      key: 'ledger_audit',
      kind: 'ledger_audit',
      subject: '',
      summary: `The ledger audit failed: ${failed.join('; ')}`,
      detail: { failedChecks: failed },
    },
  ];
}
