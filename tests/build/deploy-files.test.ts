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
  build?: string | { context: string; dockerfile: string };
  user?: string;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean; start_period?: string };
  volumes?: string[];
  ports?: string[];
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const apiNodes = ['api1', 'api2'];
const etcdMembers = ['etcd1', 'etcd2', 'etcd3'];
const pgMembers = ['pg1', 'pg2', 'pg3'];

/** The variables config.ts reads: the keys of its environment schema. */
const configVariables = new Set(
  [...read('apps/api/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!),
);
/** Names compose.yaml itself interpolates (${NAME...}). */
const composeVariables = new Set(
  [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!),
);

describe('compose.yaml', () => {
  it('has the database tier, a migration step, two API nodes, nginx and an SMTP catcher', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        ...etcdMembers,
        ...pgMembers,
        'haproxy',
        'migrate',
        'api1',
        'api2',
        'nginx',
        'mailpit',
      ].sort(),
    );
  });

  it('starts the migration once HAProxy reaches a leader', () => {
    expect(services.migrate!.depends_on).toEqual({ haproxy: { condition: 'service_healthy' } });
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
      // Through HAProxy, never to a member: its write port follows Patroni's leader, its read
      // port the replicas (decisions 0051, 0052).
      expect(env.DATABASE_URL).toMatch(
        /^postgres:\/\/owo:\$\{POSTGRES_PASSWORD:\?[^}]+\}@haproxy:5000\/owo$/,
      );
      expect(env.DATABASE_READ_URL).toMatch(
        /^postgres:\/\/owo:\$\{POSTGRES_PASSWORD:\?[^}]+\}@haproxy:5001\/owo$/,
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

describe('compose.yaml: the database tier (decisions 0051, 0053)', () => {
  const patroni = parse(read('deploy/ha/compose/patroni.yml')) as {
    scope: string;
    restapi: { listen: string };
    etcd3: { hosts: string[] };
    bootstrap: { dcs: Record<string, unknown>; pg_hba: string[]; post_bootstrap: string };
    postgresql: { listen: string; data_dir: string };
  };
  const production = parse(read('deploy/ha/patroni.yml')) as typeof patroni;
  const restPort = patroni.restapi.listen.split(':')[1];
  const pgPort = patroni.postgresql.listen.split(':')[1];

  it('runs etcd as a quorum of three, each member its own name, peers and volume', () => {
    const cluster = etcdMembers.map((m) => `${m}=http://${m}:2380`).join(',');
    for (const name of etcdMembers) {
      const etcd = services[name]!;
      const env = etcd.environment!;
      expect(etcd.command).toEqual(['etcd']);
      expect(env.ETCD_NAME).toBe(name);
      expect(env.ETCD_INITIAL_CLUSTER).toBe(cluster);
      expect(env.ETCD_INITIAL_CLUSTER_STATE).toBe('new');
      expect(env.ETCD_INITIAL_ADVERTISE_PEER_URLS).toBe(`http://${name}:2380`);
      expect(env.ETCD_ADVERTISE_CLIENT_URLS).toBe(`http://${name}:2379`);
      expect(env.ETCD_LISTEN_CLIENT_URLS).toBe('http://0.0.0.0:2379');
      expect(env.ETCD_LISTEN_PEER_URLS).toBe('http://0.0.0.0:2380');
      expect(env.ETCD_DATA_DIR!.startsWith('/var/lib/etcd/')).toBe(true);
      expect(etcd.volumes).toEqual([`${name}:/var/lib/etcd`]);
      expect(compose.volumes).toHaveProperty(name);
      expect(etcd.healthcheck?.test).toContain('etcdctl');
      expect(etcd.healthcheck?.test?.slice(-2)).toEqual(['endpoint', 'health']);
    }
    // Patroni keeps its leader lease in all three.
    expect(patroni.etcd3.hosts).toEqual(etcdMembers.map((m) => `${m}:2379`));
  });

  it('runs three Patroni members with the production layout’s synchronous settings', () => {
    // The same cluster-wide settings as the three-machine layout, synchronous and not strict.
    expect(patroni.bootstrap.dcs).toEqual(production.bootstrap.dcs);
    expect(patroni.bootstrap.dcs).toMatchObject({
      synchronous_mode: true,
      synchronous_mode_strict: false,
      synchronous_node_count: 1,
    });
    const parameters = (patroni.bootstrap.dcs.postgresql as { parameters: Record<string, string> })
      .parameters;
    expect(parameters.archive_mode).toBe('on');
    expect(parameters.archive_command).toMatch(/^pgbackrest --stanza=owo archive-push %p$/);
    expect(patroni.scope).toBe('owo');
    // Passwords are checked between members; nothing is trusted.
    expect(patroni.bootstrap.pg_hba.some((line) => /\btrust\b/.test(line))).toBe(false);
    expect(patroni.bootstrap.pg_hba).toContain('host replication replicator samenet scram-sha-256');

    const dataVolumes = new Set<string>();
    for (const name of pgMembers) {
      const member = services[name]!;
      const env = member.environment!;
      expect(member.image).toBe(services.etcd1!.image);
      expect(member.build).toEqual({ context: './deploy/ha', dockerfile: 'Dockerfile.patroni' });
      expect(member.command).toBeUndefined();
      expect(member.user).toBeUndefined();
      expect(env.PATRONI_NAME).toBe(name);
      expect(env.PATRONI_RESTAPI_CONNECT_ADDRESS).toBe(`${name}:${restPort}`);
      expect(env.PATRONI_POSTGRESQL_CONNECT_ADDRESS).toBe(`${name}:${pgPort}`);
      expect(env.OWO_DB_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/);
      expect(member.env_file).toBe('.env.db');
      const mounts = member.volumes!.map((v) => v.split(':'));
      for (const [source] of mounts.filter(([source]) => source!.startsWith('./'))) {
        expect(existsSync(path.join(root, source!)), source).toBe(true);
      }
      expect(mounts.map(([source, target]) => [source, target])).toEqual([
        ['./deploy/ha/compose/patroni.yml', '/etc/patroni/config.yml'],
        ['./deploy/ha/compose/post-bootstrap.sh', '/etc/patroni/post-bootstrap.sh'],
        ['./deploy/ha/compose/pgbackrest.conf', '/etc/pgbackrest.conf'],
        ['pgbackrest', '/var/lib/pgbackrest'],
        [name, '/var/lib/postgresql/15'],
      ]);
      expect(patroni.postgresql.data_dir.startsWith('/var/lib/postgresql/15/')).toBe(true);
      dataVolumes.add(name);
      expect(member.healthcheck?.test?.join(' ')).toContain(`127.0.0.1:${restPort}/health`);
      for (const etcd of etcdMembers) {
        expect(member.depends_on?.[etcd]).toEqual({ condition: 'service_healthy' });
      }
    }
    expect(dataVolumes.size).toBe(pgMembers.length);
    for (const volume of [...pgMembers, 'pgbackrest'])
      expect(compose.volumes).toHaveProperty(volume);
  });

  it('bootstraps the API’s role and database and pgBackRest’s stanza and first backup', () => {
    expect(patroni.bootstrap.post_bootstrap).toBe('sh /etc/patroni/post-bootstrap.sh');
    const script = read('deploy/ha/compose/post-bootstrap.sh');
    expect(script).toMatch(/^set -eu$/m);
    expect(script).toContain(`create role owo login password :'password';`);
    expect(script).toContain('grant pg_read_all_settings to owo;');
    expect(script).toContain('create database owo owner owo;');
    expect(script).toContain('-v password="$OWO_DB_PASSWORD"');
    expect(script).toMatch(/^pgbackrest --stanza=owo stanza-create$/m);
    expect(script).toMatch(/^pgbackrest --stanza=owo --type=full backup$/m);
    const pgbackrest = read('deploy/ha/compose/pgbackrest.conf');
    expect(pgbackrest).toMatch(/^repo1-path=\/var\/lib\/pgbackrest$/m);
    expect(pgbackrest).toContain(`pg1-path=${patroni.postgresql.data_dir}\n`);
  });

  it('puts HAProxy in front: the write port checks /primary, the read port /replica', () => {
    const haproxy = services.haproxy!;
    expect(haproxy.image).toBe(services.pg1!.image);
    expect(haproxy.user).toBe('haproxy');
    const config = read('deploy/ha/compose/haproxy.cfg');
    const mounted = haproxy.volumes!.map((v) => v.split(':'));
    expect(mounted).toEqual([
      ['./deploy/ha/compose/haproxy.cfg', '/usr/local/etc/haproxy/haproxy.cfg', 'ro'],
    ]);
    expect(haproxy.command).toContain('/usr/local/etc/haproxy/haproxy.cfg');
    const listen = (name: string) => {
      const block = new RegExp(`^listen ${name}\\n((?: {4}.*\\n)+)`, 'm').exec(config)?.[1] ?? '';
      return {
        bind: /^ {4}bind \*:(\d+)$/m.exec(block)?.[1],
        check: /^ {4}option httpchk OPTIONS (\S+)$/m.exec(block)?.[1],
        expect: /^ {4}http-check expect status 200$/m.test(block),
        cutsSessions: /on-marked-down shutdown-sessions/.test(block),
        servers: [...block.matchAll(/^ {4}server (\S+) (\S+):(\d+) .*check port (\d+)$/gm)].map(
          (m) => ({ name: m[1], host: m[2], port: m[3], checkPort: m[4] }),
        ),
      };
    };
    const every = pgMembers.map((m) => ({ name: m, host: m, port: pgPort, checkPort: restPort }));
    expect(listen('primary')).toEqual({
      bind: '5000',
      check: '/primary',
      expect: true,
      cutsSessions: true,
      servers: every,
    });
    expect(listen('replicas')).toEqual({
      bind: '5001',
      check: '/replica',
      expect: true,
      cutsSessions: true,
      servers: every,
    });
    expect(haproxy.healthcheck?.test).toEqual(expect.arrayContaining(['pg_isready', '-p', '5000']));
    for (const member of pgMembers) {
      expect(haproxy.depends_on?.[member]).toEqual({ condition: 'service_started' });
    }
  });

  it.skipIf(!existsSync('/usr/sbin/haproxy'))('passes `haproxy -c` (Debian’s HAProxy)', () => {
    const check = spawnSync(
      '/usr/sbin/haproxy',
      ['-c', '-f', path.join(root, 'deploy/ha/compose/haproxy.cfg')],
      { encoding: 'utf8', timeout: 10_000 },
    );
    expect(`${check.stdout}${check.stderr}`).toContain('Configuration file is valid');
    expect(check.status).toBe(0);
  });

  it('builds the image from Debian bookworm’s packages, PostgreSQL run as postgres', () => {
    const dockerfile = read('deploy/ha/Dockerfile.patroni');
    expect(dockerfile).toMatch(/^FROM debian:bookworm-slim$/m);
    for (const pkg of [
      'postgresql-15',
      'patroni',
      'python3-etcd',
      'pgbackrest',
      'etcd-server',
      'etcd-client',
      'haproxy',
    ]) {
      expect(dockerfile).toMatch(new RegExp(`\\s${pkg}\\s`));
    }
    expect(dockerfile).toContain('create_main_cluster = false');
    expect(dockerfile).toMatch(/^USER postgres$/m);
    expect(dockerfile).toContain('CMD ["patroni", "/etc/patroni/config.yml"]');
    expect(services.etcd1!.user).toBe('etcd');
  });

  it('keeps the tier’s passwords in .env.db, which git ignores and the API never reads', () => {
    const names = [...read('.env.db.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(names.sort()).toEqual(
      [
        'PATRONI_REPLICATION_PASSWORD',
        'PATRONI_REWIND_PASSWORD',
        'PATRONI_SUPERUSER_PASSWORD',
      ].sort(),
    );
    expect(read('.gitignore').split('\n')).toContain('.env.db');
    for (const name of ['migrate', ...apiNodes]) expect(services[name]!.env_file).toBe('.env');
  });
});

describe('.env.example', () => {
  const names = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);

  it('names only variables the API or compose.yaml reads', () => {
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => !configVariables.has(n) && !composeVariables.has(n))).toEqual([]);
  });

  it('leaves out what compose.yaml sets for every node', () => {
    const setByCompose = ['NODE_ENV', 'PROVIDER_MODE', 'DATABASE_URL', 'DATABASE_READ_URL', 'PORT'];
    expect(names.filter((n) => setByCompose.includes(n))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('runs the compiled API as a non-root user on Node 24 LTS (decision 0062) with production dependencies', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
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
