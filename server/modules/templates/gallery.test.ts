/**
 * The shipped gallery: every file reads with the label reader, has the size its catalogue
 * entry says, renders with the engine at 203 dpi through the print job, and its codes read
 * back with zbarimg (an independent decoder) as the sample row's asset code.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../src/engine/engine.ts';
import { pageToPbm } from '../../../src/engine/pbm.ts';
import { readLabel } from '../../../src/label/wdfx.ts';
import { formatPrintError } from '../../../src/print/errors.ts';
import { openJob } from '../../../src/print/job.ts';
import { loadLabelEngine } from '../../../src/render/pool-renderer.ts';
import { galleryContent } from './gallery.ts';
import { GALLERY, GALLERY_SAMPLE_CODE } from './gallery/catalog.ts';

let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await loadLabelEngine();
  scratch = mkdtempSync(join(tmpdir(), 'assetmark-gallery-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ZBAR_NAMES = { qrcode: 'QR-Code', code128: 'CODE-128' } as const;

describe.each(GALLERY)('$file', (entry) => {
  it('reads without warnings, in its size, binding asset fields by their stable keys', () => {
    const read = readLabel(galleryContent(entry.file));
    if (!read.ok) throw read.error;
    expect(read.warnings).toEqual([]);
    expect([read.value.labelWidth, read.value.labelHeight]).toEqual([entry.widthMm, entry.heightMm]);
    expect(read.value.labelName).toBe(entry.name);
    const kinds = read.value.children.map((c) => c.kind);
    expect(kinds).toContain('logo');
    expect(kinds).toContain('qrcode');
    const bound = read.value.children.flatMap((c) => ('dataColumnName' in c && c.contentType === 2 ? [c.dataColumnName] : []));
    expect(bound).toEqual(expect.arrayContaining(['assetName', 'assetCoding']));
  });

  it('renders at 203 dpi and its codes decode to the asset code', () => {
    const job = openJob(engine, galleryContent(entry.file), null, { dpi: 203 });
    if (!job.ok) throw new Error(formatPrintError(job.error, 'en'));
    const page = job.value.page(0);
    if (!page.ok) throw new Error(formatPrintError(page.error, 'en'));
    // 203 dpi: 8 dots a mm, give or take a rounding.
    expect(Math.abs(page.value.width - (entry.widthMm * 203) / 25.4)).toBeLessThanOrEqual(1);
    const file = join(scratch, `${entry.file}.pbm`);
    writeFileSync(file, pageToPbm(page.value));
    const read = execFileSync('zbarimg', ['--nodbus', '-q', file], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(read).toEqual(entry.codes.map((c) => `${ZBAR_NAMES[c]}:${GALLERY_SAMPLE_CODE}`).sort());
  });
});
