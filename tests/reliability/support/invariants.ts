import { openDatabase, type DbOrTx } from '../../../apps/api/src/db/client';
import { auditLedger, type InvariantCheck } from '../../../apps/api/src/ledger/invariants';

/**
 * The money invariants every reliability test ends on: the ledger's own audit (sum zero, each
 * balance equals its journal, no negative wallet, one outcome per order, in-flight equals the
 * open orders, the swap and deposit checks) plus the checks only this suite makes.
 */
export async function moneyInvariants(db: DbOrTx): Promise<InvariantCheck[]> {
  const audit = await auditLedger(db);
  return audit.checks;
}

/** Throws, naming every broken rule and its first offending rows. */
export async function expectMoneyInvariants(db: DbOrTx): Promise<void> {
  const broken = (await moneyInvariants(db)).filter((c) => !c.ok);
  if (broken.length > 0) {
    throw new Error(`money invariants broken:\n${JSON.stringify(broken, null, 2)}`);
  }
}

/** The same, for a database another process wrote (crash and multi-process tests). */
export async function expectMoneyInvariantsAt(databaseUrl: string): Promise<void> {
  const database = openDatabase({ databaseUrl });
  try {
    await expectMoneyInvariants(database.db);
  } finally {
    await database.close();
  }
}
