/**
 * What the server does up to listening, with the environment's configuration: the runtime (the
 * database, the mailer, the suppliers) and the whole app. The import-graph test runs this under
 * the load hook and reads which modules were loaded.
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createRuntime } from '../../src/runtime';

const config = loadConfig();
const deps = await createRuntime(config, { startSandbox: true });
const app = await buildApp(deps);
await app.ready();
// A page to open once booted (OWO_BOOT_VISIT), for what loads only on a first visit.
const visit = process.env.OWO_BOOT_VISIT;
if (visit) {
  const reply = await app.inject({ method: 'GET', url: visit });
  if (reply.statusCode !== 200) throw new Error(`GET ${visit}: ${reply.statusCode}`);
}
await app.close();
await deps.close();
console.log('BOOTED');
