import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script shared with the CLI; its JSDoc gives the shape.
import { LANDING_LIMIT_BYTES, landingJsSize } from '../../apps/web/scripts/landing-size.mjs';

describe('web build', () => {
  it('loads at most 100 KB of gzipped JavaScript for the landing page', () => {
    const { files, gzipBytes } = landingJsSize(path.resolve('apps/web/dist')) as {
      files: string[];
      gzipBytes: number;
    };
    expect(files.length).toBeGreaterThan(0);
    expect(LANDING_LIMIT_BYTES).toBe(100 * 1024);
    expect(gzipBytes).toBeLessThanOrEqual(LANDING_LIMIT_BYTES);
  });
});
