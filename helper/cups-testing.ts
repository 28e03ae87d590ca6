/**
 * A private CUPS scheduler for tests: Debian's cupsd with its own configuration, spool and
 * logs in a temp folder, listening only on a unix socket there (CUPS_SERVER points lp,
 * lpstat and lpadmin at it), so tests never touch the machine's own CUPS. Needs the
 * `cups` package (cupsd, the socket backend) and `cups-client`; cupsd runs its backends
 * as the `lp` user, so it is started as root (as CUPS always is).
 *
 * startTestCups() never throws: when cupsd cannot run here it says exactly why, and the
 * tests that need it are skipped with that reason.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from './server-testing.ts';

export type TestCups =
  | { ok: true; env: NodeJS.ProcessEnv; root: string; lpadmin(args: string[]): Promise<void>; stop(): Promise<void> }
  | { ok: false; reason: string };

/** How long cupsd may take to answer after it starts, ms (it takes about 100 here). */
const START_TIMEOUT_MS = 20_000;

export async function startTestCups(): Promise<TestCups> {
  for (const tool of ['cupsd', 'lpadmin', 'lp', 'lpstat']) {
    if (!(await which(tool))) return { ok: false, reason: `${tool} is not installed (Debian: apt-get install cups cups-client)` };
  }
  if (!(await which('/usr/lib/cups/backend/socket'))) return { ok: false, reason: 'the CUPS socket backend is missing (Debian package cups)' };
  if (process.getuid?.() !== 0) return { ok: false, reason: `cupsd must start as root to run its backends as lp; this test runs as uid ${process.getuid?.()}` };

  const dir = await tempDir('cups');
  const root = dir.path;
  // The backends run as lp and read the spooled files under here: mkdtemp's 0700 would stop them.
  await chmod(root, 0o755);
  for (const sub of ['etc', 'spool', 'tmp', 'cache', 'state', 'log']) await mkdir(join(root, sub), { recursive: true });
  const socket = join(root, 'cups.sock');
  await writeFile(
    join(root, 'etc', 'cups-files.conf'),
    [
      `ServerRoot ${root}/etc`,
      `RequestRoot ${root}/spool`,
      `TempDir ${root}/tmp`,
      `CacheDir ${root}/cache`,
      `StateDir ${root}/state`,
      `AccessLog ${root}/log/access_log`,
      `ErrorLog ${root}/log/error_log`,
      `PageLog ${root}/log/page_log`,
      // Not the machine's /run/cups/printcap.
      `Printcap ${root}/printcap`,
      // Administration (lpadmin) by root over the local socket.
      'SystemGroup root',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(root, 'etc', 'cupsd.conf'),
    [
      `Listen ${socket}`,
      'LogLevel info',
      'Browsing Off',
      'WebInterface No',
      'DefaultAuthType None',
      '<Location />',
      '  Order allow,deny',
      '  Allow all',
      '</Location>',
      '<Policy default>',
      '  <Limit All>',
      '    Order deny,allow',
      '  </Limit>',
      '</Policy>',
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, CUPS_SERVER: socket };
  let output = '';
  const cupsd: ChildProcess = spawn('cupsd', ['-f', '-c', join(root, 'etc', 'cupsd.conf'), '-s', join(root, 'etc', 'cups-files.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cupsd.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  cupsd.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exited: string | undefined;
  const exit = new Promise<void>((resolve) => {
    cupsd.on('exit', (code, signal) => {
      exited = `cupsd exited (${signal ?? `status ${code}`})`;
      resolve();
    });
    cupsd.on('error', (e) => {
      exited = `cupsd could not start: ${e.message}`;
      resolve();
    });
  });

  // Should the test process end without stop() (a crash), cupsd must not outlive it.
  const killOnExit = () => cupsd.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (exited === undefined) {
      cupsd.kill('SIGTERM');
      await exit;
    }
    await dir.remove();
  };

  // Ready once the scheduler answers on its socket ("scheduler is running").
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited !== undefined) {
      const log = await readFile(join(root, 'log', 'error_log'), 'utf8').catch(() => '');
      const why = [...output.trim().split('\n'), ...log.split('\n').filter((l) => /^[EC] /.test(l))].filter((l) => l).slice(-3).join(' | ');
      await stop();
      return { ok: false, reason: `${exited}${why ? `: ${why}` : ''}` };
    }
    const r = await run('lpstat', ['-r'], env);
    if (r.ok && /scheduler is running/.test(r.stdout)) break;
    if (Date.now() > deadline) {
      await stop();
      return { ok: false, reason: `cupsd did not answer on ${socket} within ${START_TIMEOUT_MS} ms` };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    ok: true,
    env,
    root,
    async lpadmin(args: string[]) {
      const r = await run('lpadmin', args, env);
      if (!r.ok) throw new Error(`lpadmin ${args.join(' ')}: ${r.stderr.trim() || r.error}`);
    },
    stop,
  };
}

function which(tool: string): Promise<boolean> {
  return run('sh', ['-c', 'command -v "$1"', 'sh', tool], process.env).then((r) => r.ok);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ ok: boolean; stdout: string; stderr: string; error?: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 10_000 }, (err, stdout, stderr) =>
      resolve({ ok: !err, stdout: String(stdout), stderr: String(stderr), error: err?.message }),
    );
  });
}
