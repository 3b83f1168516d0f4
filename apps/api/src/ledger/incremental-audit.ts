import type { Database } from '../db/client';
import { causes } from '../db/connection-errors';
import { auditRepository } from './audit-repository';
import {
  auditLedger,
  auditLedgerScope,
  auditLedgerTotals,
  BALANCE_CHECK,
  mergeAudits,
  type InvariantCheck,
  type LedgerAudit,
} from './invariants';

export interface IncrementalAuditOptions {
  /** How far behind this pass's start the checkpoint stays (see auditRepository.horizon). */
  lagMs: number;
  /** Old transfers re-read per pass by the rolling full pass (the lap). */
  lapSliceRows: number;
  /** Accounts whose balance is re-compared per pass besides those the new transfers touch. */
  accountSliceRows: number;
}

/**
 * Two minutes: far longer than any transaction that writes the ledger (they are single calls of
 * owo_ledger_apply and its callers); the oldest open transaction holds the horizon back anyway.
 * A lap of 100,000 transfers a pass covers 10 million transfers in 100 passes, 17 hours at the
 * default 10-minute interval (decision 0076).
 */
export const AUDIT_DEFAULTS: IncrementalAuditOptions = {
  lagMs: 120_000,
  lapSliceRows: 100_000,
  accountSliceRows: 20_000,
};

export type IncrementalAuditResult =
  | { skipped: true }
  | {
      skipped: false;
      audit: LedgerAudit;
      /** `full` on the first pass, which has no checkpoint to start from. */
      mode: 'full' | 'incremental';
      /** Transfers after the last checkpoint this pass checked. */
      newTransfers: number;
      /** Old transfers this pass's lap slice re-read. */
      lapTransfers: number;
      /** The lap reached its end this pass (the whole journal was re-added). */
      lapEnded: boolean;
    };

/** A failed first pass: its result, carried out of the transaction so nothing is kept. */
class AuditFailed extends Error {
  constructor(readonly result: IncrementalAuditResult) {
    super('ledger audit failed');
  }
}

/** Another pass holds the checkpoint (55P03) or moved it after this snapshot began (40001). */
function anotherPassHasIt(error: unknown): boolean {
  return causes(error).some((e) => {
    const code = (e as { code?: unknown }).code;
    return code === '55P03' || code === '40001';
  });
}

/**
 * One pass of the incremental ledger audit (decision 0076), in one repeatable-read transaction:
 * - the transfers after the checkpoint: the row-by-row invariants for the rows they belong to,
 *   and each account they touch has balance = its checked journal + those transfers;
 * - a slice of accounts (by id, wrapping) compared the same way, so a balance changed behind the
 *   ledger is found within (accounts / accountSliceRows) passes;
 * - a slice of the lap (old transfers in (created_at, id) order): the row-by-row invariants for
 *   its rows, its sums added to the lap's; at the lap's end, every balance = the lap's sum + the
 *   transfers after the lap, and the whole-table totals. A tampered old transfer is found there.
 * A failing part keeps nothing of its own: the new transfers' window and the lap's slice stay
 * where they were, so the next pass repeats them and the alert stays open until the ledger is
 * right. A lap whose end fails restarts from zero, and its failure is reported by every pass
 * until a lap ends clean. A pass that finds another one at work skips.
 */
export async function runIncrementalAudit(
  database: Database,
  options: IncrementalAuditOptions = AUDIT_DEFAULTS,
): Promise<IncrementalAuditResult> {
  try {
    return await database.db.transaction(
      async (tx) => {
        const checkpoint = await auditRepository.lockCheckpoint(tx);
        const horizon = await auditRepository.horizon(tx, checkpoint.checkedTo, options.lagMs);
        const newTransfers = await auditRepository.countTransfers(
          tx,
          checkpoint.checkedTo,
          horizon,
        );

        if (checkpoint.checkedTo === null) {
          const result = {
            skipped: false as const,
            audit: await auditLedger(tx),
            mode: 'full' as const,
            newTransfers,
            lapTransfers: 0,
            lapEnded: true,
          };
          if (!result.audit.ok) throw new AuditFailed(result);
          await auditRepository.startSums(tx, horizon);
          await auditRepository.save(tx, {
            checkedTo: horizon,
            lapTo: horizon,
            lapCursorAt: null,
            lapCursorId: null,
            accountCursor: null,
            lapFailure: null,
          });
          return result;
        }

        const checkedTo = checkpoint.checkedTo;

        // The lap first: a clean end rebuilds the journals the new transfers are checked against.
        const lapTo = checkpoint.lapTo ?? checkedTo;
        const cursor = { at: checkpoint.lapCursorAt, id: checkpoint.lapCursorId };
        const slice = await auditRepository.lapSlice(tx, lapTo, cursor, options.lapSliceRows);
        const lapChecks =
          slice.lastAt === null
            ? []
            : await auditLedgerScope(tx, {
                after: cursor.at,
                upTo: slice.lastAt,
                includeAfter: true,
              });
        const lapEnded = slice.count < options.lapSliceRows;
        const endChecks: InvariantCheck[] = [];
        if (lapEnded) {
          const lapBalances = await auditRepository.lapMismatches(tx, cursor);
          endChecks.push(
            { name: BALANCE_CHECK, ok: lapBalances.length === 0, violations: lapBalances },
            ...(await auditLedgerTotals(tx)),
          );
        }
        const lapOk = [...lapChecks, ...endChecks].every((c) => c.ok);
        if (lapEnded && lapOk) await auditRepository.rebaseJournal(tx, cursor, checkedTo);
        // A failure of the last lap's end stands until a lap ends clean.
        const standing: InvariantCheck[] =
          !lapEnded && checkpoint.lapFailure
            ? checkpoint.lapFailure.map((c) => ({ ...c, ok: false }))
            : [];

        // The new transfers, and a slice of accounts, against the checked journals.
        const local = await auditLedgerScope(tx, { after: checkedTo, upTo: horizon });
        const accounts = await auditRepository.accountSlice(
          tx,
          checkpoint.accountCursor,
          options.accountSliceRows,
        );
        const balances = await auditRepository.balanceMismatches(tx, checkedTo, {
          after: checkpoint.accountCursor,
          last: accounts.last,
        });
        const newChecks = [
          ...local,
          { name: BALANCE_CHECK, ok: balances.length === 0, violations: balances },
        ];
        const newOk = newChecks.every((c) => c.ok);

        // Keep what passed: a failing part repeats next pass (its window or slice unchanged).
        if (newOk) await auditRepository.addToJournal(tx, checkedTo, horizon);
        const nextCheckedTo = newOk ? horizon : checkedTo;
        let lap = { lapTo, lapCursorAt: cursor.at, lapCursorId: cursor.id };
        if (lapEnded) {
          // Clean or not, the next lap starts from zero, so a repaired row is read afresh.
          await auditRepository.resetLap(tx);
          lap = { lapTo: nextCheckedTo, lapCursorAt: null, lapCursorId: null };
        } else if (lapOk && slice.lastAt !== null) {
          await auditRepository.addLapSlice(tx, cursor, { at: slice.lastAt, id: slice.lastId });
          lap = { lapTo, lapCursorAt: slice.lastAt, lapCursorId: slice.lastId };
        }
        await auditRepository.save(tx, {
          checkedTo: nextCheckedTo,
          ...lap,
          accountCursor: !newOk
            ? checkpoint.accountCursor
            : accounts.count < options.accountSliceRows
              ? null
              : accounts.last,
          lapFailure: lapEnded
            ? lapOk
              ? null
              : [...lapChecks, ...endChecks]
                  .filter((c) => !c.ok)
                  .map(({ name, violations }) => ({ name, violations }))
            : checkpoint.lapFailure,
        });
        return {
          skipped: false as const,
          audit: mergeAudits(newChecks, lapChecks, endChecks, standing),
          mode: 'incremental' as const,
          newTransfers,
          lapTransfers: slice.count,
          lapEnded,
        };
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (error instanceof AuditFailed) return error.result;
    if (anotherPassHasIt(error)) return { skipped: true };
    throw error;
  }
}
