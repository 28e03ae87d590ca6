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

/** zint's modules: `--dump` hex rows expanded to bits (each row padded to whole nibbles). */
function zintRows(args: string[], data: string): string[] {
  const out = execFileSync('zint', [...args, '--dump', '--esc', `--data=${data}`], { encoding: 'utf8' });
  return out.trimEnd().split('\n').map((row) => Array.from(row.replace(/ /g, ''), (h) => parseInt(h, 16).toString(2).padStart(4, '0')).join(''));
}

describe('assetmark encode --format matrix against zint 2.11 (the wiring of every type)', () => {
  // [our arguments, zint arguments, zint data]; zint needs ISBN with its check digit, Codabar
  // framed (we frame bare data A…A), GS1 in square brackets.
  const cases: [string[], string[], string][] = [
    [['--type', 'code128', '--data', 'Asset 0042'], ['-b', '20'], 'Asset 0042'],
    [['--type', 'code128', '--gs1', '--data', '(01)09501101530003(10)ABC'], ['-b', '16'], '[01]09501101530003[10]ABC'],
    [['--type', 'ean13', '--data', '690123456789'], ['-b', '13'], '690123456789'],
    [['--type', 'ean8', '--data', '6901234'], ['-b', '13'], '6901234'],
    [['--type', 'upca', '--data', '69012345678'], ['-b', '34'], '69012345678'],
    [['--type', 'upce', '--data', '0123456'], ['-b', '37'], '0123456'],
    [['--type', 'isbn', '--data', '978012345678'], ['-b', '69'], '9780123456786'],
    [['--type', 'code39', '--data', 'CODE-39'], ['-b', '8'], 'CODE-39'],
    [['--type', 'code39', '--check', '--data', 'ABC123'], ['-b', '8', '--vers=1'], 'ABC123'],
    [['--type', 'code39', '--full-ascii', '--data', 'Mixed case!'], ['-b', '9'], 'Mixed case!'],
    [['--type', 'code93', '--data', 'Code 93'], ['-b', '25'], 'Code 93'],
    [['--type', 'codabar', '--data', '12345678'], ['-b', '18'], 'A12345678A'],
    [['--type', 'codabar', '--check', '--data', 'B40156D'], ['-b', '18', '--vers=1'], 'B40156D'],
    [['--type', 'itf', '--data', '12345678'], ['-b', '3'], '12345678'],
    [['--type', 'itf', '--check', '--data', '1234567'], ['-b', '3', '--vers=1'], '1234567'],
    [['--type', 'itf14', '--data', '1234567890123'], ['-b', '89'], '1234567890123'],
    [['--type', 'qrcode', '--data', '12345678', '--ecc', 'M', '--version', '1', '--mask', '2'], ['-b', '58', '--secure=2', '--vers=1', '--mask=2'], '12345678'],
    [['--type', 'qrcode', '--data', 'HELLO WORLD 2024', '--ecc', 'H', '--version', '3', '--mask', '5'], ['-b', '58', '--secure=4', '--vers=3', '--mask=5'], 'HELLO WORLD 2024'],
    [['--type', 'datamatrix', '--data', '123456'], ['-b', '71'], '123456'],
    [['--type', 'datamatrix', '--data', 'Asset 固定资产', '--version', '16x48'], ['-b', '71', '--vers=30'], 'Asset 固定资产'],
    [['--type', 'datamatrix', '--data', 'ABC123', '--version', '5'], ['-b', '71', '--vers=5'], 'ABC123'],
    [['--type', 'gridmatrix', '--data', '固定资产 Fixed asset'], ['-b', '142'], '固定资产 Fixed asset'],
    [['--type', 'gridmatrix', '--data', '12345', '--ecc', '2', '--version', '3'], ['-b', '142', '--secure=2', '--vers=3'], '12345'],
    [['--type', 'pdf417', '--data', 'PDF417', '--ecc', '1', '--cols', '2'], ['-b', '55', '--secure=1', '--cols=2'], 'PDF417'],
  ];

  it.concurrent.each(cases)('%j equals zint %j', async (args, zintArgs, zintData) => {
    const r = await run(['encode', ...args, '--format', 'matrix']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const ours = r.stdout.toString().trimEnd().split('\n');
    const zint = zintRows(zintArgs, zintData);
    expect(ours.length).toBe(zint.length);
    ours.forEach((row, i) => {
      const z = zint[i]!;
      // zint pads each row to whole nibbles (and ends Codabar with a space): the rest is 0.
      expect(z.slice(0, row.length)).toBe(row);
      expect(z.slice(row.length)).toMatch(/^0{0,4}$/);
    });
  });
});

describe('assetmark encode images', () => {
  it('writes PNG and SVG that zbarimg decodes', async () => {
    for (const [type, data, expected] of [
      ['qrcode', '固定资产 Fixed asset', 'QR-Code:固定资产 Fixed asset'],
      ['ean13', '690123456789', 'EAN-13:6901234567892'],
      ['code39', 'ABC-123', 'CODE-39:ABC-123'],
    ] as const) {
      for (const format of ['png', 'svg'] as const) {
        const r = await run(['encode', '--type', type, '--data', data, '--format', format]);
        expect(r.status).toBe(0);
        if (format === 'svg') {
          const svg = r.stdout.toString();
          expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="[\d.]+mm"/);
          expect(svg.match(/<rect /g)!.length).toBeGreaterThan(10);
          continue;
        }
        expect(Array.from(r.stdout.subarray(1, 4), (c) => String.fromCharCode(c)).join('')).toBe('PNG');
        const file = join(scratch, `symbol.${format}`);
        writeFileSync(file, r.stdout);
        const decoded = execFileSync('zbarimg', ['--nodbus', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
        expect(decoded).toBe(expected + '\n');
      }
    }
  });

  it('draws QR with the quiet zone asked for, at --scale dots a module', async () => {
    const r = await run(['encode', '--type', 'qrcode', '--data', 'x', '--version', '2', '--quiet-zone', '2', '--scale', '3', '--format', 'pbm']);
    expect(r.status).toBe(0);
    const side = (25 + 4) * 3;
    const header = `P4\n${side} ${side}\n`;
    expect(r.stdout.subarray(0, header.length).toString('latin1')).toBe(header);
    expect(r.stdout.length).toBe(header.length + Math.ceil(side / 8) * side);
  });

  it('draws Data Matrix and Grid Matrix with their quiet zones, and dmtxread reads the PBM', async () => {
    const r = await run(['encode', '--type', 'datamatrix', '--data', 'Asset 123', '--shape', 'rect', '--format', 'pbm']);
    expect(r.status).toBe(0);
    // 12x26 (rectangle for 9 characters in C40/ASCII), 2 modules of quiet zone, 4 dots each.
    const dm = r.stdout.toString('latin1').split('\n')[1]!.split(' ').map(Number);
    const file = join(scratch, 'dm.pbm');
    writeFileSync(file, r.stdout);
    expect(execFileSync('dmtxread', [file], { encoding: 'utf8' })).toBe('Asset 123');
    const m = await run(['encode', '--type', 'datamatrix', '--data', 'Asset 123', '--shape', 'rect']);
    const [h, w] = [m.stdout.toString().trimEnd().split('\n').length, m.stdout.toString().indexOf('\n')];
    expect(h).toBeLessThan(w);
    expect(dm).toEqual([(w + 4) * 4, (h + 4) * 4]);
    const g = await run(['encode', '--type', 'gridmatrix', '--data', 'x', '--scale', '1', '--format', 'pbm']);
    expect(g.stdout.toString('latin1').split('\n')[1]).toBe(`${18 + 12} ${18 + 12}`);
  });

  it('draws PDF417 rows --row-height modules tall (default 3) in a 2-module quiet zone', async () => {
    const m = await run(['encode', '--type', 'pdf417', '--data', 'PDF417', '--cols', '2']);
    const lines = m.stdout.toString().trimEnd().split('\n');
    const size = (r: { stdout: Buffer }) => r.stdout.toString('latin1').split('\n')[1];
    expect(size(await run(['encode', '--type', 'pdf417', '--data', 'PDF417', '--cols', '2', '--scale', '1', '--format', 'pbm']))).toBe(`${lines[0]!.length + 4} ${lines.length * 3 + 4}`);
    expect(size(await run(['encode', '--type', 'pdf417', '--data', 'PDF417', '--cols', '2', '--scale', '1', '--row-height', '5', '--format', 'pbm']))).toBe(`${lines[0]!.length + 4} ${lines.length * 5 + 4}`);
    expect((await run(['encode', '--type', 'pdf417', '--data', 'x', '--rows', '2'])).stderr.toString()).toContain("--rows must be a whole number from 3 to 90, got '2'");
    expect((await run(['encode', '--type', 'pdf417', '--data', 'x', '--aspect', 'wide'])).stderr.toString()).toContain("--aspect must be a number from 1 to 100, got 'wide'");
    expect((await run(['encode', '--type', 'qrcode', '--data', 'x', '--cols', '2'])).stderr.toString()).toContain('--cols applies to pdf417, not qrcode');
  });

  it('refuses options of other types for the matrix symbologies', async () => {
    expect((await run(['encode', '--type', 'datamatrix', '--data', 'x', '--ecc', '2'])).stderr.toString()).toContain('--ecc applies to qrcode, gridmatrix, pdf417, not datamatrix');
    expect((await run(['encode', '--type', 'gridmatrix', '--data', 'x', '--ecc', '6'])).stderr.toString()).toContain("--ecc must be a whole number from 1 to 5, got '6'");
    expect((await run(['encode', '--type', 'gridmatrix', '--data', 'x', '--version', '14'])).stderr.toString()).toContain("--version must be a whole number from 1 to 13, got '14'");
    expect((await run(['encode', '--type', 'datamatrix', '--data', 'x', '--shape', 'round'])).stderr.toString()).toContain("--shape must be auto, square or rect, got 'round'");
    expect((await run(['encode', '--type', 'datamatrix', '--data', 'x', '--version', 'huge'])).stderr.toString()).toContain('--version must be a size number 1-48');
    expect((await run(['encode', '--type', 'qrcode', '--data', 'x', '--shape', 'square'])).stderr.toString()).toContain('--shape applies to datamatrix, not qrcode');
  });

  it('encodes raw bytes with --binary', async () => {
    const r = await run(['encode', '--type', 'qrcode', '--esc', '--binary', '--data', '\\x00\\xff\\x80A', '--format', 'pbm']);
    expect(r.status).toBe(0);
    const file = join(scratch, 'binary.pbm');
    writeFileSync(file, r.stdout);
    const decoded = execFileSync('zbarimg', ['--nodbus', '-q', '--raw', '-Sbinary', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    expect(Array.from(decoded)).toEqual([0x00, 0xff, 0x80, 0x41]);
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
  it.concurrent.each([
    [['encode', '--type', 'qr', '--data', 'x'], 2, "assetmark: unknown --type 'qr' (types: code128, ean13, ean8, upca, upce, isbn, code39, code93, codabar, itf, itf14, qrcode, datamatrix, gridmatrix, pdf417)"],
    [['encode', '--type', 'code128', '--data', 'x', '--ecc', 'H'], 2, 'assetmark: --ecc applies to qrcode, gridmatrix, pdf417, not code128'],
    [['encode', '--type', 'qrcode', '--data', 'x', '--ecc', 'X'], 2, "assetmark: --ecc must be L, M, Q or H, got 'X'"],
    [['encode', '--type', 'qrcode', '--data', 'x', '--version', '41'], 2, "assetmark: --version must be a whole number from 1 to 40, got '41'"],
    [['encode', '--type', 'qrcode', '--data', 'x', '--mask', '8'], 2, "assetmark: --mask must be a whole number from 0 to 7, got '8'"],
    [['encode', '--type', 'qrcode', '--data', 'x'.repeat(100), '--version', '1'], 1, 'assetmark: The chosen QR Code version (1) cannot contain this amount of data. Minimum version required to store current data is: 6'],
    [['encode', '--type', 'ean13', '--data', '6901234567890'], 1, "assetmark: EAN-13: invalid check digit '0', expecting '2'"],
    [['encode', '--type', 'code128', '--gs1', '--data', '0109501101530003'], 1, 'assetmark: GS1-128: GS1 data must be Application Identifiers in parentheses, e.g. (01)09501101530003(10)ABC'],
    [['encode', '--type', 'code128'], 2, 'assetmark: missing --data'],
    [['encode', '--data', 'x'], 2, 'assetmark: missing --type'],
    [['encode', '--type', 'code128', '--data', 'x', '--format', 'gif'], 2, "assetmark: unknown --format 'gif' (formats: matrix, pbm, png, svg)"],
    [['encode', '--type', 'code128', '--data', 'x', '--colour', 'red'], 2, "assetmark: Unknown option '--colour'"],
    [['encode', '--type', 'code128', '--data', 'bad\\q', '--esc'], 2, 'assetmark: invalid escape sequence at position 4 of --data (use \\\\ for a backslash)'],
    [['frobnicate'], 2, "assetmark: unknown command 'frobnicate' (commands: encode, render, print, helper)"],
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
