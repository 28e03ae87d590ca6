/**
 * `bin/assetmark helper` as a user runs it: through the bash wrapper, from another
 * directory; it says where it listens, serves, prints to its virtual printer, and stops
 * cleanly on SIGTERM. Wrong command lines exit with one line.
 */
import { execFile, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { action, call, dotsOf, printedFiles, randomBitmap, readPrintedPbm, tempDir } from './server-testing.ts';

const CLI = join(dirname(dirname(fileURLToPath(import.meta.url))), 'bin', 'assetmark');

function run(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(CLI, args, { cwd: tmpdir() }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('assetmark helper', () => {
  it('listens where it says, prints to its virtual printers, allows the origins given, and stops on SIGTERM', async () => {
    const dir = await tempDir('helper-cli');
    const child = spawn(CLI, ['helper', '--port', '0', '--data-dir', dir.path, '--no-cups', '--allow-origin', 'http://localhost:5173', '--printer', 'virtual?dpi=300&name=Spare'], {
      cwd: tmpdir(),
      env: { ...process.env, ASSETMARK_HELPER_ORIGINS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m && out.includes('\n')) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code} before listening: ${err}`)));
      });
      expect(out).toContain('Assetmark Virtual 203, Assetmark Virtual 300, Spare');
      expect((await call(url, '/local/ServerInfo', { method: 'GET' })).body.statusCode).toBe(0);
      expect((await call(url, '/local/ServerInfo', { method: 'GET', headers: { Origin: 'http://localhost:5173' } })).headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect((await call(url, '/local/ServerInfo', { method: 'GET', headers: { Origin: 'http://localhost:8080' } })).status).toBe(403);

      const page = randomBitmap(40, 20, 41);
      const body = Buffer.from(page.data).toString('base64');
      const r = await call(url, '/lpapi/PrintImageD?printerName=Spare&format=1&imageWidth=40&jobName=cli', { headers: { 'Content-Type': 'application/octet-stream;encoding=base64' }, body });
      expect(r.body.statusCode).toBe(0);
      expect(await printedFiles(dir.path, 'Spare', 'cli')).toEqual(['000001.pbm', '000001.png']);
      expect(dotsOf(await readPrintedPbm(dir.path, 'Spare', 'cli', '000001.pbm'))).toBe(dotsOf(page));
      expect((await action(url, 'Version')).body.statusCode).toBe(0);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(err).toContain('SIGTERM: stopping');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await dir.remove();
    }
  });

  it('refuses a wrong command line with one line', async () => {
    for (const [args, status, message] of [
      [['helper', '--port', 'abc'], 2, '--port must be 0 to 65535'],
      [['helper', '--allow-origin', 'http://localhost:8080/'], 2, 'write it as http://localhost:8080'],
      [['helper', '--port', '0', '--no-cups', '--printer', 'lpd://printer'], 1, "printer 'lpd://printer'"],
      [['helper', '--bogus'], 2, 'bogus'],
    ] as const) {
      const r = await run([...args]);
      expect(r.status, args.join(' ')).toBe(status);
      expect(r.stderr, args.join(' ')).toContain(message);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
