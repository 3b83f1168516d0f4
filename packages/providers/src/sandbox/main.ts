/**
 * Runs the sandbox on its own: `npx tsx packages/providers/src/sandbox/main.ts`
 * (SANDBOX_PORT, default 3001; SANDBOX_HOST, default 127.0.0.1).
 */
import { SANDBOX_DEFAULT_PORT, SANDBOX_KEYS, startSandbox } from './server';

const port = Number(process.env.SANDBOX_PORT || SANDBOX_DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SANDBOX_PORT must be a port number, got "${process.env.SANDBOX_PORT}"`);
  process.exit(1);
}

const sandbox = await startSandbox({ port, host: process.env.SANDBOX_HOST || undefined });
console.log(`Provider sandbox listening on port ${sandbox.port}`);
for (const [supplier, url] of Object.entries(sandbox.baseUrls))
  console.log(`  ${supplier}: ${url}`);
console.log(`  keys: ${JSON.stringify(SANDBOX_KEYS)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
