// `npm run demo`: a demo customer, an admin and three weeks of history (sandbox mode only).
// The work is in apps/api/src/modules/sandbox/demo/run.ts.
import { runDemo } from '../apps/api/src/modules/sandbox/demo/run';

process.exit(await runDemo());
