import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { auditLedger } from '../../apps/api/src/ledger/invariants';

export interface AuditResult {
  ok: boolean;
  broken: { name: string; violations: Record<string, unknown>[] }[];
  /** Orders by state, e.g. { delivered: 1234 }. */
  purchases: Record<string, number>;
}

/**
 * After the load, with no money moving: the ledger's own invariants (ledger/invariants.ts), so a
 * fast run that broke the books does not pass unnoticed.
 */
export async function auditAfterRun(databaseUrl: string): Promise<AuditResult> {
  const database = openDatabase({ databaseUrl, poolMax: 2 });
  try {
    const audit = await auditLedger(database.db);
    const result = (await database.db.execute(
      sql`select state, count(*)::int as n from purchases group by state order by state`,
    )) as unknown as { rows: { state: string; n: number }[] };
    return {
      ok: audit.ok,
      broken: audit.checks
        .filter((c) => !c.ok)
        .map((c) => ({ name: c.name, violations: c.violations.slice(0, 3) })),
      purchases: Object.fromEntries(result.rows.map((r) => [r.state, r.n])),
    };
  } finally {
    await database.close();
  }
}
