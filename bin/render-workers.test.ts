/**
 * `assetmark render` on worker threads and with printOrientation: the pool path writes the
 * very files the in-process path writes (every byte of every file compared), fails on bad
 * data with the same one-line message and exits (no worker left running), and turns pages
 * clockwise by the label's printOrientation or --orientation.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelInput } from '../src/label/label.ts';
import { poolMinFiles } from './commands/render.ts';
import { run, writeLabelFile } from './render-testing.ts';
import { samplePicture } from '../src/render/golden-cases.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-render-workers-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function labelFile(name: string, input: LabelInput): string {
  return writeLabelFile(scratch, name, input);
}

/** A 40 x 30 mm asset label: border, two bound text lines (one Chinese), EAN-13 and QR. */
const ASSET: LabelInput = {
  labelWidth: 40, labelHeight: 30,
  children: [
    { kind: 'rectangle', x: 0.5, y: 0.5, width: 39, height: 29, lineWidth: 0.3 },
    { kind: 'barcode', x: 2, y: 9, width: 24, height: 14, type: 'ean13', contentType: 2, dataColumnName: 'ean' },
    { kind: 'text', x: 2, y: 2, width: 36, height: 4, fontHeight: 3, contentType: 2, dataColumnName: 'name' },
    { kind: 'qrcode', x: 27, y: 9, width: 11, height: 11, contentType: 2, dataColumnName: 'url' },
    { kind: 'text', x: 2, y: 25, width: 36, height: 3, fontHeight: 2.2, content: 'NO.0001', contentType: 1 },
  ],
};

/** `rows` data rows; row `bad` (1-based) gets an EAN-13 with a letter in it. */
function csv(name: string, rows: number, bad?: number): string {
  const file = join(scratch, name);
  const lines = Array.from({ length: rows }, (_, i) => {
    const ean = i + 1 === bad ? '69012345678X' : `690${String(100_000_000 + i * 7919).slice(-9)}`;
    return `${ean},资产 ${i + 1} 笔记本电脑,https://am.example.com/a/${i + 1}`;
  });
  writeFileSync(file, ['ean,name,url', ...lines].join('\n') + '\n');
  return file;
}

/** Every file of two output directories, compared byte for byte. */
function expectSameFiles(a: string, b: string, files: number): void {
  const names = readdirSync(a).sort();
  expect(names).toHaveLength(files);
  expect(readdirSync(b).sort()).toEqual(names);
  const differing = names.filter((n) => !readFileSync(join(a, n)).equals(readFileSync(join(b, n))));
  expect(differing).toEqual([]);
}

/** A PBM file's size and its dot at (x, y) (1 = black). */
function pbm(file: string): { width: number; height: number; dot: (x: number, y: number) => number } {
  const bytes = readFileSync(file);
  const m = /^P4\n(\d+) (\d+)\n/.exec(bytes.subarray(0, 32).toString('latin1'));
  if (!m) throw new Error(`${file} is no PBM`);
  const [width, height] = [Number(m[1]), Number(m[2])];
  const stride = Math.ceil(width / 8);
  const at = m[0].length;
  return { width, height, dot: (x, y) => (bytes[at + y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 };
}

describe('assetmark render on worker threads', () => {
  it('writes 80 pages on 2 workers exactly as in one thread', async () => {
    const label = labelFile('asset.wdfx', ASSET);
    const data = csv('assets.csv', 80);
    const one = await run(['render', label, '--data', data, '--workers', '1', '--out', join(scratch, 'w1')]);
    const two = await run(['render', label, '--data', data, '--workers', '2', '--out', join(scratch, 'w2')]);
    expect([one.status, one.stderr]).toEqual([0, '']);
    expect([two.status, two.stderr]).toEqual([0, '']);
    expect(one.stdout).toMatch(/^80 pages \(80 files, 203 dpi\) written to .* in \d+ ms\n$/);
    expect(two.stdout).toMatch(/^80 pages \(80 files, 203 dpi, 2 workers\) written to .* in \d+ ms\n$/);
    expectSameFiles(join(scratch, 'w1'), join(scratch, 'w2'), 80);
    // The pages differ (the data is bound): identical files would prove nothing.
    expect(readFileSync(join(scratch, 'w1', 'page-0001.pbm')).equals(readFileSync(join(scratch, 'w1', 'page-0002.pbm')))).toBe(false);
  }, 120_000);

  it('writes both sides of a mirrorPrint label, turned, as PNG, a page range, the same on 3 workers', async () => {
    const label = labelFile('mirror.wdfx', { ...ASSET, mirrorPrint: true, orientation: 270 });
    const data = csv('mirror.csv', 40);
    const args = ['render', label, '--data', data, '--pages', '5-34', '--format', 'png', '--dpi', '300'];
    const one = await run([...args, '--workers', '1', '--out', join(scratch, 'm1')]);
    const three = await run([...args, '--workers', '3', '--out', join(scratch, 'm3')]);
    expect([one.status, one.stderr, three.status, three.stderr]).toEqual([0, '', 0, '']);
    expect(three.stdout).toMatch(/^30 pages \(60 files, 300 dpi, 3 workers\)/);
    expectSameFiles(join(scratch, 'm1'), join(scratch, 'm3'), 60);
    const names = readdirSync(join(scratch, 'm3')).sort();
    expect(names.slice(0, 2)).toEqual(['page-0005-mirrored.png', 'page-0005.png']);
    expect(names.at(-1)).toBe('page-0034.png');
    // Turned a quarter: 40 x 30 mm at 300 dpi is 472 x 354 dots upright, 354 x 472 turned.
    const png = readFileSync(join(scratch, 'm3', 'page-0020.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([354, 472]);
  }, 120_000);

  it('stops at bad data in row 37 with the in-process message, and exits', async () => {
    const label = labelFile('bad.wdfx', ASSET);
    const data = csv('bad.csv', 80, 37);
    const one = await run(['render', label, '--data', data, '--workers', '1', '--out', join(scratch, 'b1')]);
    const two = await run(['render', label, '--data', data, '--workers', '2', '--out', join(scratch, 'b2')]);
    expect(one.stderr).toMatch(/^assetmark: page 37 \(spreadsheet row 38\), control 2 \(barcode\): EAN-13: .*\n$/);
    expect(two).toEqual({ ...one, hung: false });
    expect(one.status).toBe(1);
    expect(one.stdout).toBe('');
    // The pages before the bad one are written; the bad one is not.
    expect(readdirSync(join(scratch, 'b1'))).toContain('page-0036.pbm');
    expect(readdirSync(join(scratch, 'b2'))).not.toContain('page-0037.pbm');
  }, 120_000);
});

describe('assetmark render warnings on worker threads', () => {
  it('names each page whose picture cannot be decoded, as in one thread', async () => {
    const label = labelFile('picture.wdfx', {
      children: [
        { kind: 'text', x: 1, y: 1, width: 30, height: 4, contentType: 2, dataColumnName: 'name' },
        { kind: 'picture', x: 1, y: 6, width: 10, height: 10, content: 'data:image/png;base64,AAAA' },
      ],
    });
    const data = csv('picture.csv', 3);
    const one = await run(['render', label, '--data', data, '--workers', '1', '--out', join(scratch, 'p1')]);
    const two = await run(['render', label, '--data', data, '--workers', '2', '--out', join(scratch, 'p2')]);
    const expected = [1, 2, 3].map((p) => `assetmark: page ${p}: control 2: the picture could not be decoded\n`).join('');
    expect([one.status, one.stderr]).toEqual([0, expected]);
    expect([two.status, two.stderr]).toEqual([0, expected]);
    expectSameFiles(join(scratch, 'p1'), join(scratch, 'p2'), 3);
  }, 60_000);
});

describe('--workers auto: when the pool pays off', () => {
  const ASSET_DOTS = 320 * 240; // 40 x 30 mm at 203 dpi

  it('never on one core, nor for PBM on two (file writes bound both paths)', () => {
    expect(poolMinFiles('png', ASSET_DOTS, 1)).toBe(Infinity);
    expect(poolMinFiles('pbm', ASSET_DOTS, 2)).toBe(Infinity);
  });

  it('from thousands of files, sooner with more cores, for PNG and for larger pages', () => {
    const png2 = poolMinFiles('png', ASSET_DOTS, 2);
    expect(png2).toBeGreaterThan(1000);
    expect(png2).toBeLessThan(10_000);
    expect(poolMinFiles('png', ASSET_DOTS, 8)).toBeLessThan(png2);
    expect(poolMinFiles('pbm', ASSET_DOTS, 8)).toBeGreaterThan(poolMinFiles('png', ASSET_DOTS, 8));
    expect(poolMinFiles('pbm', 4 * ASSET_DOTS, 8)).toBeLessThan(poolMinFiles('pbm', ASSET_DOTS, 8));
  });
});

describe('assetmark render turns pages by printOrientation', () => {
  // A 40 x 20 mm label with a 6 x 4 mm black block in its top-left corner: 320 x 160 dots
  // at 203 dpi, the block about 48 x 32 dots.
  const corner: LabelInput = {
    labelWidth: 40, labelHeight: 20,
    children: [{ kind: 'rectangle', x: 0, y: 0, width: 6, height: 4, lineWidth: 0.3, filled: true }],
  };

  /** Which corners of the page have ink, clockwise from the top left. */
  function inkedCorners(file: string): string[] {
    const p = pbm(file);
    const probe = 4; // dots in from each edge
    const corners: [string, number, number][] = [
      ['top-left', probe, probe], ['top-right', p.width - 1 - probe, probe],
      ['bottom-right', p.width - 1 - probe, p.height - 1 - probe], ['bottom-left', probe, p.height - 1 - probe],
    ];
    return corners.filter(([, x, y]) => p.dot(x, y) === 1).map(([name]) => name);
  }

  it.each<[string, number, string[], [number, number]]>([
    ['label', 0, ['top-left'], [320, 160]],
    ['label', 90, ['top-right'], [160, 320]],
    ['label', 180, ['bottom-right'], [320, 160]],
    ['label', 270, ['bottom-left'], [160, 320]],
    ['0', 90, ['top-left'], [320, 160]],
    ['90', 0, ['top-right'], [160, 320]],
  ])('--orientation %s with printOrientation %i', async (orientation, printOrientation, corners, size) => {
    const label = labelFile(`corner-${orientation}-${printOrientation}.wdfx`, { ...corner, orientation: printOrientation });
    const out = join(scratch, `corner-${orientation}-${printOrientation}`);
    const r = await run(['render', label, '--orientation', orientation, '--out', out]);
    expect([r.status, r.stderr]).toEqual([0, '']);
    const file = join(out, 'page-0001.pbm');
    const p = pbm(file);
    expect([p.width, p.height]).toEqual(size);
    expect(inkedCorners(file)).toEqual(corners);
  });
});

/** `rows` data rows like `csv`'s, the rows in `bad` (1-based) with an EAN-13 that has a letter. */
function csvWithBadRows(name: string, rows: number, bad: readonly number[]): string {
  const file = join(scratch, name);
  const lines = Array.from({ length: rows }, (_, i) => {
    const ean = bad.includes(i + 1) ? '69012345678X' : `690${String(100_000_000 + i * 7919).slice(-9)}`;
    return `${ean},资产 ${i + 1},https://am.example.com/a/${i + 1}`;
  });
  writeFileSync(file, ['ean,name,url', ...lines].join('\n') + '\n');
  return file;
}

/** The file names in a directory, sorted. */
const names = (dir: string) => readdirSync(dir).sort();

describe('assetmark render --on-error skip', () => {
  const warning = (page: number, side = '') =>
    `assetmark: skipped page ${page}${side} (spreadsheet row ${page + 1}), control 2 (barcode): EAN-13: invalid character 'X' at position 12\n`;

  it('writes every other page, names the skipped ones, exits 3, the same on 2 workers', async () => {
    const label = labelFile('skip.wdfx', ASSET);
    const data = csvWithBadRows('skip.csv', 80, [7, 37]);
    const args = ['render', label, '--data', data, '--on-error', 'skip'];
    const one = await run([...args, '--workers', '1', '--out', join(scratch, 's1')]);
    const two = await run([...args, '--workers', '2', '--out', join(scratch, 's2')]);
    const stderr = warning(7) + warning(37) + 'assetmark: 2 of 80 pages skipped (--on-error skip): pages 7, 37\n';
    expect([one.status, one.stderr]).toEqual([3, stderr]);
    expect([two.status, two.stderr, two.hung]).toEqual([3, stderr, false]);
    expect(one.stdout).toMatch(/^78 pages \(78 files, 203 dpi\) written to .* in \d+ ms\n$/);
    expect(two.stdout).toMatch(/^78 pages \(78 files, 203 dpi, 2 workers\) written to .* in \d+ ms\n$/);
    expectSameFiles(join(scratch, 's1'), join(scratch, 's2'), 78);
    expect(names(join(scratch, 's1'))).not.toContain('page-0007.pbm');
    expect(names(join(scratch, 's1'))).not.toContain('page-0037.pbm');
    expect(names(join(scratch, 's1'))).toContain('page-0080.pbm');
  }, 120_000);

  it('writes the same pages as a run without the bad rows', async () => {
    // The pages that are written are the ones the default run writes for good data.
    const label = labelFile('skip-same.wdfx', ASSET);
    const bad = await run(['render', label, '--data', csvWithBadRows('skip-same-bad.csv', 6, [3]), '--on-error', 'skip', '--out', join(scratch, 'ss-bad')]);
    const good = await run(['render', label, '--data', csvWithBadRows('skip-same-good.csv', 6, []), '--out', join(scratch, 'ss-good')]);
    expect([bad.status, good.status]).toEqual([3, 0]);
    for (const n of names(join(scratch, 'ss-bad'))) {
      expect(readFileSync(join(scratch, 'ss-bad', n)).equals(readFileSync(join(scratch, 'ss-good', n)))).toBe(true);
    }
    expect(names(join(scratch, 'ss-bad'))).toHaveLength(5);
  }, 60_000);

  it('leaves out both sides of a two-sided page, on 2 workers as in one thread', async () => {
    const label = labelFile('skip-mirror.wdfx', { ...ASSET, mirrorPrint: true });
    const data = csvWithBadRows('skip-mirror.csv', 12, [5]);
    const args = ['render', label, '--data', data, '--on-error', 'skip'];
    const one = await run([...args, '--workers', '1', '--out', join(scratch, 'sm1')]);
    const two = await run([...args, '--workers', '2', '--out', join(scratch, 'sm2')]);
    // The barcode draws on both sides (mirrorMode 1), so both fail; neither file is written.
    const stderr = warning(5) + warning(5, ' mirrored side') + 'assetmark: 1 of 12 pages skipped (--on-error skip): page 5\n';
    expect([one.status, one.stderr, two.status, two.stderr]).toEqual([3, stderr, 3, stderr]);
    expect(one.stdout).toMatch(/^11 pages \(22 files, 203 dpi\)/);
    expectSameFiles(join(scratch, 'sm1'), join(scratch, 'sm2'), 22);
    expect(names(join(scratch, 'sm1')).filter((n) => n.startsWith('page-0005'))).toEqual([]);
  }, 120_000);

  it('lists the first ten skipped pages and counts the rest', async () => {
    const label = labelFile('skip-many.wdfx', ASSET);
    const bad = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    const r = await run(['render', label, '--data', csvWithBadRows('skip-many.csv', 40, bad), '--on-error', 'skip', '--out', join(scratch, 'many')]);
    expect(r.status).toBe(3);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toBe('assetmark: 12 of 40 pages skipped (--on-error skip): pages 2, 3, 5, 7, 11, 13, 17, 19, 23, 29 and 2 more');
    expect(readdirSync(join(scratch, 'many'))).toHaveLength(28);
  }, 60_000);

  it('still stops at the first bad page by default and with --on-error stop', async () => {
    const label = labelFile('stop.wdfx', ASSET);
    const data = csvWithBadRows('stop.csv', 6, [3, 5]);
    const byDefault = await run(['render', label, '--data', data, '--out', join(scratch, 'stop1')]);
    const stop = await run(['render', label, '--data', data, '--on-error', 'stop', '--out', join(scratch, 'stop2')]);
    const stderr = "assetmark: page 3 (spreadsheet row 4), control 2 (barcode): EAN-13: invalid character 'X' at position 12\n";
    expect([byDefault.status, byDefault.stderr, byDefault.stdout]).toEqual([1, stderr, '']);
    expect([stop.status, stop.stderr]).toEqual([1, stderr]);
    expect(names(join(scratch, 'stop1'))).toEqual(['page-0001.pbm', 'page-0002.pbm']);
  }, 60_000);
});

describe('assetmark render --halftone', () => {
  // A 60 x 40 mm half-tone picture of a grey ramp: every dither draws it differently.
  const PICTURE: LabelInput = {
    labelWidth: 60, labelHeight: 40,
    children: [{ kind: 'picture', x: 1, y: 1, width: 58, height: 38, content: samplePicture(), colorMode: 3 }],
  };

  it('dithers half-tone pictures as asked, the same on 2 workers as in one thread', async () => {
    const label = labelFile('halftone.wdfx', PICTURE);
    // Four pages (serial pages: the label has no data) so that 2 workers both render.
    const out = (h: string, w: number) => join(scratch, `ht-${h}-${w}`);
    for (const h of ['default', 'ordered', 'floyd-steinberg', 'atkinson']) {
      for (const w of h === 'default' ? [1] : [1, 2]) {
        const args = ['render', label, '--pages', '1-4', '--workers', String(w), '--out', out(h, w)];
        const r = await run(h === 'default' ? args : [...args, '--halftone', h]);
        expect([r.status, r.stderr]).toEqual([0, '']);
      }
    }
    for (const h of ['ordered', 'floyd-steinberg', 'atkinson']) expectSameFiles(out(h, 1), out(h, 2), 4);
    const page = (h: string) => readFileSync(join(out(h, 1), 'page-0001.pbm'));
    expect(page('default').equals(page('ordered'))).toBe(true);
    expect(page('ordered').equals(page('floyd-steinberg'))).toBe(false);
    expect(page('ordered').equals(page('atkinson'))).toBe(false);
    expect(page('floyd-steinberg').equals(page('atkinson'))).toBe(false);
    // The ramp dithers to ink: not a blank page whatever the dither.
    for (const h of ['ordered', 'floyd-steinberg', 'atkinson']) {
      const p = pbm(join(out(h, 1), 'page-0001.pbm'));
      let ink = 0;
      for (let x = 0; x < p.width; x += 3) ink += p.dot(x, p.height >> 1);
      expect(ink).toBeGreaterThan(10);
    }
  }, 180_000);
});
