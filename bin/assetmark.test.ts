/**
 * The CLI as a user runs it: the bash wrapper, from another directory, checked against the
 * facade, zint and zbarimg.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine.ts';
import { loadEngine } from '../src/engine/load-node.ts';
import { code128DumpToModules } from '../src/engine/testing.ts';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(ROOT, 'bin', 'assetmark');

interface Run {
  status: number;
  stdout: Buffer;
  stderr: string;
}

/** Runs the CLI from a scratch directory (not the repo), like a user elsewhere would. */
function run(args: string[], cli = CLI): Promise<Run> {
  return new Promise((resolve) => {
    execFile(cli, args, { cwd: tmpdir(), encoding: 'buffer' }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ status, stdout, stderr: stderr.toString('utf8') });
    });
  });
}

let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await loadEngine();
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-cli-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const modulesOf = (data: string) => Array.from(engine.encode({ type: 'code128', data }).modules).join('');

describe('assetmark encode --format matrix', () => {
  it('prints the modules as one line of 0/1, as the facade encodes them', async () => {
    const r = await run(['encode', '--type', 'code128', '--data', 'Hello']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.toString()).toBe(modulesOf('Hello') + '\n');
  });

  it('defaults to matrix, reads escapes with --esc and matches zint', async () => {
    const text = 'A\\tB 123456'; // same escapes as zint's --esc
    const r = await run(['encode', '--type=code128', '--esc', '--data', text]);
    expect(r.status).toBe(0);
    const zint = execFileSync('zint', ['-b', '20', '--dump', '--esc', `--data=${text}`], { encoding: 'utf8' });
    expect(r.stdout.toString()).toBe(code128DumpToModules(zint) + '\n');
    expect(r.stdout.toString()).toBe(modulesOf('A\tB 123456') + '\n');
  });
});

describe('assetmark encode --format pbm', () => {
  it('writes a P4 image with quiet zone that zbarimg decodes', async () => {
    for (const data of ['ASSET-000123', 'a\x01b', 'mixed Case 0123456789']) {
      const r = await run(['encode', '--type', 'code128', '--data', data, '--format', 'pbm']);
      expect(r.status).toBe(0);
      const modules = modulesOf(data).length;
      // 2-dot modules, 10-module quiet zone each side; 60-dot bars with 20 dots above and below
      const header = `P4\n${(modules + 20) * 2} 100\n`;
      expect(r.stdout.subarray(0, header.length).toString('latin1')).toBe(header);
      expect(r.stdout.length).toBe(header.length + Math.ceil(((modules + 20) * 2) / 8) * 100);

      const file = join(scratch, 'symbol.pbm');
      writeFileSync(file, r.stdout);
      const decoded = execFileSync('zbarimg', ['-q', '--raw', file], { encoding: 'latin1', stdio: ['ignore', 'pipe', 'ignore'] });
      expect(decoded).toBe(data + '\n');
    }
  });
});

describe('assetmark errors', () => {
  it.each([
    [['encode', '--type', 'qr', '--data', 'x'], 2, "assetmark: unknown --type 'qr' (types: code128)"],
    [['encode', '--type', 'code128'], 2, 'assetmark: missing --data'],
    [['encode', '--data', 'x'], 2, 'assetmark: missing --type'],
    [['encode', '--type', 'code128', '--data', 'x', '--format', 'svg'], 2, "assetmark: unknown --format 'svg' (formats: matrix, pbm)"],
    [['encode', '--type', 'code128', '--data', 'x', '--colour', 'red'], 2, "assetmark: Unknown option '--colour'"],
    [['encode', '--type', 'code128', '--data', 'bad\\q', '--esc'], 2, 'assetmark: invalid escape sequence at position 4 of --data (use \\\\ for a backslash)'],
    [['frobnicate'], 2, "assetmark: unknown command 'frobnicate' (commands: encode)"],
    [['encode', '--type', 'code128', '--data', 'café'], 1, "assetmark: Code 128: invalid character 'é' at position 4"],
    [['encode', '--type', 'code128', '--data', ''], 1, 'assetmark: Code 128: no data to encode'],
    [['encode', '--type', 'code128', '--data', 'x'.repeat(81)], 1, 'assetmark: Code 128: data too long (81 characters, at most 80)'],
  ])('%j exits %i with one line', async (args, status, message) => {
    const r = await run(args);
    expect(r.status).toBe(status);
    expect(r.stdout.length).toBe(0);
    expect(r.stderr.startsWith(message)).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('prints usage for no command (exit 2) and for --help (exit 0)', async () => {
    const none = await run([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^usage: assetmark <command>/);
    const help = await run(['encode', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout.toString()).toMatch(/--format matrix/);
  });

  it('says "run npm run setup" when the engine is not built', async () => {
    // A copy of the CLI and facade without src/engine/generated, sharing node_modules.
    const copy = join(scratch, 'checkout');
    cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'src', 'engine'), join(copy, 'src', 'engine'), {
      recursive: true,
      filter: (src) => !src.includes('generated'),
    });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const r = await run(['encode', '--type', 'code128', '--data', 'x'], join(copy, 'bin', 'assetmark'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^assetmark: the label engine is not built \(.*assetmark_engine\.wasm is missing\): run npm run setup\n$/);
  });
});
