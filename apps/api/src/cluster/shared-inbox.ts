import cluster, { type Worker } from 'node:cluster';
import type { SandboxInbox } from '../modules/sandbox/inbox';
import { isClusterMessage, type ClusterMessage } from './messages';

/**
 * The sandbox mailbox across API processes (decision 0038). Each process keeps its mailbox in
 * memory (decision 0019), but the sign-in code a worker mailed must show in the mailbox another
 * worker answers, and Safe Haven's codes are printed by the simulators in the primary. So the
 * primary keeps the whole mailbox and relays every entry a process records to the others; a
 * worker that starts (or is restarted) is given what the primary kept.
 */
export function relayInboxInPrimary(inbox: SandboxInbox): void {
  // Workers whose mailbox listens: an entry sent earlier would be dropped, so until a worker says
  // so it gets nothing, and then everything kept (IPC keeps order, so nothing is lost between).
  const listening = new Set<Worker>();
  const send = (worker: Worker, message: ClusterMessage) => {
    if (worker.isConnected()) worker.send(message);
  };
  inbox.onRecorded((entry) => {
    for (const worker of listening) send(worker, { owo: 'inbox', entry });
  });
  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.owo === 'inbox-ready') {
      for (const entry of inbox.entries()) send(from, { owo: 'inbox', entry });
      listening.add(from);
    } else if (message.owo === 'inbox') {
      inbox.keep(message.entry);
      for (const worker of listening) if (worker !== from) send(worker, message);
    }
  });
  cluster.on('exit', (worker) => listening.delete(worker));
}

/** A worker's side: what it records goes to the primary, and what others recorded is kept. */
export function joinInboxAsWorker(inbox: SandboxInbox): void {
  const send = (message: ClusterMessage) => {
    if (process.connected) process.send?.(message);
  };
  inbox.onRecorded((entry) => send({ owo: 'inbox', entry }));
  process.on('message', (message: unknown) => {
    if (isClusterMessage(message) && message.owo === 'inbox') inbox.keep(message.entry);
  });
  send({ owo: 'inbox-ready' });
}
