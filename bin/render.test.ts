/**
 * `assetmark render` as a user runs it: the bash wrapper, from another directory, with a
 * label file and a spreadsheet; pages read back by zbarimg; bad input refused with one
 * line and a non-zero exit status.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabel, type LabelInput } from '../src/label/label.ts';
import { writeLabel } from '../src/label/wdfx.ts';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(ROOT, 'bin', 'assetmark');

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(CLI, args, { cwd: tmpdir(), encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-render-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function labelFile(name: string, input: LabelInput): string {
  const file = join(scratch, name);
  writeFileSync(file, writeLabel(createLabel(input)));
  return file;
}

/** An asset label: caption, a Code 128 and a QR Code bound to the CODE column. */
const ASSET_LABEL: LabelInput = {
  labelWidth: 50, labelHeight: 30,
  children: [
    { kind: 'text', x: 2, y: 1, width: 46, height: 4, content: '固定资产 Asset', fontHeight: 3 },
    { kind: 'barcode', x: 2, y: 6, width: 30, height: 12, contentType: 2, dataColumnName: 'code' },
    { kind: 'qrcode', x: 34, y: 6, width: 14, height: 14, contentType: 2, dataColumnName: 'CODE' },
    { kind: 'text', x: 2, y: 22, width: 46, height: 4, contentType: 2, dataColumnName: 'name', fontHeight: 3 },
  ],
};
const CSV = 'Code,Name\nAM-0001,Laptop\nAM-0002,打印机\nAM-0003,Projector\n';

function zbar(file: string): string[] {
  return execFileSync('zbarimg', ['--nodbus', '-q', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').sort();
}

describe('assetmark render', () => {
  it('writes one PBM a data row, read back by zbarimg, and reports pages and time', async () => {
    const label = labelFile('asset.wdfx', ASSET_LABEL);
    const data = join(scratch, 'assets.csv');
    writeFileSync(data, CSV);
    const out = join(scratch, 'out-all');
    const r = await run(['render', label, '--data', data, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^3 pages \\(3 files, 203 dpi\\) written to ${out} in \\d+ ms\\n$`));
    expect(readdirSync(out).sort()).toEqual(['page-0001.pbm', 'page-0002.pbm', 'page-0003.pbm']);
    // 50 x 30 mm at 203 dpi: round(50 * 203 / 25.4) = 400, round(30 * 203 / 25.4) = 240.
    expect(readFileSync(join(out, 'page-0002.pbm')).subarray(0, 11).toString()).toBe('P4\n400 240\n');
    expect(zbar(join(out, 'page-0002.pbm'))).toEqual(['CODE-128:AM-0002', 'QR-Code:AM-0002']);
  });

  it('renders a page range at 300 dpi as PNG', async () => {
    const label = labelFile('asset2.wdfx', ASSET_LABEL);
    const data = join(scratch, 'assets2.csv');
    writeFileSync(data, CSV);
    const out = join(scratch, 'out-png');
    const r = await run(['render', label, '--data', data, '--pages', '2-3', '--dpi', '300', '--format', 'png', '--out', out]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^2 pages \(2 files, 300 dpi\)/);
    expect(readdirSync(out).sort()).toEqual(['page-0002.png', 'page-0003.png']);
    const png = readFileSync(join(out, 'page-0003.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([591, 354]);
    expect(zbar(join(out, 'page-0003.png'))).toEqual(['CODE-128:AM-0003', 'QR-Code:AM-0003']);
  });

  it('uses the label\'s embedded spreadsheet (the vendor layout) and the serial numbers without one', async () => {
    // The vendor fixture without its pictures; its embedded CSV has three rows.
    const vendor = readFileSync(join(ROOT, 'src/label/fixtures/vendor-asset-label.wdfx'), 'utf8').replace(/^\s*<(Image|Photo|Logo) .*\/>\n/gm, '');
    const file = join(scratch, 'vendor.wdfx');
    writeFileSync(file, vendor);
    const r = await run(['render', file, '--out', join(scratch, 'out-vendor')]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^3 pages/);
    const serial = labelFile('serial.wdfx', { children: [{ kind: 'barcode', width: 36, height: 12, x: 2, y: 2, contentType: 1, content: 'SN-0007' }] });
    const s = await run(['render', serial, '--pages', '4-5', '--out', join(scratch, 'out-serial')]);
    expect(s.status).toBe(0);
    expect(zbar(join(scratch, 'out-serial', 'page-0005.pbm'))).toEqual(['CODE-128:SN-0011']);
  });

  it('writes the mirrored side of a mirrorPrint label', async () => {
    const label = labelFile('mirror.wdfx', { mirrorPrint: true, children: [{ kind: 'text', content: 'both' }] });
    const out = join(scratch, 'out-mirror');
    const r = await run(['render', label, '--out', out]);
    expect(r.stdout).toMatch(/^1 page \(2 files, 203 dpi\)/);
    expect(readdirSync(out).sort()).toEqual(['page-0001-mirrored.pbm', 'page-0001.pbm']);
  });
});

describe('assetmark render refuses bad input with one line and a non-zero status', () => {
  it.each<[string, () => string[], number, RegExp]>([
    ['no label', () => ['render', '--out', scratch], 2, /^assetmark: missing the label file/],
    ['no --out', () => ['render', join(scratch, 'x.wdfx')], 2, /^assetmark: missing --out DIR\n$/],
    ['a missing file', () => ['render', join(scratch, 'nope.wdfx'), '--out', scratch], 1, /^assetmark: cannot read the label file .*nope\.wdfx: no such file\n$/],
    ['a directory', () => ['render', scratch, '--out', scratch], 1, /^assetmark: cannot read the label file .*: it is a directory\n$/],
    ['a bad dpi', () => ['render', 'a.wdfx', '--dpi', '150', '--out', scratch], 2, /^assetmark: --dpi must be 203 or 300, got '150'\n$/],
    ['a bad format', () => ['render', 'a.wdfx', '--format', 'gif', '--out', scratch], 2, /^assetmark: --format must be pbm or png/],
    ['a bad page range', () => ['render', 'a.wdfx', '--pages', '3-1', '--out', scratch], 2, /^assetmark: --pages 3-1: the first page must be at least 1 and not after the last\n$/],
    ['a page range that is no range', () => ['render', 'a.wdfx', '--pages', 'all', '--out', scratch], 2, /^assetmark: --pages must be A-B, A or A- \(1-based\), got 'all'\n$/],
    ['an unknown option', () => ['render', 'a.wdfx', '--colour', 'red', '--out', scratch], 2, /^assetmark: Unknown option '--colour'/],
    ['--sheet without --data', () => ['render', 'a.wdfx', '--sheet', '2', '--out', scratch], 2, /^assetmark: --sheet needs --data\n$/],
    ['two labels', () => ['render', 'a.wdfx', 'b.wdfx', '--out', scratch], 2, /^assetmark: unexpected argument 'b.wdfx'\n$/],
  ])('%s', async (_, args, status, message) => {
    const r = await run(args());
    expect(r.status).toBe(status);
    expect(r.stderr.split('\n')).toHaveLength(2); // one line and its newline: no stack trace
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('names the file, the page and the control at fault', async () => {
    const notXml = join(scratch, 'not.wdfx');
    writeFileSync(notXml, '<LPAPI><Page><Text content="x"></Page>');
    const bad = await run(['render', notXml, '--out', join(scratch, 'o1')]);
    expect([bad.status, bad.stderr]).toEqual([1, expect.stringMatching(/^assetmark: .*not\.wdfx: Closing tag <\/Page> at line 1 does not match <Text>\.\n$/)]);

    const label = labelFile('ean.wdfx', { children: [{ kind: 'text', content: 'x' }, { kind: 'barcode', type: 'ean13', contentType: 2, dataColumnName: 'code' }] });
    const data = join(scratch, 'ean.csv');
    writeFileSync(data, 'code\n690123456789\n69012345678X\n');
    const r = await run(['render', label, '--data', data, '--out', join(scratch, 'o2')]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^assetmark: page 2, control 2 \(barcode\): EAN-13: .*\n$/);

    const range = await run(['render', label, '--data', data, '--pages', '2-5', '--out', join(scratch, 'o3')]);
    expect([range.status, range.stderr]).toEqual([1, 'assetmark: --pages 2-5: the data has 2 pages\n']);
    expect(existsSync(join(scratch, 'o3'))).toBe(false);

    const sheet = await run(['render', label, '--data', data, '--sheet', '3', '--out', join(scratch, 'o4')]);
    expect(sheet.status).toBe(1);
    expect(sheet.stderr).toMatch(/^assetmark: .*ean\.csv: .*3.*\n$/);
  });
});
