/**
 * The parse queue (parse-queue.ts): files read in worker threads, one at a time by default
 * and the rest in order, refused at the row and cell limits before they are built, and a
 * worker that runs out of its heap answered as "file too large" while the queue goes on.
 */
import { readFileSync } from 'node:fs';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportStage } from './limits.ts';
import { ImportParser } from './parse-queue.ts';
import { namesXlsx, repeated, rowXml, streamedXlsx, textCell } from './test-files.ts';

/** The file never-answering-parse-worker.ts never answers. */
const NEVER_ANSWER = 'never answer';

const limits = (over: Partial<typeof DEFAULT_IMPORT_LIMITS> = {}) => ({ ...DEFAULT_IMPORT_LIMITS, ...over });

async function refusal(promise: Promise<unknown>): Promise<{ kind: string; params: unknown }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { kind: err.kind, params: err.params };
    throw err;
  }
  throw new Error('expected a refusal');
}

const csv = (lines: string[]) => Buffer.from(lines.join('\n'), 'utf8');
function xls(rows: (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

describe('parse queue', () => {
  it('refuses a small file of 2.1 million rows at the row limit, before building its rows', async () => {
    const parser = new ImportParser(limits());
    expect(await refusal(parser.parse(namesXlsx(2_100_000), 'xlsx'))).toEqual({ kind: 'importTooManyRows', params: { max: 100_000 } });
    // The limit is configurable; a file at it is read whole.
    const small = new ImportParser(limits({ maxRows: 2000 }));
    const sheet = await small.parse(namesXlsx(2000), 'xlsx');
    expect(sheet.header).toEqual(['资产名称']);
    expect(sheet.data).toHaveLength(2000);
    expect(sheet.data[1999]).toEqual({ row: 2001, cells: ['Chair'] });
    expect(await refusal(small.parse(namesXlsx(2001), 'xlsx'))).toEqual({ kind: 'importTooManyRows', params: { max: 2000 } });
  });

  it('counts CSV records and .xls rows, and cells, against the limits', async () => {
    const parser = new ImportParser(limits({ maxRows: 5, maxCells: 14 }));
    const five = ['名称,编码', 'a,1', 'b,2', '', 'c,3', '"d\nd",4', 'e,5'];
    expect((await parser.parse(csv(five), 'csv')).data.map((d) => d.row)).toEqual([2, 3, 5, 6, 7]);
    expect(await refusal(parser.parse(csv([...five, 'f,6']), 'csv'))).toEqual({ kind: 'importTooManyRows', params: { max: 5 } });
    expect(await refusal(parser.parse(xls([['名称'], ['a'], ['b'], ['c'], ['d'], ['e'], ['f']]), 'xls'))).toEqual({
      kind: 'importTooManyRows',
      params: { max: 5 },
    });
    expect(await refusal(parser.parse(xls([['名称', 'x', 'y'], ['a', 1, 2], ['b', 1, 2], ['c', 1, 2], ['d', 1, 2]]), 'xls'))).toEqual({
      kind: 'importTooManyCells',
      params: { max: 14 },
    });
  });

  it('refuses a cell of more than 1 MiB of text before SheetJS reads it', async () => {
    const parser = new ImportParser(limits());
    const bomb = streamedXlsx(function* () {
      yield rowXml(['资产名称']);
      yield '<row><c t="inlineStr"><is><t>';
      yield* repeated('a'.repeat(1024), 240 * 1024);
      yield '</t></is></c></row>';
    });
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    expect(await refusal(parser.parse(bomb, 'xlsx'))).toEqual({ kind: 'importTextTooLong', params: { max: 1024 } });
  });

  it('answers a worker out of memory as "file too large", and parses the next file', async () => {
    // Within every count (2000 rows, 40,000 cells of 400 characters), but about 16 MB of
    // strings once parsed: more than a 12 MB heap holds.
    const parser = new ImportParser(limits({ workerHeapMb: 12 }));
    const wide = streamedXlsx(function* () {
      yield rowXml(Array.from({ length: 20 }, (_, i) => `c${i}`));
      for (let r = 0; r < 2000; r++) yield `<row>${Array.from({ length: 20 }, (_, c) => textCell(`${r}-${c}-`.padEnd(400, 'x'))).join('')}</row>`;
    });
    expect(await refusal(parser.parse(wide, 'xlsx'))).toEqual({ kind: 'importTooLargeToRead', params: { mb: 12 } });
    expect((await parser.parse(csv(['名称', 'a']), 'csv')).data).toEqual([{ row: 2, cells: ['a'] }]);
  });

  it('stops a file the spreadsheet library never finishes at the deadline, and parses the next', async () => {
    // npm run fuzz found .xls files on which SheetJS ran for ever (fixed since: the next
    // test); with one worker, such a file would have held every company's imports behind it.
    const parser = new ImportParser(limits({ workers: 1, parseMs: 2000 }), new URL('./never-answering-parse-worker.ts', import.meta.url));
    expect(await refusal(parser.parse(new TextEncoder().encode(NEVER_ANSWER), 'xls'))).toEqual({ kind: 'importTooSlowToRead', params: { s: 2 } });
    expect(parser.load).toEqual({ active: 0, waiting: 0 });
    expect((await parser.parse(csv(['名称', 'a']), 'csv')).data).toEqual([{ row: 2, cells: ['a'] }]);
  });

  it.each([
    ['sheetjs-formula-overrun.xls', 'importUnreadable'],
    ['sheetjs-formula-overrun-2.xls', 'importDamaged'],
  ])(
    'reads %s, a damaged .xls on which SheetJS ran for ever (a formula running past its record), at once: %s',
    async (file, kind) => {
      // scripts/patch-dependencies.mjs; before it, this parse ran into its deadline (20 s here).
      const damaged = readFileSync(new URL(`./fixtures/${file}`, import.meta.url));
      const parser = new ImportParser(limits({ parseMs: 20_000 }));
      expect(await refusal(parser.parse(damaged, 'xls'))).toMatchObject({ kind });
    },
  );

  it('does not count time held at a gate against the deadline', { timeout: 60_000 }, async () => {
    // The deadline is far above a worker's start (about a second on a loaded machine), so
    // only the time at the gate could make it fire.
    const parser = new ImportParser(limits({ parseMs: 10_000 }));
    let release!: () => void;
    let held!: () => void;
    const atGate = new Promise<void>((resolve) => (held = resolve));
    const gate = () => {
      held();
      return new Promise<void>((resolve) => (release = resolve));
    };
    const parsing = parser.parse(csv(['名称', 'a']), 'csv', { gate, jobId: 1 });
    await atGate;
    // Held past the whole deadline (the clock is stopped), then let go: it finishes.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    release();
    expect((await parsing).data).toEqual([{ row: 2, cells: ['a'] }]);
  });

  it('parses one file at a time; the next waits its turn, first come first served', async () => {
    const parser = new ImportParser(limits({ workers: 1 }));
    const reached: string[] = [];
    const releases = new Map<number, () => void>();
    let heldSignal!: () => void;
    const firstHeld = new Promise<void>((resolve) => (heldSignal = resolve));
    const gate = (stage: ImportStage, jobId: number) => {
      reached.push(`${jobId}:${stage}`);
      if (jobId === 1) heldSignal();
      return new Promise<void>((resolve) => releases.set(jobId, resolve));
    };
    const first = parser.parse(csv(['名称', 'first']), 'csv', { gate, jobId: 1 });
    await firstHeld;
    const second = parser.parse(csv(['名称', 'second']), 'csv', { gate, jobId: 2 });
    const third = parser.parse(csv(['名称', 'third']), 'csv', { gate, jobId: 3 });
    expect(parser.load).toEqual({ active: 1, waiting: 2 });
    expect(reached).toEqual(['1:parsed']);
    releases.get(1)!();
    expect((await first).data[0].cells).toEqual(['first']);
    // Each next file reaches its gate only once the one before it is done.
    while (!releases.has(2)) await new Promise((resolve) => setImmediate(resolve));
    expect(reached).toEqual(['1:parsed', '2:parsed']);
    releases.get(2)!();
    await second;
    while (!releases.has(3)) await new Promise((resolve) => setImmediate(resolve));
    releases.get(3)!();
    expect((await third).data[0].cells).toEqual(['third']);
    expect(reached).toEqual(['1:parsed', '2:parsed', '3:parsed']);
    expect(parser.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses rows with NUL characters or lone surrogates, naming row and column, and a header with them', async () => {
    const parser = new ImportParser(limits());
    const file = streamedXlsx(() => [
      rowXml(['资产名称', '规格型号']),
      rowXml(['Desk', 'ok']),
      rowXml(['Chair', 'a_x0000_b']),
      '<row><c t="inlineStr"><is><t>Lamp&#xD800;</t></is></c></row>',
      rowXml(['Shelf', '\u{1F600} pair']),
    ]);
    const sheet = await parser.parse(file, 'xlsx');
    expect(sheet.data).toEqual([
      { row: 2, cells: ['Desk', 'ok'] },
      { row: 5, cells: ['Shelf', '\u{1F600} pair'] },
    ]);
    expect(sheet.problems).toEqual([
      { row: 3, kind: 'rowBadCharacters', params: { column: '规格型号' } },
      { row: 4, kind: 'rowBadCharacters', params: { column: '资产名称' } },
    ]);
    // A NUL far into a CSV (past the first 8 KB that tell text from binary).
    const late = csv(['资产名称', ...Array.from({ length: 1000 }, (_, i) => `Item ${i}`), 'Bad\u0000name']);
    expect((await parser.parse(late, 'csv')).problems).toEqual([{ row: 1002, kind: 'rowBadCharacters', params: { column: '资产名称' } }]);
    const badHeader = streamedXlsx(() => [rowXml(['资产名称', 'x_x0000_']), rowXml(['Desk', 'a'])]);
    expect(await refusal(parser.parse(badHeader, 'xlsx'))).toEqual({ kind: 'importHeaderBadCharacters', params: { row: 1, column: 'B' } });
  });
});
