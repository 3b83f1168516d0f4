import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createLogger } from '../lib/logger';
import { startMetricsListener, type MetricsListener } from '../modules/metrics/listener';
import type { ClusterMessage } from './messages';
import { restartDelayMs, type RestartState } from './restart-backoff';

/** Past the workers' own shutdown timeout: they exit by themselves first (shutdown.ts). */
const STOP_MARGIN_MS = 2_000;

interface Slot {
  index: number;
  worker: Worker | undefined;
  /** The worker serves (so it has its shutdown message listener). */
  listening: boolean;
  startedAt: number;
  restart: RestartState;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The cluster's primary (API_PROCESSES > 1, decision 0038). It serves no request itself: it
 * forks one worker per slot (they share PORT through node:cluster), replaces a worker that dies
 * unexpectedly (with a growing wait when they die right after starting), runs what must exist
 * once per machine (the provider sandbox, the metrics listener summing the workers' series), and
 * on SIGTERM/SIGINT asks every worker to drain as a single process does (shutdown.ts), then
 * exits 0 when every worker did.
 */
export async function runPrimary(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const closers: (() => Promise<void>)[] = [];
  let sandboxPort = config.sandboxPort;
  if (!config.liveProviders) {
    const { startSandboxInPrimary } = await import('./primary-sandbox');
    const sandbox = await startSandboxInPrimary(config, logger);
    sandboxPort = sandbox.port;
    closers.push(sandbox.close);
  }
  let listener: MetricsListener | undefined;
  if (config.metricsPort) {
    const { AggregatorRegistry } = await import('prom-client');
    listener = await startMetricsListener({
      cluster: new AggregatorRegistry(),
      host: config.metricsHost,
      port: config.metricsPort,
      logger,
    });
    closers.push(() => listener!.close());
    logger.info({ host: config.metricsHost, port: listener.port }, 'metrics listener started');
  }

  let stopping: string | undefined;
  let failedExits = 0;
  const slots: Slot[] = Array.from({ length: config.apiProcesses }, (_, i) => ({
    index: i + 1,
    worker: undefined,
    listening: false,
    startedAt: 0,
    restart: { quickDeaths: 0 },
    timer: undefined,
  }));

  const fork = (slot: Slot) => {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    slot.listening = false;
    slot.worker = cluster.fork({
      API_WORKER_INDEX: String(slot.index),
      SANDBOX_PORT: String(sandboxPort),
    });
    const { pid } = slot.worker.process;
    logger.info({ worker: slot.index, pid }, 'API worker started');
    slot.worker.once('listening', () => (slot.listening = true));
    slot.worker.once('exit', (code, signal) => onExit(slot, pid, code, signal));
  };

  let resolveStopped: () => void = () => {};
  const allStopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  const checkStopped = () => {
    if (stopping && slots.every((slot) => !slot.worker)) resolveStopped();
  };

  function onExit(slot: Slot, pid: number | undefined, code: number | null, signal: string | null) {
    slot.worker = undefined;
    slot.listening = false;
    if (stopping) {
      if (code !== 0) failedExits += 1;
      logger.info({ worker: slot.index, pid, code, signal }, 'API worker stopped');
      checkStopped();
      return;
    }
    const delay = restartDelayMs(slot.restart, Date.now() - slot.startedAt);
    logger.error(
      { worker: slot.index, pid, code, signal, restartInMs: delay },
      'API worker died; starting another',
    );
    slot.timer = setTimeout(() => fork(slot), delay);
  }

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the workers exit at once too (their second signal, shutdown.ts).
      logger.warn({ signal }, 'second signal: stopping the workers without waiting');
      for (const slot of slots) slot.worker?.process.kill(signal);
      process.exit(1);
    }
    stopping = signal;
    logger.info({ signal }, 'shutting down: every API worker drains');
    for (const slot of slots) {
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = undefined;
      // A message, not the signal: a terminal's Ctrl-C reaches the workers too, and the same
      // signal twice would read as the impatient second one. A worker still starting may not
      // listen for messages yet; the signal stops it (gracefully once its shutdown is set up).
      const message: ClusterMessage = { owo: 'shutdown', signal };
      if (slot.worker && slot.listening && slot.worker.isConnected()) slot.worker.send(message);
      else slot.worker?.process.kill('SIGTERM');
    }
    checkStopped();
    const force = setTimeout(() => {
      logger.error('API workers did not stop in time; killing them');
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + STOP_MARGIN_MS);
    force.unref();
    void allStopped
      .then(() => closeAll(logger, closers))
      .then((closed) => process.exit(failedExits === 0 && closed ? 0 : 1));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  for (const slot of slots) fork(slot);
  logger.info(
    { processes: config.apiProcesses, primaryPid: process.pid },
    `starting ${config.apiProcesses} API processes on port ${config.port}`,
  );
}

async function closeAll(
  logger: FastifyBaseLogger,
  closers: (() => Promise<void>)[],
): Promise<boolean> {
  let ok = true;
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown step failed');
      ok = false;
    }
  }
  if (ok) logger.info('shut down cleanly');
  return ok;
}
