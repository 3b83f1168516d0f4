// `node --import tsx --import ./register.mjs`: registered after tsx, so this hook sees every load
// first (including the TypeScript sources tsx compiles) and hands it on to tsx.
import { register } from 'node:module';

register('./load-hook.mjs', import.meta.url);
