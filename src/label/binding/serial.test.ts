import { describe, expect, it } from 'vitest';
import { findPagePattern, findSerialRun, serialPageCount, serialSeed, stepSerial } from './serial.ts';

const pages = (content: string, offset: number, n: number, digits = 15) => Array.from({ length: n }, (_, i) => stepSerial(content, offset, i, digits));

describe('serial numbers (Degree content)', () => {
  it('steps the last run of digits by degreeOffset per page', () => {
    expect(pages('001', 1, 4)).toEqual(['001', '002', '003', '004']);
    expect(pages('A1B7', 2, 3)).toEqual(['A1B7', 'A1B9', 'A1B11']);
    expect(pages('SN-12-X', 10, 3)).toEqual(['SN-12-X', 'SN-22-X', 'SN-32-X']);
    expect(pages('7', 1, 4)).toEqual(['7', '8', '9', '10']);
    expect(stepSerial('box 5 of 9 pcs', 1, 1, 15)).toBe('box 5 of 10 pcs');
  });

  it('keeps leading zeros and grows past the run width', () => {
    expect(stepSerial('A009', 1, 1, 15)).toBe('A010');
    expect(stepSerial('A0099', 1, 1, 15)).toBe('A0100');
    expect(stepSerial('A999', 1, 1, 15)).toBe('A1000');
    expect(stepSerial('0000', 1, 5, 15)).toBe('0005');
  });

  it('counts down with a negative offset and stops at 0', () => {
    expect(pages('0003', -1, 6)).toEqual(['0003', '0002', '0001', '0000', '0000', '0000']);
    expect(stepSerial('X10', -3, 4, 15)).toBe('X00');
  });

  it('limits the number to 15 digits (text controls 9) and clamps at the maximum', () => {
    expect(stepSerial('999999999999998', 1, 5, 15)).toBe('999999999999999');
    expect(stepSerial('999999998', 1, 5, 9)).toBe('999999999');
    // In a longer run only the last digits are the number; the rest stays as text.
    expect(stepSerial('1234567890123', 1, 1, 9)).toBe('1234567890124');
    expect(stepSerial('1234999999999', 1, 1, 9)).toBe('1234999999999');
    expect(stepSerial('12345678901234567', 1, 1, 15)).toBe('12345678901234568');
    expect(findSerialRun('1234567890123', 9)).toEqual({ start: 4, end: 13, value: 567890123 });
    expect(stepSerial('100', 1e15, 1e6, 15)).toBe('999999999999999');
  });

  it('leaves content without digits, and page 0, unchanged', () => {
    expect(pages('ABC', 1, 3)).toEqual(['ABC', 'ABC', 'ABC']);
    expect(stepSerial('', 1, 3, 15)).toBe('');
    expect(stepSerial('A5', 7, 0, 15)).toBe('A5');
    expect(stepSerial('A5', 0, 9, 15)).toBe('A5');
  });

  it('reads N/M and N-M as a current value and a page count', () => {
    expect(pages('1/3', 1, 5)).toEqual(['1/3', '2/3', '3/3', '3/3', '3/3']);
    expect(pages('01-10', 1, 3)).toEqual(['01-10', '02-10', '03-10']);
    expect(pages('Box 2/5 ok', 2, 3)).toEqual(['Box 2/5 ok', 'Box 4/5 ok', 'Box 5/5 ok']);
    expect(pages('5/5', -2, 4)).toEqual(['5/5', '3/5', '1/5', '0/5']);
    expect(serialPageCount('1/12', 15)).toBe(12);
    expect(serialPageCount('3-7', 15)).toBe(7);
    expect(findPagePattern('A 1/2 B 3/4', 15)).toMatchObject({ n: { start: 8, end: 9, value: 3 }, total: 4 });
  });

  it('does not read serial codes as page patterns', () => {
    // N > M: a date-like code, so the last run steps as usual.
    expect(serialPageCount('SN-2024-001', 15)).toBeUndefined();
    expect(stepSerial('SN-2024-001', 1, 1, 15)).toBe('SN-2024-002');
    expect(serialPageCount('1/0', 15)).toBeUndefined();
    expect(serialPageCount('1/2x3', 15)).toBeUndefined(); // digits after M
    expect(serialPageCount('1//2', 15)).toBeUndefined();
    expect(serialPageCount('1/1234567890', 9)).toBeUndefined(); // M beyond the digit limit
  });

  it('seeds new serial content with degreeLength digits', () => {
    expect(serialSeed(3)).toBe('001');
    expect(serialSeed(1)).toBe('1');
    expect(serialSeed(0)).toBe('1');
  });
});
