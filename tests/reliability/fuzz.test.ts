import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOAK } from './support/env';
import { expectMoneyInvariants } from './support/invariants';
import type { FuzzCase } from './support/fuzz/cases';
import { changedTables, snapshot, WRITTEN_BY_REFUSED_ATTEMPTS } from './support/fuzz/db-snapshot';
import { routeCases, spread } from './support/fuzz/plan';
import { settleEndless } from './support/fuzz/endless-reply';
import { unclearRefusal } from './support/fuzz/reply-check';
import { ROUTE_HINTS, routeInputs } from './support/fuzz/route-inputs';
import { freshSession, makeWorld, type World } from './support/fuzz/world';

/**
 * Bad input: requests generated from the zod schemas each route declares (its `schema:`, read
 * from the route table; what schemas cannot say is in route-inputs.ts), malformed in every way
 * the fuzzer knows, sent to every route of app.routeTable as a signed-in customer (admin routes:
 * as an admin). Zero 5xx; every 4xx our error body with a clear message; the database unchanged
 * by every refused request.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
/** Requests per route: over 10,000 in all for npm test, over 100,000 in the soak. */
const PER_ROUTE = SOAK ? 1_150 : 125;
const PER_INPUT_FREE_ROUTE = SOAK ? 300 : 40;
const MAX_JUDGED = SOAK ? 6_000 : 700;

interface Finding {
  problem: string;
  request: string;
}

function describeCase(c: FuzzCase, status: number, body: string): string {
  const payload =
    c.payload === undefined
      ? ''
      : Buffer.isBuffer(c.payload)
        ? `<${c.payload.length} bytes>`
        : JSON.stringify(c.payload.slice(0, 300));
  return `${c.method} ${c.url.slice(0, 200)} [${c.category}] ${JSON.stringify(c.headers).slice(0, 200)} ${payload} → ${status} ${body.slice(0, 300)}`;
}

describe('bad input: the schema-generated fuzzer', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(async () => {
    await w?.t.close();
  });

  // The schemas come from the routes themselves; what no schema says must be a hint, so a new
  // route whose inputs the fuzzer cannot see fails here instead of being fuzzed as input-free.
  it('knows what every route of the route table reads', () => {
    const routes = w.t.app.routeTable;
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    const stale = Object.keys(ROUTE_HINTS).filter((key) => !keys.includes(key));
    const unseen: string[] = [];
    for (const route of routes) {
      const inputs = routeInputs(route);
      const key = `${route.method} ${route.url}`;
      // A path parameter is read through a schema, or handed on as given (looseParams).
      for (const name of route.url.match(/:(\w+)/g)?.map((p) => p.slice(1)) ?? [])
        if (!inputs.params && !inputs.looseParams?.[name]) unseen.push(`${key} :${name}`);
      // A write either reads a JSON body with a schema or is named for how it reads otherwise.
      const readsOtherwise = inputs.upload || inputs.rawBody || inputs.writesWithoutInput;
      if (route.method !== 'GET' && !inputs.body && !readsOtherwise && !inputs.looseParams)
        unseen.push(`${key} body`);
    }
    expect({ unseen, stale }).toEqual({ unseen: [], stale: [] });
  });

  // The soak sends over 100,000 requests: longer than the suite's 600 s default.
  it(
    'answers every malformed request with a clear 4xx and leaves the database unchanged',
    {
      timeout: SOAK ? 4 * 3_600_000 : 600_000,
    },
    async () => {
      const started = Date.now();
      const cpuAtStart = process.cpuUsage();
      const routes = w.t.app.routeTable;
      const options = {
        seed: SEED,
        perRoute: PER_ROUTE,
        perInputFreeRoute: PER_INPUT_FREE_ROUTE,
        images: w.images,
        realParams: w.realParams,
      };
      const accessOf = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
      const findings = new Map<string, Finding>();
      const stats = {
        byCategory: {} as Record<string, number>,
        byRoute: {} as Record<string, number>,
        byStatus: {} as Record<string, number>,
        accepted: {} as Record<string, number>,
        msByCategory: {} as Record<string, number>,
      };
      const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);

      // One session for the refused requests of a route that ends its caller's session (logout):
      // issued before the first snapshot; judged requests get a fresh one each.
      const batchSession = await freshSession(w);
      const tokenFor = (c: FuzzCase): string | undefined => {
        if (ROUTE_HINTS[c.route]?.ownSession) return batchSession;
        const access = accessOf.get(c.route);
        if (access === 'admin' || access === 'staff') return w.admin.token;
        return access === 'user' ? w.user.token : undefined;
      };

      /** Sends one request and notes what is wrong with its reply; answers its status and code. */
      const send = async (c: FuzzCase, token: string | undefined) => {
        const sentAt = performance.now();
        const endless = ROUTE_HINTS[c.route]?.endless !== undefined;
        const reply = await w.t.request({
          method: c.method as 'GET',
          url: c.url,
          headers: c.headers,
          payload: c.payload,
          token,
          ...(endless ? { payloadAsStream: true } : {}),
        });
        const res = endless ? await settleEndless(reply) : reply;
        stats.msByCategory[c.category] =
          (stats.msByCategory[c.category] ?? 0) + Math.round(performance.now() - sentAt);
        bump(stats.byCategory, c.category);
        bump(stats.byRoute, c.route);
        bump(stats.byStatus, String(res.statusCode));
        const note = (problem: string) => {
          const key = `${c.route} ${c.category} ${problem.slice(0, 60)}`;
          if (!findings.has(key))
            findings.set(key, { problem, request: describeCase(c, res.statusCode, res.body) });
        };
        if (res.statusCode >= 500) note(`${res.statusCode} reply`);
        else if (res.statusCode >= 400) {
          const unclear = unclearRefusal(res.statusCode, res.body);
          if (unclear) note(`unclear ${res.statusCode}: ${unclear}`);
        } else if (c.expect === 'refused') note(`malformed request accepted (${res.statusCode})`);
        let code: unknown;
        try {
          code = (JSON.parse(res.body) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        return { status: res.statusCode, code };
      };

      // Phase A: every refused (and read-only) request, made route by route and sent at once,
      // then one comparison of the whole database. The judged ones are kept for phase B.
      let batchCount = 0;
      let judgedCandidates: FuzzCase[] = [];
      const dropped: Record<string, number> = {};
      const before = await snapshot(w.t.deps.database.db);
      for (const route of routes) {
        for (const c of routeCases(route, options)) {
          if (c.expect !== 'judged') {
            await send(c, tokenFor(c));
            batchCount += 1;
          } else if (ROUTE_HINTS[c.route]?.neverAccepted) bump(dropped, c.route);
          else judgedCandidates.push(c);
        }
      }
      const after = await snapshot(w.t.deps.database.db);
      const batchSeconds = (Date.now() - started) / 1000;
      const judged = spread(judgedCandidates, MAX_JUDGED);
      if (judged.length < judgedCandidates.length)
        dropped['(judged, over the cap)'] = judgedCandidates.length - judged.length;
      judgedCandidates = [];

      // Phase B: requests that may be accepted, each between two snapshots: a refusal must not
      // have written anything; an acceptance is counted.
      let last = after;
      for (const c of judged) {
        let token = tokenFor(c);
        if (ROUTE_HINTS[c.route]?.ownSession) {
          token = await freshSession(w);
          last = await snapshot(w.t.deps.database.db);
        }
        const { status, code } = await send(c, token);
        const now = await snapshot(w.t.deps.database.db);
        const changed = changedTables(last, now).filter(
          (table) => !(table.split(' ')[0]! in WRITTEN_BY_REFUSED_ATTEMPTS),
        );
        // A purchase the supplier refused was attempted (recorded, refunded), not refused as input.
        if (status < 300 || code === 'PURCHASE_FAILED') bump(stats.accepted, c.route);
        else if (changed.length > 0) {
          const key = `${c.route} ${c.category} wrote`;
          if (!findings.has(key))
            findings.set(key, {
              problem: `refused (${status}) but wrote ${changed.join(', ')}`,
              request: describeCase(c, status, ''),
            });
        }
        last = now;
      }

      const seconds = (Date.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuAtStart);
      // CPU seconds of this process (the app runs in it): the cost, whatever else loads the machine.
      const cpuSeconds = Math.round((cpu.user + cpu.system) / 1e4) / 100;
      const sent = batchCount + judged.length;
      console.log(
        JSON.stringify(
          {
            seed: SEED,
            soak: SOAK,
            database: w.t.deps.database.kind,
            sent,
            batch: batchCount,
            judged: judged.length,
            dropped,
            batchSeconds,
            seconds,
            cpuSeconds,
            routes: Object.keys(stats.byRoute).length,
            ...stats,
          },
          null,
          1,
        ),
      );

      expect([...findings.values()]).toEqual([]);
      expect(changedTables(before, after), 'refused requests changed the database').toEqual([]);
      expect(batchCount).toBeGreaterThanOrEqual(10_000);
      expect(Object.keys(stats.byRoute).length).toBe(routes.length);
      await expectMoneyInvariants(w.t.deps.database.db);
    },
  );
});
