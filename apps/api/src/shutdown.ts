import type { FastifyBaseLogger } from 'fastify';

interface Step {
  name: string;
  run: () => Promise<void>;
}

export interface Shutdown {
  /** Runs first, alongside the other drains: stop taking work and let what runs finish. */
  drain(name: string, run: () => Promise<void>): void;
  /** Runs after every drain has finished, in the order added (database pool, sandbox). */
  close(name: string, run: () => Promise<void>): void;
  /** Installs the SIGTERM/SIGINT handlers (on `signals`, the process unless a test gives one). */
  listen(signals?: Pick<NodeJS.EventEmitter, 'on'>): void;
  /** The graceful stop (what a signal starts); resolves to the exit code. */
  run(reason: string): Promise<number>;
}

/**
 * The server's graceful stop (decision 0023): on SIGTERM or SIGINT the drains run together (the
 * HTTP server stops accepting and waits for in-flight requests; background jobs finish their
 * running pass), then the closers (database, sandbox) one after another, then exit 0. A second
 * signal, or `timeoutMs` without the stop finishing, exits 1 at once.
 */
export function createShutdown(options: {
  logger: FastifyBaseLogger;
  timeoutMs: number;
  exit?: (code: number) => void;
}): Shutdown {
  const { logger, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const drains: Step[] = [];
  const closers: Step[] = [];
  let started: Promise<number> | undefined;

  const step = async ({ name, run }: Step): Promise<boolean> => {
    try {
      await run();
      logger.info({ step: name }, 'shutdown step done');
      return true;
    } catch (error) {
      logger.error({ err: error, step: name }, 'shutdown step failed');
      return false;
    }
  };

  async function graceful(): Promise<number> {
    const drained = await Promise.all(drains.map(step));
    let ok = drained.every(Boolean);
    for (const closer of closers) ok = (await step(closer)) && ok;
    return ok ? 0 : 1;
  }

  function run(reason: string): Promise<number> {
    if (started) return started;
    logger.info({ signal: reason, timeoutMs }, 'shutting down: draining requests and jobs');
    const began = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        logger.error({ timeoutMs }, 'shutdown took too long; exiting anyway');
        resolve(1);
      }, timeoutMs);
      timer.unref();
    });
    started = Promise.race([graceful(), timedOut]).then((code) => {
      clearTimeout(timer);
      if (code === 0) logger.info({ ms: Date.now() - began }, 'shut down cleanly');
      return code;
    });
    return started;
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    void run(signal).then(exit);
  };

  return {
    drain: (name, fn) => drains.push({ name, run: fn }),
    close: (name, fn) => closers.push({ name, run: fn }),
    listen(signals = process) {
      signals.on('SIGTERM', onSignal);
      signals.on('SIGINT', onSignal);
    },
    run,
  };
}
