/**
 * Property test of the server's input parsing (issue 14): on every route the app registers,
 * random input of the right and the wrong shape, sent with a live session of a company's
 * admin, is answered with an envelope whose code is never 1 (internal) and never with a 5xx.
 * Bodies for POST/PUT/DELETE (testing/junk-json.ts: valid bodies of testing/route-cases.ts
 * mutated, and any JSON), query strings and path ids for every route.
 *
 * Deterministic: a fixed seed per route and a bounded number of runs. A failure prints the
 * shrunk counterexample (fast-check) and what the server logged for it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../log.ts';
import { apiRoutes, type ApiRoute } from '../testing/api-routes.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { junkKey, junkQueryValue, RawBody, routeBody } from '../testing/junk-json.ts';
import { atCurrentVersion, casesOf } from '../testing/route-cases.ts';
import { buildWorld, type World } from '../testing/route-world.ts';

const SEED = 20_261_127;
/** Runs per route: bodies (or queries, for GET) each; fewer where a valid body carries a file to decode. */
const BODY_RUNS = 40;
const FILE_BODY_RUNS = 15;
const QUERY_RUNS = 15;

let server: TestServer;
let world: World;
const logged: string[] = [];
const capture: Logger = {
  info: () => {},
  error: (message, err) => logged.push(`${message} ${err instanceof Error ? (err.stack ?? err.message) : String(err ?? '')}`),
};
let requests = 0;

beforeAll(async () => {
  server = await startTestServer({ log: capture });
  world = await buildWorld(server);
});
afterAll(async () => {
  console.log(`input properties: ${requests} random requests, none answered code 1 or a 5xx`);
  await server?.close();
});

interface Sample {
  /** Valid calls of the route, from its access cases. */
  paths: string[];
  bodies: Record<string, unknown>[];
}

async function samplesOf(route: ApiRoute): Promise<Sample> {
  const paths: string[] = [];
  const bodies: Record<string, unknown>[] = [];
  for (const c of casesOf(route.key)) {
    const call = c.request(atCurrentVersion(c, c.setup ? await c.setup(world, 'A') : {}), world);
    paths.push(call.path);
    if (call.body && typeof call.body === 'object' && !Array.isArray(call.body)) bodies.push(call.body as Record<string, unknown>);
  }
  return { paths: paths.length > 0 ? paths : [route.path], bodies };
}

/** A valid path with its query mutated (fields dropped or junk, junk fields added) and, for `:id`, a junk id. */
function pathArbitrary(route: ApiRoute, validPaths: string[]): fc.Arbitrary<string> {
  return fc.constantFrom(...validPaths).chain((valid) => {
    const [pathname, query = ''] = valid.split('?');
    const fields = query ? query.split('&').map((pair) => pair.split('=') as [string, string]) : [];
    const segment = route.path.includes(':') ? fc.oneof(fc.constant(pathname), junkQueryValue.map((v) => route.path.replace(/:[^/]+/, v || '0'))) : fc.constant(pathname);
    // Most often one field alone is junk, so the others pass and it reaches the service.
    const oneField =
      fields.length === 0
        ? fc.constant(fields.map(([, v]) => v as string | null))
        : fc.tuple(fc.nat(fields.length - 1), junkQueryValue).map(([at, junk]) => fields.map(([, v], i) => (i === at ? junk : v)));
    const anyFields = fc.tuple(
      ...fields.map(([, v]) => fc.oneof({ weight: 2, arbitrary: fc.constant<string | null>(v) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: junkQueryValue })),
    );
    const values = fc.oneof({ weight: 2, arbitrary: oneField }, { weight: 1, arbitrary: anyFields });
    const extra = fc.array(fc.tuple(junkKey.map(encodeKey), junkQueryValue), { maxLength: 2 });
    return fc.tuple(segment, values, extra).map(([path, chosen, more]) => {
      const pairs = fields.flatMap(([k], i) => (chosen[i] === null ? [] : [`${k}=${chosen[i]}`]));
      pairs.push(...more.map(([k, v]) => `${k}=${v}`));
      return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
    });
  });
}

/** A key as a client would encode it; lone surrogates (not encodable) become U+FFFD. */
function encodeKey(key: string): string {
  return encodeURIComponent(key.replace(/[\ud800-\udfff]/g, (unit, i: number, text: string) => (isPaired(text, i) ? unit : '\ufffd')));
}

function isPaired(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code <= 0xdbff) return /[\udc00-\udfff]/.test(text[i + 1] ?? '');
  return /[\ud800-\udbff]/.test(text[i - 1] ?? '');
}

interface Reply {
  status: number;
  code: number | 'binary' | 'not an envelope';
  text: string;
}

async function send(method: string, path: string, body: unknown): Promise<Reply> {
  requests++;
  const headers: Record<string, string> = { 'Accept-Language': 'en' };
  // Logout ends the session it carries; the others run as the admin.
  if (!path.startsWith('/api/Logout')) headers.loginID = world.owner.loginID;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const text = body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body);
  const response = await server.app.request(path, { method, headers, body: text });
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/json')) {
    await response.arrayBuffer();
    return { status: response.status, code: 'binary', text: type };
  }
  const answer = await response.text();
  try {
    const parsed = JSON.parse(answer) as { statusCode?: unknown };
    return { status: response.status, code: typeof parsed.statusCode === 'number' ? parsed.statusCode : 'not an envelope', text: answer };
  } catch {
    return { status: response.status, code: 'not an envelope', text: answer };
  }
}

/** Holds for one request: an envelope (or a file), never code 1, never a 5xx. */
async function answersCleanly(method: string, path: string, body: unknown): Promise<void> {
  const before = logged.length;
  const reply = await send(method, path, body);
  const problem =
    reply.status >= 500 || reply.code === 1 || reply.code === 'not an envelope'
      ? `HTTP ${reply.status} ${reply.text.slice(0, 300)}\nserver log: ${logged.slice(before).join('\n').slice(0, 2000)}`
      : null;
  if (problem) throw new Error(problem);
}

describe('random input never answers code 1 or a 5xx', () => {
  it('on every route', async () => {
    const routes = apiRoutes(server.app);
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [index, route] of routes.entries()) {
      const sample = await samplesOf(route);
      const withBody = route.method !== 'GET';
      const request = withBody
        ? fc.tuple(pathArbitrary(route, sample.paths), routeBody(sample.bodies))
        : fc.tuple(pathArbitrary(route, sample.paths), fc.constant(undefined));
      const property = fc.asyncProperty(request, ([path, body]) => answersCleanly(route.method, path, body));
      const carriesFile = sample.bodies.some((body) => 'fileData' in body);
      const numRuns = !withBody ? QUERY_RUNS : carriesFile ? FILE_BODY_RUNS : BODY_RUNS;
      const result = await fc.check(property, { seed: SEED + index, numRuns });
      if (result.failed) failures.push(`${route.key}:\n${fc.defaultReportMessage(result)}\n${String(result.errorInstance)}`);
    }
    expect(failures.join('\n\n')).toBe('');
    // The admin's session lived through it all, so every request above was an admin's.
    const current = await send('GET', '/api/User/Current', undefined);
    expect(current.code).toBe(0);
  });
});
