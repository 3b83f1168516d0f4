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

// /home's own copy of index.html (the API sends it for /home): the home screen prerendered into a
// template the boot script shows while the app loads (src/app/HomeShell.tsx).
describe('web build: prerendered home screen', () => {
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const home = readFileSync(path.join(dist, 'home.html'), 'utf8');
  const shell = /<template id="owo-shell:\/home">([\s\S]*?)<\/template>/.exec(home)?.[1] ?? '';

  it('is index.html with the home template before the boot shell, without the landing page', () => {
    expect(shell).not.toBe('');
    const landing = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/.exec(index)![0];
    expect(landing).toContain('<h1');
    expect(home.replace(/<template id="owo-shell:\/home">[\s\S]*?<\/template>/, '')).toBe(
      index.replace(landing, '<div id="root"></div>'),
    );
    expect(home).toContain(`</template>${BOOT_SHELL_HTML}<div id="root">`);
    expect(index).not.toContain('<template id="owo-shell:');
  });

  it("shows the screen's fixed parts, skeletons for the customer's own, and built images", () => {
    expect(shell).toContain('Quick services');
    expect(shell).toContain('Wallet balance');
    expect(shell).toContain('aria-label="Promotions"');
    expect(shell).toContain('animate-pulse');
    // No customer's data can be in a file built before anyone signed in: no balance, no name.
    expect(shell).not.toMatch(/₦[\d,]+\.\d\d/);
    expect(shell).not.toContain('Hi, ');
    const images = [...shell.matchAll(/<img [^>]*src="\/([^"]+)"/g)].map((m) => m[1]!);
    expect(images).toHaveLength(1);
    for (const file of images) {
      expect(file).toMatch(/^assets\/banner-1-[\w-]+\.webp$/);
      expect(readFileSync(path.join(dist, file)).length).toBeGreaterThan(0);
    }
  });

  it('preloads the first banner with the /home route, not on other routes', () => {
    const route = (name: string) =>
      new RegExp(`<template id="owo-route:${name}">([\\s\\S]*?)</template>`).exec(index)?.[1] ?? '';
    expect(route('/home')).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="\/assets\/banner-1-/,
    );
    expect(route('/data')).not.toContain('as="image"');
  });
});
