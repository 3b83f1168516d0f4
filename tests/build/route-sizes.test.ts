import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ROUTES,
  LANDING_BUDGET_BYTES,
  ROUTE_BUDGET_BYTES,
  routeJsSizes,
  routeLazyModules,
  // @ts-expect-error -- a plain .mjs script shared with the CLI; its JSDoc gives the shape.
} from '../../apps/web/scripts/route-sizes.mjs';

interface RouteSize {
  route: string;
  budget: number;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

// WEB_BUILD_DIR: measure another build (e.g. one made with --outDir) without touching dist.
const dist = path.resolve(process.env.WEB_BUILD_DIR || 'apps/web/dist');

// The route budgets: a build that loads more gzipped JavaScript on a customer route fails here.
describe('web build: JavaScript per customer route', () => {
  const sizes = routeJsSizes(dist) as RouteSize[];
  const byRoute = new Map(sizes.map((row) => [row.route, row]));

  it('reads every customer route, with its lazy modules, from the router source', () => {
    const lazy = routeLazyModules() as Map<string, string[]>;
    for (const route of CUSTOMER_ROUTES as string[]) expect(lazy.has(route)).toBe(true);
    expect(lazy.get('/')).toEqual([]);
    expect(lazy.get('/home')).toEqual([
      'src/app/layouts/TabLayout.tsx',
      'src/features/home/routes/HomePage.tsx',
    ]);
    expect(sizes.map((row) => row.route)).toEqual(CUSTOMER_ROUTES);
  });

  it('counts the router and the page on app routes, and neither on landing', () => {
    const chunk = (route: string, name: string) =>
      byRoute.get(route)!.files.some((file) => path.basename(file).startsWith(`${name}-`));
    expect(chunk('/', 'App')).toBe(false);
    for (const route of (CUSTOMER_ROUTES as string[]).filter((r) => r !== '/')) {
      expect(chunk(route, 'App'), route).toBe(true);
    }
    expect(chunk('/home', 'HomePage')).toBe(true);
    expect(chunk('/home', 'TabLayout')).toBe(true);
    expect(chunk('/transactions', 'HistoryPage')).toBe(true);
    expect(chunk('/utility', 'UtilityPage')).toBe(true);
    expect(chunk('/home', 'UtilityPage')).toBe(false);
  });

  it('loads at most 100 KB gzipped on landing and 180 KB on any other customer route', () => {
    expect(LANDING_BUDGET_BYTES).toBe(100 * 1024);
    expect(ROUTE_BUDGET_BYTES).toBe(180 * 1024);
    const over = sizes
      .filter((row) => row.gzipBytes > row.budget)
      .map((row) => `${row.route}: ${row.gzipBytes} bytes gzipped > ${row.budget}`);
    expect(over).toEqual([]);
    expect(byRoute.get('/')!.budget).toBe(LANDING_BUDGET_BYTES);
  });
});
