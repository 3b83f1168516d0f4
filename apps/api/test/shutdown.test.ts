import { EventEmitter } from 'node:events';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createShutdown } from '../src/shutdown';

const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown', () => {
  it('runs the drains together, then the closers in order, then exits 0', async () => {
    const events: string[] = [];
    const exits: number[] = [];
    const shutdown = createShutdown({ logger, timeoutMs: 5_000, exit: (c) => exits.push(c) });
    shutdown.drain('http', async () => {
      events.push('http start');
      await sleep(30);
      events.push('http end');
    });
    shutdown.drain('jobs', async () => {
      events.push('jobs start');
      await sleep(10);
      events.push('jobs end');
    });
    shutdown.close('database', async () => {
      events.push('database');
    });
    shutdown.close('sandbox', async () => {
      events.push('sandbox');
    });
    const signals = new EventEmitter();
    shutdown.listen(signals);
    signals.emit('SIGTERM', 'SIGTERM');
    await sleep(80);
    expect(events).toEqual([
      'http start',
      'jobs start',
      'jobs end',
      'http end',
      'database',
      'sandbox',
    ]);
    expect(exits).toEqual([0]);
  });

  it('exits 1 when the stop takes longer than the timeout', async () => {
    const shutdown = createShutdown({ logger, timeoutMs: 50, exit: () => {} });
    let closed = false;
    shutdown.drain('http', () => new Promise(() => {}));
    shutdown.close('runtime', async () => {
      closed = true;
    });
    expect(await shutdown.run('SIGTERM')).toBe(1);
    expect(closed).toBe(false);
  });

  it('exits 1 at once on a second signal', async () => {
    const exits: number[] = [];
    const shutdown = createShutdown({ logger, timeoutMs: 5_000, exit: (c) => exits.push(c) });
    shutdown.drain('http', () => new Promise(() => {}));
    const signals = new EventEmitter();
    shutdown.listen(signals);
    signals.emit('SIGTERM', 'SIGTERM');
    await sleep(10);
    expect(exits).toEqual([]);
    signals.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([1]);
  });

  it('exits 1 when a step fails, after running the rest', async () => {
    const shutdown = createShutdown({ logger, timeoutMs: 5_000, exit: () => {} });
    let closed = false;
    shutdown.drain('http', async () => {
      throw new Error('boom');
    });
    shutdown.close('runtime', async () => {
      closed = true;
    });
    expect(await shutdown.run('SIGTERM')).toBe(1);
    expect(closed).toBe(true);
  });
});
