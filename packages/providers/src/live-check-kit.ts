/**
 * What every supplier's `cli live-check` shares: a list of lines, each one read-only call and what
 * it found. A call that throws is a failed line with its message, so one refusal never hides the
 * answers of the calls after it.
 */
import type { LiveCheckLine } from './types';

export type CheckResult = { ok: boolean; detail: string };

export function liveCheckLines() {
  const lines: LiveCheckLine[] = [];
  async function attempt(check: string, run: () => Promise<CheckResult>): Promise<void> {
    try {
      lines.push({ check, ...(await run()) });
    } catch (error) {
      lines.push({
        check,
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { lines, attempt };
}
