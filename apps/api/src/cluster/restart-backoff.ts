/**
 * When a worker that died unexpectedly is started again. A worker that had run for a while is
 * replaced at once; one that dies soon after its start is in a crash loop (a bad release, the
 * database refusing connections), and each further quick death doubles the wait, up to a cap, so
 * the primary does not spin forking processes that cannot start.
 */
export const RESTART_STABLE_AFTER_MS = 30_000;
export const RESTART_FIRST_DELAY_MS = 1_000;
export const RESTART_MAX_DELAY_MS = 30_000;

export interface RestartState {
  /** Quick deaths in a row of the worker in this slot. */
  quickDeaths: number;
}

/** The wait before the next start, given how long the dead worker had run; updates `state`. */
export function restartDelayMs(state: RestartState, ranForMs: number): number {
  if (ranForMs >= RESTART_STABLE_AFTER_MS) {
    state.quickDeaths = 0;
    return 0;
  }
  state.quickDeaths += 1;
  return Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** (state.quickDeaths - 1));
}
