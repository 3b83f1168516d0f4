// zod/v4/core's config alone: importing 'zod' here would pull all of zod into the App chunk.
import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it may; to find out, it tries one, and
 * under our Content-Security-Policy (no 'unsafe-eval', docs/decisions/0014) that try is reported
 * as a violation on the console even though zod catches it and parses without compiling. The app
 * gains nothing from compiled parsers on forms this size, so it says so up front.
 */
config({ jitless: true });
