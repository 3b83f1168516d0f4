import { ALERT_WINDOW_MAX_MINUTES } from '@owo/shared/alerts';
import type { AppDeps } from '../../deps';
import { retentionRepository } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The longest window any limit counts over (throttle/limiter.ts rules): checkouts and lookups per
 * day. The shorter ones are minutes and hours (OTP, login, KYC, checkout queries). A test checks
 * the rules it can reach against this.
 */
export const LONGEST_LIMIT_WINDOW_MS = DAY_MS;
/** Rate rows are kept this much longer than the window, for clocks that differ between nodes. */
export const RATE_EVENTS_MARGIN_MS = 60 * 60 * 1000;
/**
 * Supplier refusals are read only by the failure-rate alert, over its window (a day at most);
 * a day more is kept for clocks and for an operator looking back at yesterday's alert.
 */
export const REFUSALS_KEPT_MS = ALERT_WINDOW_MAX_MINUTES * 60_000 + DAY_MS;
/** Rows per delete statement. */
export const RETENTION_BATCH = 1_000;

export interface PruneResult {
  sessions: number;
  otpCodes: number;
  rateEvents: number;
  idempotencyKeys: number;
  supplierRefusals: number;
}

/**
 * Deletes rows nothing reads any more (decision 0023): expired sessions, used or expired OTP
 * codes, limiter events older than every window, supplier refusals older than the failure-rate
 * alert's longest window, and idempotency keys older than RETENTION_IDEMPOTENCY_DAYS whose orders
 * are settled.
 */
export function createRetention({
  database,
  clock,
  config,
}: Pick<AppDeps, 'database' | 'clock' | 'config'>) {
  const db = database.db;

  /**
   * One batch from each table; `more` when any batch came back full. The job runs rounds until
   * nothing is left, checking between rounds whether the server is stopping.
   */
  async function runOnce(batch = RETENTION_BATCH): Promise<PruneResult & { more: boolean }> {
    const now = clock.now();
    const rateBefore = new Date(now.getTime() - LONGEST_LIMIT_WINDOW_MS - RATE_EVENTS_MARGIN_MS);
    const keysBefore = new Date(now.getTime() - config.retentionIdempotencyDays * DAY_MS);
    const result: PruneResult = {
      sessions: await retentionRepository.deleteExpiredSessions(db, now, batch),
      otpCodes: await retentionRepository.deleteDeadOtpCodes(db, now, batch),
      rateEvents: await retentionRepository.deleteCreatedBefore(
        db,
        'rate_events',
        rateBefore,
        batch,
      ),
      idempotencyKeys: await retentionRepository.deleteIdempotencyKeysBefore(db, keysBefore, batch),
      supplierRefusals: await retentionRepository.deleteCreatedBefore(
        db,
        'supplier_refusals',
        new Date(now.getTime() - REFUSALS_KEPT_MS),
        batch,
      ),
    };
    return { ...result, more: Object.values(result).some((n) => n === batch) };
  }

  /** One background pass (jobs/job-runner.ts). */
  async function pass(): Promise<boolean> {
    return (await runOnce()).more;
  }

  return { runOnce, pass };
}

export type Retention = ReturnType<typeof createRetention>;
