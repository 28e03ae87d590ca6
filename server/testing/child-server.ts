/**
 * Tests that need the real server as a process of its own (node --import tsx server/main.ts),
 * to kill it with kill -9 or to run several of them: starting one on a free port with the
 * environment given, calling its API over HTTP, waiting for what it prints or for a marker
 * file an import held at a stage writes (import-export/limits.ts), and killing it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ImportStatus, LoginResult } from '../../src/api/contract.ts';
import { wirePassword } from '../modules/accounts/demo.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const children = new Set<ChildProcess>();

/** Kills every server this module started and that is still running (afterAll). */
export function killAllChildServers(): void {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  base: string;
  /** Everything it printed so far, stdout and stderr. */
  log: () => string;
}

/**
 * Starts the server with `env` over this process's environment (DATABASE_URL removed unless
 * given: PGlite in DATA_DIR); no print helper, no sample data. Resolves once it listens.
 */
export async function startChildServer(env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const port = await freePort();
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ASSETMARK_HELPER: 'off', ASSETMARK_DEMO_DATA: 'off' };
  delete full.DATABASE_URL;
  Object.assign(full, env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Assetmark is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, log: () => output };
}

/** kill -9, resolving once the process is gone. */
export async function kill9(server: ChildServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
  children.delete(server.child);
}

export interface Reply<T> {
  statusCode: number;
  resultInfo: T;
}

export async function api<T>(
  server: ChildServer,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const response = await fetch(server.base + path, {
    method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', ...(token ? { loginID: token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Reply<T>;
}

/** Logs in over HTTP; throws unless it succeeds. */
export async function loginOver(server: ChildServer, account: string, password: string): Promise<string> {
  const reply = await api<LoginResult>(server, 'POST', '/api/Login', undefined, { account, password: wirePassword(password) });
  if (reply.statusCode !== 0) throw new Error(`login failed: ${JSON.stringify(reply)}`);
  return reply.resultInfo.loginID;
}

/** Resolves when `dir/name` exists (a server held an import there and wrote its job id). */
export function markerWritten(dir: string, name: string): Promise<void> {
  const file = join(dir, name);
  return new Promise((resolve) => {
    const watcher = watch(join(dir, '..'), { recursive: true }, () => {
      if (existsSync(file)) {
        watcher.close();
        resolve();
      }
    });
    if (existsSync(file)) {
      watcher.close();
      resolve();
    }
  });
}

/** Resolves when the server's output matches `pattern` (it prints as it goes). */
export function logShows(server: ChildServer, pattern: RegExp): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!pattern.test(server.log())) return false;
      server.child.stdout!.off('data', check);
      server.child.stderr!.off('data', check);
      resolve();
      return true;
    };
    if (check()) return;
    server.child.stdout!.on('data', check);
    server.child.stderr!.on('data', check);
  });
}

/** The job's status once it is no longer 'importing', asking again each time the server answers. */
export async function settledImport(server: ChildServer, token: string, jobId?: number): Promise<ImportStatus> {
  for (;;) {
    const reply = await api<ImportStatus>(server, 'GET', `/api/Excel${jobId ? `?jobId=${jobId}` : ''}`, token);
    if (reply.statusCode !== 0) throw new Error(`import status failed: ${JSON.stringify(reply)}`);
    if (reply.resultInfo.status !== 'importing') return reply.resultInfo;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A CSV (base64) of `count` new assets coded prefix00000..., named `name i`. */
export function assetsCsv(prefix: string, count: number, name = 'Chair'): string {
  const lines = ['资产编码,资产名称,存放地点'];
  for (let i = 0; i < count; i++) lines.push(`${prefix}${String(i).padStart(5, '0')},${name} ${i},Room ${i % 7}`);
  return Buffer.from(lines.join('\n'), 'utf8').toString('base64');
}
