import { rmSync } from 'node:fs';
import { haDown } from './topology';
import { parseHaOptions } from './cli-options';

/** `npm run ha:down [-- options] [--clean]`: stops the topology; --clean also deletes its data. */
const { options, values } = parseHaOptions(process.argv.slice(2));
await haDown(options);
if (values.clean) rmSync(options.workDir, { recursive: true, force: true });
console.log(`ha:down: stopped${values.clean ? `, ${options.workDir} removed` : ''}`);
