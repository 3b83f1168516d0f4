import { haUp, readUrl, writeUrl } from './topology';
import { parseHaOptions } from './cli-options';

/** `npm run ha:up [-- options]`: the database tier on this machine (see cli-options.ts). */
const { options } = parseHaOptions(process.argv.slice(2));
const started = Date.now();
await haUp(options, (line) => console.log(`ha:up: ${line}`));
console.log(
  `ha:up: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (work dir ${options.workDir})`,
);
console.log(`DATABASE_URL=${writeUrl(options)}`);
console.log(`DATABASE_READ_URL=${readUrl(options)}`);
