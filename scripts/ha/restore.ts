import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { layout, pgbackrest, postgresUser, type HaOptions } from './topology';

/**
 * Point-in-time recovery from the topology's pgBackRest repository into a fresh data directory:
 * the newest full backup taken before `target`, then the archived WAL replayed up to `target`,
 * then promoted (a new timeline; the destroyed cluster's later history is never replayed).
 * The README's runbook does the same by hand.
 */
export function restoreToTime(options: HaOptions, target: string, dataDir: string) {
  const user = postgresUser();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chownSync(dataDir, user.uid, user.gid);
  pgbackrest(options, 0, [
    `--pg1-path=${dataDir}`,
    '--type=time',
    `--target=${target}`,
    '--target-action=promote',
    'restore',
  ]);
}

/**
 * Starts a restored data directory as a stand-alone server on `port` (as `postgres`) and waits
 * for it to finish recovery. The restored configuration is Patroni's: its synchronous standby
 * names and archiving are switched off on the command line, so the lone server neither waits for
 * a standby that does not exist nor archives a new timeline into the repository it came from, and
 * its pg_hba.conf and pg_ident.conf are the restored ones (Patroni names them by absolute path, in
 * the data directory that was destroyed).
 */
export function startRestored(options: HaOptions, dataDir: string, port: number) {
  const user = postgresUser();
  const socketDir = layout(options).run;
  const log = path.join(layout(options).logs, `restored-${port}.log`);
  try {
    execFileSync(
      '/usr/lib/postgresql/15/bin/pg_ctl',
      [
        '-D',
        dataDir,
        '-l',
        log,
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir} -c hba_file=${dataDir}/pg_hba.conf -c ident_file=${dataDir}/pg_ident.conf -c synchronous_standby_names= -c archive_mode=off -c hot_standby=on`,
        '-w',
        '-t',
        '300',
        'start',
      ],
      { uid: user.uid, gid: user.gid, encoding: 'utf8', cwd: options.workDir },
    );
  } catch (error) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-3_000) : '(no log)';
    throw new Error(`the restored server did not start: ${String(error)}\n${tail}`);
  }
}

export function stopRestored(dataDir: string) {
  const user = postgresUser();
  execFileSync('/usr/lib/postgresql/15/bin/pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'], {
    uid: user.uid,
    gid: user.gid,
    encoding: 'utf8',
  });
}
