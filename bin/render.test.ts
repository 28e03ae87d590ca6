/**
 * `assetmark render` as a user runs it: the bash wrapper, from another directory, with a
 * label file and a spreadsheet; pages read back by zbarimg; bad input refused with one
 * line and a non-zero exit status.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelInput } from '../src/label/label.ts';
import { localeFromEnv } from './label-inputs.ts';
import { ROOT, run, writeLabelFile, type Run } from './render-testing.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-render-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function labelFile(name: string, input: LabelInput): string {
  return writeLabelFile(scratch, name, input);
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
    ['a bad orientation', () => ['render', 'a.wdfx', '--orientation', '45', '--out', scratch], 2, /^assetmark: --orientation must be label, 0, 90, 180 or 270, got '45'\n$/],
    ['no workers', () => ['render', 'a.wdfx', '--workers', '0', '--out', scratch], 2, /^assetmark: --workers must be auto or a whole number from 1 to 64, got '0'\n$/],
    ['too many workers', () => ['render', 'a.wdfx', '--workers', '65', '--out', scratch], 2, /^assetmark: --workers must be auto or a whole number from 1 to 64, got '65'\n$/],
    ['workers that are no number', () => ['render', 'a.wdfx', '--workers', 'all', '--out', scratch], 2, /^assetmark: --workers must be auto or a whole number from 1 to 64, got 'all'\n$/],
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
    expect(r.stderr).toMatch(/^assetmark: page 2 \(spreadsheet row 3\), control 2 \(barcode\): EAN-13: .*\n$/);

    const range = await run(['render', label, '--data', data, '--pages', '2-5', '--out', join(scratch, 'o3')]);
    expect([range.status, range.stderr]).toEqual([1, 'assetmark: --pages 2-5: the data has 2 pages\n']);
    expect(existsSync(join(scratch, 'o3'))).toBe(false);

    const sheet = await run(['render', label, '--data', data, '--sheet', '3', '--out', join(scratch, 'o4')]);
    expect(sheet.status).toBe(1);
    expect(sheet.stderr).toMatch(/^assetmark: .*ean\.csv: .*3.*\n$/);
  });
});

describe('assetmark render --locale and the environment', () => {
  /** `run` with the locale variables replaced by `env` (the others as they are). */
  function runIn(args: string[], env: Record<string, string>): Promise<Run> {
    const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['LC_ALL', 'LC_MESSAGES', 'LANG'].includes(k)));
    return run(args, { ...base, ...env });
  }

  // A text control that leaves its font to the locale; the same with each font given.
  const text = (font: string) =>
    `<LPAPI labelWidth="40" labelHeight="10"><Page><Text x="1" y="1" width="38" height="8" fontHeight="5" content="Asset 42 Wg"${font}/></Page></LPAPI>`;
  let page: (args: string[], env?: Record<string, string>) => Promise<Buffer>;
  let arial: Buffer;
  let hei: Buffer;
  beforeAll(async () => {
    let n = 0;
    page = async (args, env = {}) => {
      const out = join(scratch, `locale-${++n}`);
      const r = await runIn(['render', ...args, '--out', out], env);
      // bin/assetmark's bash warns when LC_ALL names a locale this machine lacks: not ours.
      const stderr = r.stderr.replace(/^bash: warning: setlocale: .*\n/gm, '');
      expect([r.status, stderr]).toEqual([0, '']);
      return readFileSync(join(out, 'page-0001.pbm'));
    };
    writeFileSync(join(scratch, 'locale.xml'), text(''));
    writeFileSync(join(scratch, 'arial.xml'), text(' fontName="Arial"'));
    writeFileSync(join(scratch, 'hei.xml'), text(' fontName="黑体"'));
    arial = await page([join(scratch, 'arial.xml')]);
    hei = await page([join(scratch, 'hei.xml')]);
    // The two fonts draw the text differently, or the checks below would prove nothing.
    expect(arial.equals(hei)).toBe(false);
  }, 60_000);

  it.each<[string, string]>([
    ['de-DE', 'Arial'], ['ja-JP', 'Arial'], ['en-US', 'Arial'], ['fr_FR.UTF-8', 'Arial'],
    ['zh-TW', '黑体'], ['zh-CN', '黑体'], ['zh_CN.GB18030', '黑体'], ['C', '黑体'],
  ])('--locale %s: the default font is %s', async (locale, font) => {
    const got = await page([join(scratch, 'locale.xml'), '--locale', locale], { LANG: 'en_US.UTF-8' });
    expect(got.equals(font === 'Arial' ? arial : hei)).toBe(true);
  }, 30_000);

  it.each<[Record<string, string>, string]>([
    [{}, '黑体'],
    [{ LANG: 'de_DE.UTF-8' }, 'Arial'],
    [{ LANG: 'C.UTF-8' }, '黑体'],
    [{ LANG: 'POSIX' }, '黑体'],
    [{ LC_ALL: 'C', LANG: 'de_DE.UTF-8' }, '黑体'],
    [{ LC_MESSAGES: 'ja_JP.UTF-8', LANG: 'zh_CN.UTF-8' }, 'Arial'],
    [{ LC_ALL: 'zh_TW.UTF-8', LC_MESSAGES: 'en_US.UTF-8' }, '黑体'],
  ])('environment %j: the default font is %s', async (env, font) => {
    const got = await page([join(scratch, 'locale.xml')], env);
    expect(got.equals(font === 'Arial' ? arial : hei)).toBe(true);
  }, 30_000);

  it('reads the locale from LC_ALL, LC_MESSAGES, LANG in that order', () => {
    expect(localeFromEnv({})).toBe('zh-CN');
    expect(localeFromEnv({ LANG: 'en_US.UTF-8' })).toBe('en-US');
    expect(localeFromEnv({ LANG: 'de_DE@euro' })).toBe('de-DE');
    expect(localeFromEnv({ LANG: 'C' })).toBe('zh-CN');
    expect(localeFromEnv({ LANG: 'C.UTF-8' })).toBe('zh-CN');
    expect(localeFromEnv({ LANG: 'POSIX' })).toBe('zh-CN');
    expect(localeFromEnv({ LC_ALL: '', LC_MESSAGES: 'ja_JP.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('ja-JP');
    expect(localeFromEnv({ LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'ja_JP.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('fr-FR');
    expect(localeFromEnv({ LANG: 'not a locale!' })).toBe('zh-CN');
  });

  it.each<[string, string[], RegExp]>([
    ['a bad locale', ['--locale', 'en US'], /^assetmark: --locale must be a language tag such as en-US, de-DE or zh-CN, got 'en US'\n$/],
    ['a bad halftone', ['--halftone', 'random'], /^assetmark: --halftone must be ordered, floyd-steinberg or atkinson, got 'random'\n$/],
    ['a bad --on-error', ['--on-error', 'ignore'], /^assetmark: --on-error must be stop or skip, got 'ignore'\n$/],
  ])('refuses %s with one line and status 2', async (_, args, message) => {
    const r = await run(['render', 'a.wdfx', ...args, '--out', scratch]);
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(message);
  });

  it('documents the options and the exit statuses in --help', async () => {
    const r = await run(['render', '--help']);
    expect(r.status).toBe(0);
    for (const s of ['--halftone ordered|floyd-steinberg|atkinson', '--on-error stop|skip', '--locale TAG', 'LC_ALL, LC_MESSAGES or LANG', '3 pages skipped']) {
      expect(r.stdout).toContain(s);
    }
  });
});

describe('assetmark render refuses oversized and hostile files before they cost memory', () => {
  /** Runs render with `label` and `data`; expects one line on stderr, status 1, and returns it. */
  async function refused(label: string, data?: string): Promise<string> {
    const t0 = performance.now();
    const r = await run(['render', label, ...(data ? ['--data', data] : []), '--out', join(scratch, 'refused'), '--pages', '1']);
    expect([r.status, r.stdout, r.stderr.split('\n').length]).toEqual([1, '', 2]);
    // Start-up alone is about half a second; reading a 1.2 GB file took over six.
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r.stderr).not.toMatch(/Cannot read|undefined|Unsupported|Error:/);
    return r.stderr;
  }

  it('refuses files over the byte caps from their size, without reading them', async () => {
    // Sparse files: 1.2 GB and 60 MB on paper, no disk used.
    const big = join(scratch, 'big.wdfx');
    writeFileSync(big, '');
    truncateSync(big, 1200 * 1024 * 1024);
    expect(await refused(big)).toMatch(/^assetmark: .*big\.wdfx: The file is too large \(1200 MB; at most 256 MB\)\.\n$/);
    const label = labelFile('plain.wdfx', { children: [{ kind: 'text', content: 'x' }] });
    const csv = join(scratch, 'big.csv');
    writeFileSync(csv, '');
    truncateSync(csv, 60 * 1024 * 1024);
    expect(await refused(label, csv)).toMatch(/^assetmark: .*big\.csv: The file is too large \(60 MB; at most 50 MB\)\.\n$/);
  });

  it('says a file given as --data is not a spreadsheet, damaged, or a decompression bomb', async () => {
    const label = labelFile('plain.wdfx', { children: [{ kind: 'text', content: 'x' }] });
    expect(await refused(label, label)).toMatch(/: The file is not a readable \.xlsx, \.xls or \.csv spreadsheet \(it is XML or HTML\)\.\n$/);

    const corrupt = join(scratch, 'corrupt.xlsx');
    writeFileSync(corrupt, 'PK\x03\x04garbage'.repeat(100));
    expect(await refused(label, corrupt)).toMatch(/: The file is not a readable \.xlsx, \.xls or \.csv spreadsheet \(it is damaged or incomplete\)\.\n$/);

    // A zip of a few hundred bytes whose sheet declares 300 MB unpacked (local header and
    // central directory alike), as a bomb's does.
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': new TextEncoder().encode('<worksheet/>') });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const directory = view.getUint32(zip.length - 22 + 16, true);
    view.setUint32(22, 300 * 1024 * 1024, true);
    view.setUint32(directory + 24, 300 * 1024 * 1024, true);
    const bomb = join(scratch, 'bomb.xlsx');
    writeFileSync(bomb, zip);
    expect(await refused(label, bomb)).toMatch(/bomb\.xlsx: The spreadsheet is too large once unpacked \(at least 300 MB; at most 256 MB\)\.\n$/);
  });
});
