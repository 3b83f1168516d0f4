import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RESTART_FIRST_DELAY_MS,
  RESTART_MAX_DELAY_MS,
  RESTART_STABLE_AFTER_MS,
  restartDelayMs,
} from '../src/cluster/restart-backoff';
import { processRole } from '../src/cluster/worker';
import { ConfigError, loadConfig } from '../src/config';
import { createSandboxInbox, type InboxEntry } from '../src/modules/sandbox/inbox';

/** Several API processes on one machine (decision 0038): the parts that need no fork. */

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'owo-processes-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const POSTGRES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/owo' };

describe('API_PROCESSES', () => {
  it('is one process by default, on either database', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).apiProcesses).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), ...POSTGRES }).apiProcesses).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), API_PROCESSES: '1' }).apiProcesses).toBe(1);
  });

  it('takes a count, or auto and 0 for one per core, on PostgreSQL', () => {
    const with_ = (value: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...POSTGRES, API_PROCESSES: value }).apiProcesses;
    expect(with_('4')).toBe(4);
    expect(with_('auto')).toBe(availableParallelism());
    expect(with_('AUTO')).toBe(availableParallelism());
    expect(with_('0')).toBe(availableParallelism());
  });

  it.each(['two', '-1', '1.5', '257', '1000'])('refuses %s naming the variable', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...POSTGRES, API_PROCESSES: value })).toThrow(
      /API_PROCESSES: must/,
    );
  });

  it.each(['2', 'auto', '0'])('refuses %s with the embedded database (PGlite)', (value) => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), API_PROCESSES: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /API_PROCESSES: must be 1 with the embedded database \(PGlite runs in one process\); set DATABASE_URL/,
    );
  });
});

describe('process roles', () => {
  const config = (index?: string) =>
    loadConfig({
      DATA_DIR: dataDir(),
      ...POSTGRES,
      API_PROCESSES: '3',
      ...(index ? { API_WORKER_INDEX: index } : {}),
    });

  it('a single process does everything itself', () => {
    expect(processRole(loadConfig({ DATA_DIR: dataDir() }), false)).toEqual({
      workerIndex: undefined,
      lead: true,
      startsSandbox: true,
      servesMetrics: true,
    });
  });

  it('worker 1 leads the jobs; no worker starts the sandbox or the metrics listener', () => {
    expect(processRole(config('1'), true)).toEqual({
      workerIndex: 1,
      lead: true,
      startsSandbox: false,
      servesMetrics: false,
    });
    expect(processRole(config('3'), true)).toMatchObject({ workerIndex: 3, lead: false });
  });

  it('an index set by hand on a process that is no worker changes nothing', () => {
    expect(processRole(config('2'), false)).toMatchObject({ lead: true, startsSandbox: true });
  });
});

describe('worker restarts', () => {
  it('replaces a worker that ran a while at once, and backs off a crash loop up to a cap', () => {
    const state = { quickDeaths: 0 };
    expect(restartDelayMs(state, RESTART_STABLE_AFTER_MS + 1)).toBe(0);
    const delays = Array.from({ length: 8 }, () => restartDelayMs(state, 200));
    expect(delays.slice(0, 3)).toEqual([
      RESTART_FIRST_DELAY_MS,
      RESTART_FIRST_DELAY_MS * 2,
      RESTART_FIRST_DELAY_MS * 4,
    ]);
    expect(Math.max(...delays)).toBe(RESTART_MAX_DELAY_MS);
    // A worker that then stays up resets the count.
    expect(restartDelayMs(state, RESTART_STABLE_AFTER_MS)).toBe(0);
    expect(restartDelayMs(state, 200)).toBe(RESTART_FIRST_DELAY_MS);
  });
});

describe('the sandbox mailbox across processes', () => {
  it('shares what it records, keeps what others recorded without sharing it back', async () => {
    const printed: string[] = [];
    const here = createSandboxInbox({ print: (line) => printed.push(line) });
    const there = createSandboxInbox({ print: () => {} });
    const shared: InboxEntry[] = [];
    here.onRecorded((entry) => shared.push(entry));
    there.onRecorded(() => {
      throw new Error('a kept entry must not travel again');
    });
    const mailer = here.wrap({ send: async () => {} });
    await mailer.send({
      to: 'Ada@Example.com',
      subject: 'Your code',
      text: 'Your Owo code is 4821.',
    });
    here.recordSafeHavenLine('Safe Haven: OTP for NIN 12345678901: 654321 (identityId idt-1)');
    expect(shared.map((entry) => entry.kind)).toEqual(['mail', 'text']);
    expect(printed).toHaveLength(2);

    for (const entry of here.entries()) there.keep(entry);
    expect(there.mailsTo('ada@example.com')[0]).toMatchObject({ code: '4821' });
    expect(there.textsFor(['idt-1'])[0]).toMatchObject({ code: '654321', numberHint: '901' });
  });
});
