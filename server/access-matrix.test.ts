/**
 * The access matrix over every API route (issue 14, "Make the probes permanent"). The routes
 * come from the app itself (testing/api-routes.ts); each has its cases in
 * testing/route-cases.ts, run in the world of testing/route-world.ts. For each case:
 *
 *   (a) another company's id, swapped in one id at a time, called by this company's admin;
 *   (b) an id in department B, called by a sub-user holding every permission whose scope is
 *       its own department A;
 *   (c) a sub-user holding every permission but the one the route needs;
 *   (d) no session at all;
 * are refused with the expected code (never a 5xx, never code 1), answer exactly as an id
 * that exists nowhere would, and leave every table as it was (testing/db-fingerprint.ts).
 * Calls refused for the caller or for the target row itself name a stale record version
 * where the route takes one: the refusal must come before the version check.
 * Then the same call, allowed, succeeds for the admin and for the scoped sub-user on its own
 * department's rows: the refusals are about access, not about a malformed request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../src/api/contract.ts';
import { apiRoutes } from './testing/api-routes.ts';
import { importsSettled } from './modules/import-export/service.ts';
import { fingerprint } from './testing/db-fingerprint.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';
import { atCurrentVersion, atStaleVersion, DEFAULT_REFUSAL, forRefusedKey, ROUTE_CASES, type Call, type Ids, type RouteCase } from './testing/route-cases.ts';
import { buildWorld, fileTokenOf, type World } from './testing/route-world.ts';

const MISSING = 999_999_999;
const FORBIDDEN = 5;
const SESSION_INVALID = 19;

let server: TestServer;
let world: World;
const refused = { foreign: 0, outOfScope: 0, permission: 0, session: 0, fileToken: 0 };
const routesCovered = new Set<string>();

beforeAll(async () => {
  server = await startTestServer();
  world = await buildWorld(server);
});
afterAll(async () => {
  const total = refused.foreign + refused.outOfScope + refused.permission + refused.session + refused.fileToken;
  console.log(
    `access matrix: ${routesCovered.size} routes, ${total} refused attempts ` +
      `(another company's id ${refused.foreign}, out of scope ${refused.outOfScope}, ` +
      `missing permission ${refused.permission}, no session ${refused.session}, ` +
      `a file token instead of the session ${refused.fileToken}); every table unchanged after each`,
  );
  await server?.close();
});

interface Reply {
  status: number;
  body: Envelope<unknown>;
}

/**
 * Sends a call as `token`'s user (null: no session). A non-JSON reply (a picture) reads as
 * code 0. The file token is fetched before `beforeSend`, so the snapshot excludes it.
 */
async function send(call: Call, token: string | null, beforeSend?: () => Promise<void>): Promise<Reply> {
  const headers: Record<string, string> = { 'Accept-Language': 'en' };
  let path = call.path;
  if (token && call.viaFileToken) {
    path += `${path.includes('?') ? '&' : '?'}fileToken=${await fileTokenOf(server, token)}`;
  } else if (token) {
    headers.loginID = token;
  }
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  await beforeSend?.();
  const response = await server.app.request(path, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const isJson = response.headers.get('Content-Type')?.startsWith('application/json');
  if (!isJson) {
    await response.arrayBuffer();
    return { status: response.status, body: { statusCode: 0, resultInfo: `<${response.headers.get('Content-Type')}>` } };
  }
  return { status: response.status, body: (await response.json()) as Envelope<unknown> };
}

/**
 * The tables once this process's imports and their sweeps are done: an import started earlier
 * (the world's, or an allowed call's) still marks its job swept in the background after its
 * status is final, which would otherwise land between two snapshots.
 */
async function settledFingerprint(): Promise<Record<string, string>> {
  await importsSettled();
  return fingerprint(server.db);
}

/** Sends a call that must be refused: the code, no 5xx, and not one row changed anywhere. */
async function expectRefused(call: Call, token: string | null, code: number, what: string): Promise<Reply> {
  let before: Record<string, string> = {};
  const reply = await send(call, token, async () => {
    before = await settledFingerprint();
  });
  const context = `${what}: ${call.method} ${call.path} ${JSON.stringify(call.body ?? '')} → ${JSON.stringify(reply.body)}`;
  expect(reply.status, context).toBeLessThan(500);
  expect(reply.body.statusCode, context).not.toBe(1);
  expect(reply.body.statusCode, context).toBe(code);
  expect(await settledFingerprint(), `${context} changed rows`).toEqual(before);
  return reply;
}

/**
 * Routes that take a file token (<img src> addresses): those with a case calling them by one.
 * Request builders only read ids, so any id will do to see how a case calls its route.
 */
const ANY_IDS = new Proxy({}, { get: () => 1 }) as Ids;
const fileTokenRoutes = () => new Set(ROUTE_CASES.filter((c) => c.request(ANY_IDS, world).viaFileToken).map((c) => c.route));

const numericKeys = (ids: Ids) => Object.keys(ids).filter((k) => typeof ids[k] === 'number');
const withSelf = (c: RouteCase, ids: Ids, userId: number): Ids =>
  Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, c.selfKeys?.includes(k) ? userId : v]));
const setupIn = async (c: RouteCase, place: 'A' | 'B' | 'other'): Promise<Ids> => (c.setup ? c.setup(world, place) : {});
/** The request of a call refused for the caller (a stale version, where the case names one). */
const refusedCall = (c: RouteCase, ids: Ids) => c.request(atStaleVersion(c, ids), world);
/** The request of a call refused for the id under `key`. */
const refusedFor = (c: RouteCase, key: string, ids: Ids) => c.request(forRefusedKey(c, key, ids), world);

describe('every API route has an access case', () => {
  it('lists each registered route in the table, and no route that is gone', () => {
    const registered = apiRoutes(server.app).map((r) => r.key);
    const missing = registered.filter((key) => !ROUTE_CASES.some((c) => c.route === key));
    expect(missing.map((key) => `route ${key} has no access case`)).toEqual([]);
    const stale = [...new Set(ROUTE_CASES.map((c) => c.route))].filter((key) => !registered.includes(key));
    expect(stale.map((key) => `access case for ${key}, which is not a route`)).toEqual([]);
    for (const key of registered) routesCovered.add(key);
  });
});

describe('access matrix', () => {
  for (const c of ROUTE_CASES) {
    const title = c.variant ? `${c.route} (${c.variant})` : c.route;
    if (c.needs === 'public') {
      it(`${title} is public: ${c.publicBecause}`, () => {
        expect(c.publicBecause).toBeTruthy();
      });
      continue;
    }
    describe(title, () => {
      it("refuses another company's ids, one at a time, as ids that exist nowhere", async () => {
        const own = await setupIn(c, 'A');
        const keys = numericKeys(own);
        if (keys.length === 0) return; // nothing of a company in the request
        const foreign = await setupIn(c, 'other');
        const code = c.foreignCode ?? DEFAULT_REFUSAL;
        for (const key of keys) {
          const reply = await expectRefused(refusedFor(c, key, { ...own, [key]: foreign[key] }), world.owner.loginID, code, `foreign ${key}`);
          const missing = await send(refusedFor(c, key, { ...own, [key]: MISSING }), world.owner.loginID);
          expect(reply.body, `foreign ${key} answers like a missing id`).toEqual(missing.body);
          refused.foreign++;
        }
      });

      if (c.scopedKeys?.length) {
        it('refuses ids in a department out of the sub-user’s scope, one at a time', async () => {
          const inScope = await setupIn(c, 'A');
          const outside = await setupIn(c, 'B');
          const code = c.outOfScopeCode ?? DEFAULT_REFUSAL;
          for (const key of c.scopedKeys!) {
            const ids = withSelf(c, { ...inScope, [key]: outside[key] }, world.scoped.Id);
            const reply = await expectRefused(refusedFor(c, key, ids), world.scoped.loginID, code, `out of scope ${key}`);
            const missing = await send(refusedFor(c, key, { ...ids, [key]: MISSING }), world.scoped.loginID);
            expect(reply.body, `out-of-scope ${key} answers like a missing id`).toEqual(missing.body);
            refused.outOfScope++;
          }
        });
      }

      if (c.needs !== 'session') {
        it(`refuses a sub-user without what it needs (${c.needs})`, async () => {
          const user = await world.lacking(c.needs);
          const ids = withSelf(c, await setupIn(c, 'A'), user.Id);
          await expectRefused(refusedCall(c, ids), user.loginID, FORBIDDEN, `lacking ${c.needs}`);
          refused.permission++;
        });
      }

      it('refuses a call without a session', async () => {
        await expectRefused(refusedCall(c, await setupIn(c, 'A')), null, SESSION_INVALID, 'no session');
        refused.session++;
      });

      it('refuses a file token in place of the session, unless the route shows pictures', async () => {
        if (fileTokenRoutes().has(c.route)) return;
        // A file token is read-only and opens the picture routes alone (access/file-token.ts).
        const call = { ...refusedCall(c, await setupIn(c, 'A')), viaFileToken: true };
        await expectRefused(call, world.owner.loginID, SESSION_INVALID, 'file token');
        refused.fileToken++;
      });

      it('allows the call to the admin, and to the scoped sub-user in its own department', async () => {
        const callers = [world.owner];
        if (c.scopedKeys?.length || c.needs === 'session') callers.push(world.scoped);
        for (const caller of callers) {
          const ids = withSelf(c, await setupIn(c, 'A'), caller.Id);
          const before = await settledFingerprint();
          const reply = await send(c.request(atCurrentVersion(c, ids), world), caller.loginID);
          expect(reply.body.statusCode, JSON.stringify(reply.body)).toBe(0);
          await c.settle?.(world, reply.body.resultInfo);
          const after = await settledFingerprint();
          if (c.write) expect(after).not.toEqual(before);
          else expect(after).toEqual(before);
        }
      });
    });
  }
});
