import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's nginx (installed by .ci/run, like Chromium). */
export const NGINX = '/usr/sbin/nginx';

export interface Nginx {
  origin: string;
  /** Requests nginx passed to each API port so far, from its access log ($upstream_addr). */
  served(): Map<number, number>;
  /**
   * The API port that answered each logged request for `method` and `path` (query left out),
   * oldest first; undefined for one no API process answered. nginx logs a request once it has
   * ended: a live stream shows only after it closed.
   */
  answeredBy(method: string, path: string): (number | undefined)[];
  /** nginx's access and error log so far (for failure messages). */
  log(): string;
  close(): Promise<void>;
}

/**
 * The project's own nginx configuration (deploy/nginx/nginx.conf, the file compose mounts) in
 * front of API processes on 127.0.0.1: the config is copied into a temporary prefix next to a
 * generated upstream.conf (one `server 127.0.0.1:<port>` line per process) and listen.conf, and
 * nginx runs in the foreground from there. As root, nginx's workers drop to nobody; every path it
 * writes is under the prefix, so it also runs unprivileged.
 */
export async function startNginx(options: { port: number; apiPorts: number[] }): Promise<Nginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} is missing: install Debian's nginx (.ci/run does)`);
  }
  const root = path.resolve(import.meta.dirname, '../../../..');
  const prefix = mkdtempSync(path.join(tmpdir(), 'owo-nginx-'));
  // mkdtemp makes it 0700: nginx started as root runs its workers as nobody, which must reach
  // the temporary files it buffers large bodies and replies in (client_body_temp, proxy_temp).
  chmodSync(prefix, 0o755);
  copyFileSync(path.join(root, 'deploy/nginx/nginx.conf'), path.join(prefix, 'nginx.conf'));
  // Like compose's: a node that fails is left out for a while (its requests go to the others).
  writeFileSync(
    path.join(prefix, 'upstream.conf'),
    options.apiPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;\n`).join(''),
  );
  writeFileSync(path.join(prefix, 'listen.conf'), `listen 127.0.0.1:${options.port};\n`);
  // The config logs to /dev/stdout and stderr: a file (a socket cannot be opened as /dev/stdout).
  const logFile = path.join(prefix, 'nginx.log');
  const fd = openSync(logFile, 'a');
  const child = spawn(
    NGINX,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    { stdio: ['ignore', fd, fd] },
  );
  closeSync(fd);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const log = () => readFileSync(logFile, 'utf8');
  const close = async () => {
    if (!exited) {
      // SIGQUIT: nginx's graceful stop (workers finish their requests).
      child.kill('SIGQUIT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(killer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) {
      const text = log();
      await close();
      throw new Error(`nginx exited before it answered:\n${text}`);
    }
    try {
      await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const text = log();
      await close();
      throw new Error(`nginx did not answer within 10 s:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    origin,
    served() {
      const counts = new Map<number, number>();
      // The config's log format: … $request_time $upstream_addr $upstream_response_time $id;
      // a retried request names every address it tried ("a, b"), the last one answered.
      for (const match of log().matchAll(/127\.0\.0\.1:(\d+) [\d.-]+(?:, [\d.-]+)* \S+$/gm)) {
        const port = Number(match[1]);
        counts.set(port, (counts.get(port) ?? 0) + 1);
      }
      return counts;
    },
    answeredBy(method, path) {
      const ports: (number | undefined)[] = [];
      for (const line of log().split('\n')) {
        // … "$request" $status $body_bytes_sent $request_time $upstream_addr … (the config's format)
        const entry = /"(\S+) ([^\s?]+)\S* [^"]*" \d{3} \S+ \S+ (.*)$/.exec(line);
        if (!entry || entry[1] !== method || entry[2] !== path) continue;
        // A retried request names every address it tried; the last one answered.
        const tried = [...entry[3]!.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
        ports.push(tried.at(-1));
      }
      return ports;
    },
    log,
    close,
  };
}
