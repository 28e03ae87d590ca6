/**
 * Browser-test harness: the real server (node --import tsx server/main.ts) on a free port
 * with a fresh DATA_DIR, serving the built app from dist/ (run `npx vite build` first;
 * scripts/setup.sh does), and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { wirePassword } from '../server/modules/accounts/demo';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Server output so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the server and resolves once GET /api/health answers statusCode 0. The demo account
 * is there, its company empty: pass `{ ASSETMARK_DEMO_DATA: 'on' }` for its sample data.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { /** Fills the fresh DATA_DIR before the server starts (a printers.json). */ prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npx vite build` first');
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'assetmark-e2e-'));
  await options.prepare?.(dataDir);
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // The demo company stays empty (ASSETMARK_DEMO_DATA=off) unless a test passes it 'on'.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_HOST: '',
      DATABASE_URL: '',
      ASSETMARK_DEMO_DATA: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const reply = (await (await fetch(`${baseUrl}/api/health`)).json()) as { statusCode?: number };
      if (reply.statusCode === 0) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy after 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    baseUrl,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OutboxLine {
  time: string;
  channel: 'email' | 'sms';
  to: string;
  purpose: 'register' | 'reset';
  code: string;
  text: string;
}

/** The newest verification code the server "sent" to `to` (DATA_DIR/outbox.jsonl), waiting for it. */
export async function latestCode(server: RunningServer, to: string, purpose: OutboxLine['purpose']): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await readFile(join(server.dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as OutboxLine)
      .filter((l) => l.to === to.toLowerCase() && l.purpose === purpose);
    if (lines.length > 0) return lines[lines.length - 1].code;
    if (Date.now() > deadline) throw new Error(`no ${purpose} code for ${to} in the outbox:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One API call as the web app makes it (the system flag, the session in `loginID`), answering
 * the envelope's resultInfo; any other status code than 0 throws with the envelope.
 */
export async function callApi<T>(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const reply = await fetch(`${baseUrl}/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', systemFlag: 'MYGDZC', ...(token ? { loginID: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { statusCode: number; resultInfo: T };
  if (envelope.statusCode !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.resultInfo;
}

/**
 * A sub-user of the admin's company, made as the organisation pages make one: a role with
 * `permissions`, a staff member in the root department, the register code from the outbox,
 * then the account (authorization scope All).
 */
export async function registerSubUser(
  server: RunningServer,
  adminToken: string,
  user: { email: string; password: string; roleName: string; permissions: number[]; staffName: string },
): Promise<void> {
  const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(server.baseUrl, method, path, adminToken, body);
  const role = await api<{ id: number }>('POST', 'api/Role', { roleName: user.roleName, permissions: user.permissions });
  const { departments } = await api<{ departments: Array<{ id: number; affiliatedDept: number | null }> }>('GET', 'api/Department/List');
  const root = departments.find((d) => d.affiliatedDept === null)!;
  const staff = await api<{ id: number }>('POST', 'api/Staff', { staffName: user.staffName, affiliatedDept: root.id });
  await api('GET', `api/User?email=${encodeURIComponent(user.email)}&purpose=register`);
  const checkCode = await latestCode(server, user.email, 'register');
  await api('POST', 'api/User/ChildRegister', {
    staffId: staff.id,
    email: user.email,
    checkCode,
    password: wirePassword(user.password),
    roleId: role.id,
    authorizationType: 'All',
  });
}

/** Logs `page` in through the login form and waits for the dashboard. */
export async function logIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL('**/dashboard');
}

/** On the login page: logs `page` in with the demo account's button and waits for the dashboard. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.locator('[data-testid="use-demo"]').click();
  await page.locator('[data-testid="login-submit"]').click();
  await page.waitForURL('**/dashboard');
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Browser console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Debian's Chromium with a fresh context (empty storage), one page. */
export async function openBrowser(baseUrl: string, viewport = { width: 1366, height: 860 }): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return {
    browser,
    context,
    page,
    errors,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}
