import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from '../config';
import type { SandboxInbox } from '../modules/sandbox/inbox';
import type { Shutdown } from '../shutdown';
import { isClusterMessage } from './messages';
import { joinInboxAsWorker } from './shared-inbox';

/** What one API process runs, by its place (decision 0038). */
export interface ProcessRole {
  /** 1…API_PROCESSES in a cluster; undefined when the API is one process. */
  workerIndex: number | undefined;
  /**
   * Runs the background jobs and the scheduled ledger audit: the single process, or worker 1 of
   * a cluster. The jobs' advisory locks would make every worker safe, but N workers would each
   * poll N locks for nothing; a machine keeps one lead, as a node did before.
   */
  lead: boolean;
  /** Starts the provider sandbox itself; a cluster's primary runs it once for every worker. */
  startsSandbox: boolean;
  /** Serves METRICS_PORT itself; a cluster's primary serves every worker's series summed. */
  servesMetrics: boolean;
}

export function processRole(config: Config, isWorker = cluster.isWorker): ProcessRole {
  const workerIndex = config.apiWorkerIndex;
  // The index alone (set by hand on a single process) must not switch the jobs and sandbox off.
  if (!isWorker || workerIndex === undefined) {
    return { workerIndex: undefined, lead: true, startsSandbox: true, servesMetrics: true };
  }
  return { workerIndex, lead: workerIndex === 1, startsSandbox: false, servesMetrics: false };
}

/**
 * A worker's part of the cluster, set up before anything slow: it answers the primary's metrics
 * requests from the start (with nothing until its series exist: a scrape must not wait on a
 * starting worker), and remembers a stop asked for before its shutdown exists.
 */
export function joinClusterAsWorker() {
  // Constructing one installs prom-client's listener for the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([]);
  let shutdown: Shutdown | undefined;
  let asked: string | undefined;
  const run = (signal: string) => void shutdown!.run(signal).then((code) => process.exit(code));
  process.on('message', (message: unknown) => {
    if (!isClusterMessage(message) || message.owo !== 'shutdown') return;
    if (shutdown) run(message.signal);
    else asked = message.signal;
  });
  return {
    /** This worker's series, for the primary's metrics listener. */
    exposeMetrics(registry: Registry) {
      AggregatorRegistry.setRegistries([registry]);
    },
    /** The sandbox mailbox shared with the other workers. */
    shareInbox(inbox: SandboxInbox) {
      joinInboxAsWorker(inbox);
    },
    /** The primary's stop request drains this worker as a signal would. */
    stopWith(given: Shutdown) {
      shutdown = given;
      if (asked) run(asked);
    },
  };
}
