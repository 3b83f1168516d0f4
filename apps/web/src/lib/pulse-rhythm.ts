/**
 * Whether the live stream is up (lib/pulse-stream.ts), shared by every reader of the pulse: the
 * pulse query polls only while it is down (decision 0074).
 */
let connected = false;
const listeners = new Set<() => void>();

export const streamStatus = {
  connected: (): boolean => connected,
  set(next: boolean): void {
    if (connected === next) return;
    connected = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The pulse query's poll interval: none while the stream is up, today's rhythm otherwise. */
export function pulseRhythm(state: {
  streaming: boolean;
  awaiting: boolean;
  awaitingMs: number;
  idleMs: number;
}): number | false {
  if (state.streaming) return false;
  return state.awaiting ? state.awaitingMs : state.idleMs;
}
