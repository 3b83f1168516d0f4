import { spawn } from 'node:child_process';

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench ${args[0]} exited ${code}:\n${out}`)),
    );
  });
}

/** pgbench -i: the tpcb-like tables at a scale (100,000 accounts per unit). */
export async function pgbenchInit(databaseUrl: string, scale: number) {
  const started = performance.now();
  await run(['-i', '-s', String(scale), '-q', databaseUrl]);
  return { seconds: Math.round((performance.now() - started) / 100) / 10 };
}

export interface PgbenchResult {
  clients: number;
  jobs: number;
  seconds: number;
  scale: number;
  tps: number;
  latencyMs: number | undefined;
  transactions: number | undefined;
  failed: number | undefined;
  command: string;
}

/** The built-in tpcb-like script (5 statements in one transaction), simple protocol. */
export async function pgbenchRun(options: {
  databaseUrl: string;
  clients: number;
  seconds: number;
  scale: number;
}): Promise<PgbenchResult> {
  const jobs = Math.min(2, options.clients);
  const args = ['-c', String(options.clients), '-j', String(jobs), '-T', String(options.seconds)];
  const out = await run([...args, options.databaseUrl]);
  const number = (re: RegExp) => {
    const m = re.exec(out);
    return m?.[1] === undefined ? undefined : Number(m[1]);
  };
  const tps = number(/^tps = ([\d.]+) \(without initial connection time\)/m);
  if (tps === undefined) throw new Error(`no "tps =" in pgbench's output:\n${out}`);
  return {
    clients: options.clients,
    jobs,
    seconds: options.seconds,
    scale: options.scale,
    tps: Math.round(tps * 10) / 10,
    latencyMs: number(/^latency average = ([\d.]+) ms/m),
    transactions: number(/^number of transactions actually processed: (\d+)/m),
    failed: number(/^number of failed transactions: (\d+)/m),
    command: `pgbench ${args.join(' ')} <db>`,
  };
}
