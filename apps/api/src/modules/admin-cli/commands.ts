import { userInfo } from 'node:os';
import { ROLES } from '@owo/shared/constants';
import { passwordProblem } from '@owo/shared/schemas/fields';
import { emailField } from '@owo/shared/schemas/fields';
import type { AppDeps } from '../../deps';
import { hashSecret } from '../../lib/hashing';
import { usersRepository } from '../users/repository';
import { sessionRepository } from '../auth/session-repository';
import { formatKobo, parseNairaToKobo } from '@owo/shared/money';
import { createLedger } from '../../ledger/ledger';
import { ledgerRepository } from '../../ledger/repository';
import { auditLedger, type LedgerAudit } from '../../ledger/invariants';
import { runIncrementalAudit } from '../../ledger/incremental-audit';
import { auditRepository } from '../../ledger/audit-repository';
import { createAlertService } from '../alerts/service';
import { createAdjustmentService } from '../adjustments/service';
import { createAdjustmentRequestService } from '../adjustments/requests-service';
import { createLimitsService } from '../limits/service';
import type { Actor } from '../audit/repository';
import { recordRoleChange } from '../admin/users-service';

/**
 * The CLI has no signed-in admin: its audit entries name the operating-system user who ran it,
 * as "cli:<login>", with no user id (the audit log's actor filter matches it by that text).
 */
export function cliActor(): Actor {
  let login = '';
  try {
    login = userInfo().username;
  } catch {
    // No passwd entry for this uid (some containers): the entry still says it came from the CLI.
  }
  return { id: null, email: `cli:${login || 'unknown'}` };
}

/** Operator actions behind `npm run cli`; they follow the same rules as the API. */
export function createAdminCommands(deps: AppDeps) {
  const { database, clock } = deps;
  // The CLI files requests like an admin does; an admin approves them in the app (decision 0047).
  const requests = createAdjustmentRequestService(
    deps,
    createAdjustmentService(deps, createLedger(database)),
    createLimitsService(deps),
  );
  function normalEmail(input: string): string {
    const parsed = emailField.safeParse(input);
    if (!parsed.success) throw new Error(`Not a valid e-mail address: ${input}`);
    return parsed.data;
  }

  async function setRole(rawEmail: string, rawRole: string): Promise<string> {
    const email = normalEmail(rawEmail);
    const role = ROLES.find((r) => r === rawRole);
    if (!role) throw new Error(`Not a role: ${rawRole} (one of ${ROLES.join(', ')}).`);
    const existing = await usersRepository.findByEmail(database.db, email);
    if (!existing) throw new Error(`No account for ${email}.`);
    if (existing.role !== role) {
      await database.db.transaction(async (tx) => {
        await usersRepository.update(tx, existing.id, { role });
        await recordRoleChange(tx, cliActor(), existing, role, clock.now());
      });
    }
    return `${email} is now ${role === 'admin' ? 'an admin' : role === 'support' ? 'support staff (read-only)' : 'a customer'}.`;
  }

  return {
    async createAdmin(rawEmail: string, password: string): Promise<string> {
      const email = normalEmail(rawEmail);
      const problem = passwordProblem(password);
      if (problem) throw new Error(problem);
      const passwordHash = await hashSecret(password);
      const existing = await usersRepository.findByEmail(database.db, email);
      if (existing) {
        await database.db.transaction(async (tx) => {
          await usersRepository.update(tx, existing.id, {
            role: 'admin',
            passwordHash,
            isVerified: true,
          });
          if (existing.role !== 'admin') {
            await recordRoleChange(tx, cliActor(), existing, 'admin', clock.now());
          }
        });
        // A new password ends every session opened with the old one.
        await sessionRepository.revokeAllForUser(database.db, existing.id, clock.now());
        return `${email} already existed: it is now an admin with the new password.`;
      }
      await database.db.transaction(async (tx) => {
        const created = await usersRepository.insertWithWallet(tx, {
          email,
          passwordHash,
          role: 'admin',
          isVerified: true,
        });
        await recordRoleChange(tx, cliActor(), { ...created, role: null }, 'admin', clock.now());
      });
      return `Created admin ${email}.`;
    },

    async makeAdmin(rawEmail: string): Promise<string> {
      return setRole(rawEmail, 'admin');
    },

    /** user, admin or support (read-only staff) for an existing account; audited like the API. */
    async setRole(rawEmail: string, role: string): Promise<string> {
      return setRole(rawEmail, role);
    },

    async credit(rawEmail: string, naira: string, reason: string): Promise<string> {
      const email = normalEmail(rawEmail);
      const amountKobo = parseNairaToKobo(naira);
      if (amountKobo === null || amountKobo <= 0) throw new Error(`Not a naira amount: ${naira}`);
      const user = await usersRepository.findByEmail(database.db, email);
      if (!user) throw new Error(`No account for ${email}.`);
      const filed = await requests.file(cliActor(), {
        userId: user.id,
        direction: 'credit',
        amountKobo,
        reason,
      });
      const wallet = await ledgerRepository.walletOf(database.db, user.id);
      return (
        `Requested a credit of ${formatKobo(amountKobo)} to ${email} (request ${filed.data._id}). ` +
        `An admin must approve it on the Approvals screen. Balance: ${formatKobo(wallet?.balanceKobo ?? 0)}`
      );
    },

    /**
     * The ledger audit (decision 0076): by default one pass of the incremental audit the server
     * runs on schedule (the transfers since its checkpoint and one slice of old history, advancing
     * the same checkpoint); `full` checks all history in one snapshot and moves no checkpoint.
     * Either result opens or clears the admins' ledger alert, as the scheduled pass does.
     */
    async auditLedger(
      options: { full?: boolean } = {},
    ): Promise<{ ok: boolean; report: string; skipped?: boolean }> {
      let audit: LedgerAudit;
      let scope: string;
      if (options.full) {
        audit = await database.db.transaction((tx) => auditLedger(tx), {
          isolationLevel: 'repeatable read',
          accessMode: 'read only',
        });
        scope = 'Checked all history.';
        // All history is right: a failure the scheduled audit's last lap found is over.
        if (audit.ok) await auditRepository.clearLapFailure(database.db);
      } else {
        const pass = await runIncrementalAudit(database);
        if (pass.skipped) {
          return {
            ok: false,
            skipped: true,
            report:
              'Another ledger audit pass (a server, or another CLI) holds the checkpoint right now: ' +
              'try again in a moment, or run audit-ledger --full.',
          };
        }
        audit = pass.audit;
        scope =
          pass.mode === 'full'
            ? `First pass: checked all history (${pass.newTransfers} transfers).`
            : `Checked ${pass.newTransfers} new transfers and ${pass.lapTransfers} old ones of ` +
              `the rolling pass${pass.lapEnded ? ' (which completed a lap)' : ''}.`;
      }
      await createAlertService(deps).ledgerAudit(audit);
      const lines = audit.checks.map(
        (c) =>
          `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}` +
          (c.ok ? '' : `\n     ${c.violations.map((v) => JSON.stringify(v)).join('\n     ')}`),
      );
      lines.push(scope);
      lines.push(audit.ok ? 'Ledger is consistent.' : 'Ledger has violations.');
      return { ok: audit.ok, report: lines.join('\n') };
    },
  };
}
