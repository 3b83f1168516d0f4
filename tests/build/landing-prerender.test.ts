import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BOOT_SHELL_HTML,
  LANDING_GUARD_SCRIPT,
  LANDING_GUARD_STYLE,
} from '@owo/shared/landing-guard-script';
import { contentSecurityPolicy } from '../../apps/api/src/plugins/security-headers';

// WEB_BUILD_DIR: check another build (e.g. one made with --outDir) without touching dist.
const dist = path.resolve(process.env.WEB_BUILD_DIR || 'apps/web/dist');

// The landing page is prerendered into index.html (apps/web/scripts/prerender-landing.ts) and
// started by one inline script, which the API's Content-Security-Policy allows by its hash: if
// the two drift apart, browsers refuse the script and the app never starts.
describe('web build: prerendered landing page', () => {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

  it('carries the landing page and no render-blocking stylesheet or script', () => {
    expect(html).toMatch(/<div id="root"><main[^>]*>[\s\S]*<h1[^>]*>/);
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    // The entry starts from a template (after the first paint on "/"), not from the head.
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).toMatch(/<template id="owo-entry"><script type="module"/);
  });

  it('carries the boot shell outside #root, shown only off the landing page', () => {
    expect(html).toContain(`${BOOT_SHELL_HTML}<div id="root">`);
    expect(html).toContain(LANDING_GUARD_STYLE);
    expect(LANDING_GUARD_STYLE).toContain('#owo-boot-shell{display:none}');
    expect(LANDING_GUARD_STYLE).toContain('html[data-owo-boot=app] #owo-boot-shell{display:flex');
  });

  it('has exactly one inline script, the shared one, allowed by the CSP hash', () => {
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([LANDING_GUARD_SCRIPT]);
    expect(() => new Function(LANDING_GUARD_SCRIPT)).not.toThrow();
    const hash = createHash('sha256').update(LANDING_GUARD_SCRIPT).digest('base64');
    expect(contentSecurityPolicy.directives['script-src']).toContain(`'sha256-${hash}'`);
  });
});
