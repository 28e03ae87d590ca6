/**
 * The vendor's run-length package (image format 90, PrintPackage) read from records built
 * by hand from the format's definition, each with the dots it must give; damage refused
 * whole; and PrintPackage / PrintImageD format 90 printing those dots to the virtual printer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPackage } from './package-image.ts';
import { HelperFailure } from './protocol.ts';
import { startHelper, type RunningHelper } from './server.ts';
import { call, dotsOf, printedFiles, readPrintedPbm, tempDir } from './server-testing.ts';

const V203 = 'Assetmark Virtual 203';
const F203 = 'Assetmark_Virtual_203';

/** Rows of 0/1 as dotsOf writes them. */
function dots(width: number, rows: string[]): string {
  return `${width}x${rows.length}\n${rows.join('\n')}`;
}

const bits = (byte: number) => byte.toString(2).padStart(8, '0');
const ZERO = '00000000';

/**
 * 20 dots a row (3 bytes): a dots record with one leading zero byte and one byte of dots;
 * a whole row whose last byte has a bit past the 20th dot (not a dot); that row twice more;
 * three blank rows; a dots record with no leading zeros and two bytes.
 */
const SAMPLE = new Uint8Array([0xa0, 0x01, 0x01, 0xff, 0xb0, 0x80, 0x00, 0x11, 0xb2, 0xc3, 0xa0, 0x00, 0x02, 0x0f, 0xf0]);
const SAMPLE_DOTS = dots(20, [
  `${ZERO}11111111${ZERO}`.slice(0, 20),
  `10000000${ZERO}0001`,
  `10000000${ZERO}0001`,
  `10000000${ZERO}0001`,
  '0'.repeat(20),
  '0'.repeat(20),
  '0'.repeat(20),
  `${bits(0x0f)}${bits(0xf0)}0000`,
]);

describe('readPackage', () => {
  it('reads dots records, whole rows, repeats and blank rows; bits past the width are not dots', () => {
    expect(dotsOf(readPackage(SAMPLE, 20))).toBe(SAMPLE_DOTS);
  });

  it('takes the two high bits of both counts from the first byte (rows up to 1,023 bytes)', () => {
    // 4096 dots = 512 bytes a row: 300 zero bytes (0x12C), then 2 bytes of dots.
    const page = readPackage(new Uint8Array([0xa4, 0x2c, 0x02, 0xaa, 0x55]), 4096);
    expect([page.width, page.height, page.stride]).toEqual([4096, 1, 512]);
    expect(Array.from(page.data.subarray(298, 304))).toEqual([0, 0, 0xaa, 0x55, 0, 0]);
    // 258 bytes of dots (0x102) after none: count's high bits are the low two.
    const long = new Uint8Array(3 + 258).fill(0xff);
    long.set([0xa1, 0x00, 0x02]);
    const wide = readPackage(long, 4096);
    expect(wide.data.subarray(0, 258).every((b) => b === 0xff)).toBe(true);
    expect(wide.data[258]).toBe(0);
  });

  it.each([
    ['a byte that starts no record', [0x00], 7],
    ['0xE0, past the blank-row records', [0xe0], 7],
    ['a repeat with no row before it', [0xb1], 7],
    ['a dots record cut short', [0xa0, 0x00], 7],
    ['dots cut short', [0xa0, 0x00, 0x03, 0xff], 7],
    ['a row longer than the width', [0xa0, 0x02, 0x02, 0xff, 0xff], 7],
    ['a whole row cut short', [0xb0, 0xff], 7],
    ['nothing at all', [], 5],
    ['only zero blank rows', [0xc0], 5],
  ] as const)('refuses %s (code %i)', (_name, bytes, code) => {
    let failure: unknown;
    try {
      readPackage(new Uint8Array(bytes), 20);
    } catch (e) {
      failure = e;
    }
    expect(failure).toBeInstanceOf(HelperFailure);
    expect((failure as HelperFailure).code).toBe(code);
  });

  it('refuses a width that is no page width', () => {
    expect(() => readPackage(SAMPLE, 0)).toThrow(HelperFailure);
    expect(() => readPackage(SAMPLE, 4097)).toThrow(/width/);
  });
});

describe('PrintPackage and PrintImageD format 90 print the package dot for dot', () => {
  let dir: { path: string; remove(): Promise<void> };
  let helper: RunningHelper;
  beforeAll(async () => {
    dir = await tempDir('helper-package');
    helper = await startHelper({ dataDir: dir.path, allowedOrigins: [], port: 0, cups: false, log: { info() {}, error() {} } });
  });
  afterAll(async () => {
    await helper?.close();
    await dir?.remove();
  });

  const post = (path: string, type: string, body: string | Uint8Array) => call(helper.url, path, { headers: { 'Content-Type': type }, body: typeof body === 'string' ? body : Buffer.from(body) });

  it('as the SDK sends it: binary, base64 and hex bodies', async () => {
    const q = `printerName=${encodeURIComponent(V203)}&width=20`;
    const binary = await post(`/lpapi/PrintPackage?${q}&jobName=pkg-bin`, 'application/octet-stream', SAMPLE);
    expect(binary.body).toEqual({ statusCode: 0, resultInfo: expect.objectContaining({ printerName: V203, width: 20, height: 8, copies: 1 }) });
    await post(`/lpapi/PrintPackage?${q}&jobName=pkg-b64`, 'application/octet-stream;encoding=base64', Buffer.from(SAMPLE).toString('base64'));
    await post(`/lpapi/PrintPackage?${q}&jobName=pkg-hex`, 'application/octet-stream;encoding=hex16', Buffer.from(SAMPLE).toString('hex'));
    for (const job of ['pkg-bin', 'pkg-b64', 'pkg-hex']) {
      expect(dotsOf(await readPrintedPbm(dir.path, F203, job, '000001.pbm')), job).toBe(SAMPLE_DOTS);
    }
    const image = await post(`/lpapi/PrintImageD?printerName=${encodeURIComponent(V203)}&format=90&imageWidth=20&jobName=pkg-image`, 'application/octet-stream;encoding=base64', Buffer.from(SAMPLE).toString('base64'));
    expect(image.body.statusCode).toBe(0);
    expect(dotsOf(await readPrintedPbm(dir.path, F203, 'pkg-image', '000001.pbm'))).toBe(SAMPLE_DOTS);
  });

  it('a damaged package, no width or no data prints nothing and says why', async () => {
    const q = `printerName=${encodeURIComponent(V203)}&jobName=pkg-bad`;
    const damaged = await post(`/lpapi/PrintPackage?${q}&width=20`, 'application/octet-stream', new Uint8Array([...SAMPLE, 0x07]));
    expect(damaged.body.statusCode).toBe(7);
    expect(damaged.body.resultInfo).toContain('byte 15');
    expect((await post(`/lpapi/PrintPackage?${q}`, 'application/octet-stream', SAMPLE)).body.statusCode).toBe(6);
    expect((await post(`/lpapi/PrintPackage?${q}&width=20`, 'application/octet-stream', new Uint8Array())).body.statusCode).toBe(5);
    expect(await printedFiles(dir.path, F203, 'pkg-bad')).toEqual([]);
  });
});
