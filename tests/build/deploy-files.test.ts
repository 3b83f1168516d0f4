import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_IMAGE_BYTES } from '@owo/shared/constants';

/**
 * The deployment files (decision 0024), read the way Docker would read them, since no Docker runs
 * here: compose.yaml's services and what they point at, the Dockerfile's stages, .env.example's
 * names against config.ts, and nginx.conf checked by Debian's nginx itself (`nginx -t`).
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  ports?: string[];
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const apiNodes = ['api1', 'api2'];

/** The variables config.ts reads: the keys of its environment schema. */
const configVariables = new Set(
  [...read('apps/api/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!),
);
/** Names compose.yaml itself interpolates (${NAME...}). */
const composeVariables = new Set(
  [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!),
);

describe('compose.yaml', () => {
  it('has PostgreSQL, a migration step, two API nodes, nginx and an SMTP catcher', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['api1', 'api2', 'mailpit', 'migrate', 'nginx', 'postgres'].sort(),
    );
  });

  it('keeps PostgreSQL on a named volume, with a healthcheck the others wait for', () => {
    const postgres = services.postgres!;
    expect(postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('pgdata');
    expect(postgres.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  });

  it('runs the migrations once, then the API nodes from the same image', () => {
    const migrate = services.migrate!;
    expect(migrate.command).toEqual(['node', 'apps/api/dist/cli.js', 'migrate']);
    for (const name of apiNodes) {
      const node = services[name]!;
      expect(node.image).toBe(migrate.image);
      expect(node.build).toBe('.');
      expect(node.command).toBeUndefined();
      expect(node.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    }
  });

  it('configures every API process for production behind one proxy', () => {
    for (const name of ['migrate', ...apiNodes]) {
      const env = services[name]!.environment!;
      expect(env.NODE_ENV).toBe('production');
      expect(env.PROVIDER_MODE).toBe('live');
      expect(env.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
      expect(env.DATABASE_URL).toMatch(
        /^postgres:\/\/owo:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/owo$/,
      );
      expect(env.SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}');
      expect(services[name]!.env_file).toBe('.env');
      for (const variable of Object.keys(env)) expect(configVariables).toContain(variable);
    }
  });

  it('puts nginx in front of exactly the API nodes, with the project config files', () => {
    const nginx = services.nginx!;
    const mounts = nginx.volumes!.map((v) => v.split(':'));
    for (const [source] of mounts) expect(existsSync(path.join(root, source!))).toBe(true);
    expect(mounts.map(([source, target]) => [source, target])).toEqual([
      ['./deploy/nginx/nginx.conf', '/etc/nginx/nginx.conf'],
      ['./deploy/nginx/upstream.conf', '/etc/nginx/upstream.conf'],
      ['./deploy/nginx/listen.conf', '/etc/nginx/listen.conf'],
    ]);
    const upstreams = [...read('deploy/nginx/upstream.conf').matchAll(/^server (\S+?):(\d+)\b/gm)];
    expect(upstreams.map((m) => m[1])).toEqual(apiNodes);
    expect(upstreams.every((m) => m[2] === services.api1!.environment!.PORT)).toBe(true);
    const listen = /^listen (\d+);/m.exec(read('deploy/nginx/listen.conf'))?.[1];
    expect(nginx.ports).toEqual([`\${HTTP_PORT:-8080}:${listen}`]);
    for (const name of apiNodes) {
      expect(nginx.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
    }
    // `server … resolve` (a replaced node's new address) is in open-source nginx since 1.27.3.
    const [major, minor] = /^nginx:(\d+)\.(\d+)/.exec(nginx.image!)!.slice(1).map(Number);
    if (/\bresolve\b/.test(read('deploy/nginx/upstream.conf'))) {
      expect(major! * 1000 + minor!).toBeGreaterThanOrEqual(1028);
    }
  });

  it('points SMTP_URL at the catcher the compose file runs', () => {
    expect(services.mailpit!.image).toMatch(/^axllent\/mailpit:/);
    expect(services.api1!.depends_on?.mailpit).toEqual({ condition: 'service_started' });
  });
});

describe('.env.example', () => {
  const names = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);

  it('names only variables the API or compose.yaml reads', () => {
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !configVariables.has(n) && !composeVariables.has(n))).toEqual([]);
  });

  it('leaves out what compose.yaml sets for every node', () => {
    const setByCompose = ['NODE_ENV', 'PROVIDER_MODE', 'DATABASE_URL', 'PORT'];
    expect(names.filter((n) => setByCompose.includes(n))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs the compiled API as a non-root user on Node 20 with production dependencies', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev --workspace @owo\/api/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toContain('CMD ["node", "apps/api/dist/server.js"]');
    expect(runtime).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD \["node", "-e", "[^\n]*\/api\/ready/);
    // The runtime stage takes node_modules from the production-only stage, not the build's.
    expect(runtime).toContain('COPY --from=deps /app ./');
    expect(runtime).not.toMatch(/COPY --from=build \/app\/node_modules/);
  });

  it('copies only paths that exist in the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(\S+)/gm)].map((m) => m[1]!);
    for (const source of sources.filter((s) => s !== '.')) {
      expect(existsSync(path.join(root, source)), source).toBe(true);
      expect(
        ignored.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)),
      ).toBe(false);
    }
  });
});

describe.skipIf(!existsSync('/usr/sbin/nginx'))('deploy/nginx/nginx.conf', () => {
  const conf = read('deploy/nginx/nginx.conf');

  it('accepts an upload of the largest image the API takes', () => {
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(conf)?.[1]);
    expect(megabytes * 1024 * 1024).toBeGreaterThan(MAX_IMAGE_BYTES);
  });

  it('passes `nginx -t` with templated includes, unprivileged paths under its prefix', () => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'owo-nginx-'));
    try {
      copyFileSync(path.join(root, 'deploy/nginx/nginx.conf'), path.join(prefix, 'nginx.conf'));
      writeFileSync(
        path.join(prefix, 'upstream.conf'),
        'server 127.0.0.1:1;\nserver 127.0.0.1:2;\n',
      );
      writeFileSync(path.join(prefix, 'listen.conf'), 'listen 127.0.0.1:1;\n');
      const check = spawnSync(
        '/usr/sbin/nginx',
        ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'],
        // The access log is /dev/stdout, which cannot be opened on a socket (Node's 'pipe').
        { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
