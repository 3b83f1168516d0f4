import { stringify } from 'yaml';
import type { HaOptions } from './topology';

/**
 * The configuration files of the one-machine topology, laid out as Patroni's and pgBackRest's
 * own documentation lays them out (docs/decisions/0051 says what was chosen and why). The same
 * settings, with real hosts instead of 127.0.0.1, are the three-machine production layout in
 * deploy/ha/.
 */

export interface HaPorts {
  etcdClient: number;
  etcdPeer: number;
  /** One PostgreSQL port per member. */
  postgres: number[];
  /** One Patroni REST port per member (HAProxy's health checks, the tests' role queries). */
  patroniRest: number[];
  haproxyWrite: number;
  haproxyRead: number;
}

export function etcdArgs(options: HaOptions, dataDir: string): string[] {
  const client = `http://127.0.0.1:${options.ports.etcdClient}`;
  const peer = `http://127.0.0.1:${options.ports.etcdPeer}`;
  return [
    '--name=owo-etcd-1',
    `--data-dir=${dataDir}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=owo-etcd-1=${peer}`,
    '--initial-cluster-state=new',
    `--initial-cluster-token=${options.scope}`,
  ];
}

/**
 * Timing of the leader lease (Patroni's documented rule: loop_wait + 2 * retry_timeout <= ttl).
 * A leader killed with its Patroni holds its key until the TTL runs out: ttl bounds the time to
 * detect the loss, loop_wait how soon the standby notices. Shorter than Patroni's defaults (30,
 * 10, 10) so the tests and the measured RTO are seconds, not half a minute; still long enough
 * that a busy machine's pause does not demote a healthy leader.
 */
export const LEASE = { ttl: 12, loop_wait: 2, retry_timeout: 5 };

export function patroniConfig(
  options: HaOptions,
  i: number,
  paths: { data: string; bin: string; socketDir: string; pgbackrestConfig: string; pgpass: string },
): string {
  const name = `pg${i + 1}`;
  const rest = `127.0.0.1:${options.ports.patroniRest[i]}`;
  const pgPort = options.ports.postgres[i]!;
  const archive = `pgbackrest --config=${paths.pgbackrestConfig} --stanza=${options.scope} archive-push %p`;
  return stringify({
    scope: options.scope,
    name,
    restapi: { listen: rest, connect_address: rest },
    etcd3: { hosts: [`127.0.0.1:${options.ports.etcdClient}`] },
    bootstrap: {
      // Written to etcd once, by the member that bootstraps; later changes go through
      // `patronictl edit-config`.
      dcs: {
        ...LEASE,
        maximum_lag_on_failover: 1_048_576,
        // Every commit waits for the standby to have it on disk: an acknowledged write survives
        // the loss of the primary, and only the synchronous standby may be promoted.
        synchronous_mode: true,
        // Not strict: with the standby gone, the primary goes on alone rather than refuse every
        // write (decision 0051).
        synchronous_mode_strict: false,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            // pg_rewind needs either checksums (initdb below) or hint bits logged.
            wal_log_hints: 'on',
            max_wal_senders: 10,
            max_replication_slots: 10,
            max_connections: 200,
            archive_mode: 'on',
            archive_timeout: '60s',
            synchronous_commit: 'on',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
      pg_hba: [
        'local all all trust',
        'host replication replicator 127.0.0.1/32 trust',
        'host all all 127.0.0.1/32 trust',
      ],
    },
    postgresql: {
      listen: `127.0.0.1:${pgPort}`,
      connect_address: `127.0.0.1:${pgPort}`,
      data_dir: paths.data,
      bin_dir: paths.bin,
      pgpass: paths.pgpass,
      authentication: {
        // One machine, loopback only, trust in pg_hba: the passwords are never checked here.
        // The production layout (deploy/ha/) uses scram-sha-256 with secrets.
        superuser: { username: 'postgres', password: 'postgres' },
        replication: { username: 'replicator', password: 'replicator' },
        rewind: { username: 'rewinder', password: 'rewinder' },
      },
      parameters: {
        unix_socket_directories: paths.socketDir,
        // Each member archives with its own pgBackRest configuration (its own data directory).
        archive_command: archive,
      },
      // A member that was down long enough for the leader to recycle the WAL it needs (its slot
      // is dropped while its member key is gone: a killed primary coming back to be rewound)
      // takes the missing segments from the archive instead of waiting for them forever.
      recovery_conf: {
        restore_command: `pgbackrest --config=${paths.pgbackrestConfig} --stanza=${options.scope} archive-get %f "%p"`,
      },
      create_replica_methods: ['basebackup'],
      basebackup: [{ checkpoint: 'fast' }],
    },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  });
}

/** pgBackRest's log and lock directories of one member (it does not create them itself). */
export const pgbackrestDirs = (memberDir: string) => [
  `${memberDir}/pgbackrest-log`,
  `${memberDir}/pgbackrest-lock`,
];

export function pgbackrestConfig(
  options: HaOptions,
  i: number,
  paths: { repo: string; dir: string; data: string },
): string {
  return [
    '[global]',
    `repo1-path=${paths.repo}`,
    'repo1-retention-full=2',
    `log-path=${paths.dir}/pgbackrest-log`,
    `lock-path=${paths.dir}/pgbackrest-lock`,
    'log-level-console=warn',
    'log-level-file=info',
    // An immediate checkpoint: the backup starts now instead of at the next scheduled one.
    'start-fast=y',
    'compress-type=lz4',
    '',
    `[${options.scope}]`,
    `pg1-path=${paths.data}`,
    `pg1-port=${options.ports.postgres[i]}`,
    `pg1-socket-path=${paths.dir}/../run`,
    'pg1-user=postgres',
    '',
  ].join('\n');
}

/**
 * HAProxy as Patroni's documentation shows it (haproxy.cfg in its repository): TCP mode, the
 * write port checks each member's Patroni REST `/primary`, the read port `/replica`; a member
 * marked down has its sessions cut (on-marked-down shutdown-sessions) so clients reconnect to
 * the new leader instead of hanging on the old one.
 */
export function haproxyConfig(options: HaOptions): string {
  const servers = (port: 'postgres') =>
    options.ports[port]
      .map(
        (pgPort, i) =>
          `    server pg${i + 1} 127.0.0.1:${pgPort} maxconn 150 check port ${options.ports.patroniRest[i]}`,
      )
      .join('\n');
  return `global
    maxconn 400

defaults
    mode tcp
    retries 2
    timeout client 30m
    timeout server 30m
    timeout connect 4s
    timeout check 3s

listen primary
    bind 127.0.0.1:${options.ports.haproxyWrite}
    option httpchk OPTIONS /primary
    http-check expect status 200
    default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
${servers('postgres')}

listen replicas
    bind 127.0.0.1:${options.ports.haproxyRead}
    balance roundrobin
    option httpchk OPTIONS /replica
    http-check expect status 200
    default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
${servers('postgres')}
`;
}
