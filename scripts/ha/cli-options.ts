import { parseArgs } from 'node:util';
import path from 'node:path';
import { defaultOptions, type HaOptions } from './topology';

const ports = (text: string) => text.split(',').map((p) => Number(p.trim()));

/**
 * `ha:up` / `ha:down` options; the defaults clash with nothing else on a developer's machine or
 * CI (5432 is the system PostgreSQL, 3200-3259 the browser tests'):
 *   --work-dir DIR          (default $TMPDIR/owo-ha)
 *   --etcd-port N           client port, the peer port is N+1 (default 12379)
 *   --pg-ports A,B          one PostgreSQL port per member (default 15432,15433)
 *   --rest-ports A,B        one Patroni REST port per member (default 18008,18009)
 *   --write-port N          HAProxy's port to the primary (default 15500)
 *   --read-port N           HAProxy's port to the replicas (default 15501)
 *   --clean                 (ha:down) also delete the work directory and its data
 */
export function parseHaOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      'work-dir': { type: 'string' },
      'etcd-port': { type: 'string' },
      'pg-ports': { type: 'string' },
      'rest-ports': { type: 'string' },
      'write-port': { type: 'string' },
      'read-port': { type: 'string' },
      // ha:down only: also delete the work directory.
      clean: { type: 'boolean' },
    },
  });
  const base = defaultOptions();
  const etcd = values['etcd-port'] ? Number(values['etcd-port']) : base.ports.etcdClient;
  const options: HaOptions = {
    ...base,
    workDir: values['work-dir'] ? path.resolve(String(values['work-dir'])) : base.workDir,
    ports: {
      etcdClient: etcd,
      etcdPeer: values['etcd-port'] ? etcd + 1 : base.ports.etcdPeer,
      postgres: values['pg-ports'] ? ports(String(values['pg-ports'])) : base.ports.postgres,
      patroniRest: values['rest-ports']
        ? ports(String(values['rest-ports']))
        : base.ports.patroniRest,
      haproxyWrite: values['write-port'] ? Number(values['write-port']) : base.ports.haproxyWrite,
      haproxyRead: values['read-port'] ? Number(values['read-port']) : base.ports.haproxyRead,
    },
  };
  if (options.ports.postgres.length !== options.ports.patroniRest.length) {
    throw new Error('--pg-ports and --rest-ports need one port per member each');
  }
  return { options, values };
}
