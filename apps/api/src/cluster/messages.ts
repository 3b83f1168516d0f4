import type { InboxEntry } from '../modules/sandbox/inbox';

/**
 * What the primary and its API workers tell each other over the cluster's IPC channel
 * (decision 0038). prom-client's metrics requests travel on the same channel under its own
 * message types; these carry an `owo` field so neither side mistakes the other's.
 */
export type ClusterMessage =
  /** Primary → worker: stop gracefully, as on that signal (shutdown.ts). */
  | { owo: 'shutdown'; signal: string }
  /** Worker → primary: its mailbox listens; primary → worker: a mail or code kept elsewhere. */
  | { owo: 'inbox-ready' }
  | { owo: 'inbox'; entry: InboxEntry };

export function isClusterMessage(message: unknown): message is ClusterMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { owo?: unknown }).owo === 'string'
  );
}
