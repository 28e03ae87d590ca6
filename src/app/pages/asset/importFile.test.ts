import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '../../../api/contract';
import { base64ToBytes, bytesToBase64, checkImportFiles, fileSuffix, IMPORT_ACCEPT, readFileAsBase64 } from './importFile';

describe('import file checks', () => {
  it('takes exactly one .xlsx, .xls or .csv file of at most 3 MB', () => {
    expect(checkImportFiles([{ name: 'assets.xlsx', size: 1000 }])).toBeNull();
    expect(checkImportFiles([{ name: 'ASSETS.XLS', size: 1 }])).toBeNull();
    expect(checkImportFiles([{ name: 'data.csv', size: IMPORT_MAX_BYTES }])).toBeNull();
  });

  it('names what is wrong', () => {
    expect(checkImportFiles([])).toBe('none');
    expect(checkImportFiles([{ name: 'a.xlsx', size: 1 }, { name: 'b.xlsx', size: 1 }])).toBe('tooMany');
    expect(checkImportFiles([{ name: 'a.pdf', size: 1 }])).toBe('type');
    expect(checkImportFiles([{ name: 'xlsx', size: 1 }])).toBe('type');
    expect(checkImportFiles([{ name: 'a.xlsx.txt', size: 1 }])).toBe('type');
    expect(checkImportFiles([{ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1 }])).toBe('tooLarge');
    expect(checkImportFiles([{ name: 'a.csv', size: 0 }])).toBe('empty');
  });

  it('reads suffixes and offers the accepted ones to the picker', () => {
    expect(fileSuffix('a.b.XlSx')).toBe('xlsx');
    expect(fileSuffix('noext')).toBe('');
    expect(IMPORT_ACCEPT).toBe('.xlsx,.xls,.csv');
  });
});

describe('base64', () => {
  it('round-trips bytes, also past one slice', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    const text = bytesToBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64ToBytes(text)).toEqual(bytes);
    expect(await readFileAsBase64(new Blob([bytes]))).toBe(text);
  });
});
