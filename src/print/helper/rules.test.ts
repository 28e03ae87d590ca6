import { describe, expect, it } from 'vitest';
import {
  dotsToWire,
  dpiFromPrinterName,
  helperVersionDate,
  isLocalPrinter,
  isValidPrintParam,
  mmToWire,
  normaliseThreshold,
} from './rules.ts';

describe('dpiFromPrinterName: 300 dpi for 1-3 capitals, 1-4 digits, then P, at the start', () => {
  it.each([
    ['B3P', 300],
    ['Q2P', 300],
    ['DT100P', 300],
    ['ABC1234P', 300],
    ['B3P-8A31', 300], // anything may follow the P
    ['DT100PLUS', 300],
    ['X9P ', 300],
  ])('%s -> %i', (name, dpi) => {
    expect(dpiFromPrinterName(name)).toBe(dpi);
  });

  it.each([
    ['ABCD1P', 'four capitals'],
    ['A12345P', 'five digits'],
    ['B3', 'no P'],
    ['B3X', 'not P after the digits'],
    ['b3P', 'lower-case letter'],
    ['B3p', 'lower-case p'],
    ['3P', 'no letter'],
    ['BP', 'no digit'],
    [' B3P', 'leading space: not a prefix'],
    ['Virtual B3P', 'pattern later in the name'],
    ['Ｂ3P', 'full-width capital'],
    ['Assetmark Virtual 300', 'our virtual printer names'],
    ['', 'empty name'],
  ])('%j -> 203 (%s)', (name) => {
    expect(dpiFromPrinterName(name)).toBe(203);
  });
});

describe('isLocalPrinter: type < 10 from helper 2.3.20230621 on, type <= 1 before', () => {
  it('reads the date part of the version string', () => {
    expect(helperVersionDate('dtpweb/2.3.20230621')).toBe(20230621);
    expect(helperVersionDate('2.3.20261126')).toBe(20261126);
    expect(helperVersionDate('dtpweb/2.2.20221010 (build 7)')).toBe(20221010);
    expect(helperVersionDate('dtpweb/2.3')).toBeUndefined();
    expect(helperVersionDate('dtpweb/2.3.20231399')).toBeUndefined(); // month 13: not a date
    expect(helperVersionDate('')).toBeUndefined();
  });

  it.each([
    ['dtpweb/2.3.20230621', 9, true],
    ['dtpweb/2.3.20230621', 10, false],
    ['dtpweb/2.3.20230621', 2, true],
    ['dtpweb/2.3.20261126', 5, true],
    ['dtpweb/2.3.20230620', 1, true],
    ['dtpweb/2.3.20230620', 2, false],
    ['dtpweb/2.3.20230620', 0, true],
    ['dtpweb/2.2.20220101', 9, false],
    ['unknown', 1, true], // no date: the older, narrower rule
    ['unknown', 5, false],
  ])('%s, type %i -> %s', (version, type, local) => {
    expect(isLocalPrinter(type, version)).toBe(local);
  });
});

describe('normaliseThreshold: 1-255, else 192', () => {
  it.each([
    [1, 1],
    [128, 128],
    [255, 255],
    [0, 192],
    [256, 192],
    [-5, 192],
    [127.5, 192],
    [Number.NaN, 192],
    [undefined, 192],
  ])('%s -> %i', (given, used) => {
    expect(normaliseThreshold(given)).toBe(used);
  });
});

describe('print parameter ranges (spec section 9)', () => {
  it('gap type 0-3, darkness 0-14, speed 0-4, each or 255', () => {
    for (const [param, max] of [['gapType', 3], ['darkness', 14], ['speed', 4]] as const) {
      for (let v = 0; v <= max; v++) expect(isValidPrintParam(param, v)).toBe(true);
      expect(isValidPrintParam(param, 255)).toBe(true);
      expect(isValidPrintParam(param, max + 1)).toBe(false);
      expect(isValidPrintParam(param, -1)).toBe(false);
      expect(isValidPrintParam(param, 1.5)).toBe(false);
      expect(isValidPrintParam(param, 254)).toBe(false);
    }
  });
});

describe('lengths on the wire: mm x 100', () => {
  it('converts dots at a dpi and mm', () => {
    expect(dotsToWire(320, 203)).toBe(4004); // 40.04 mm
    expect(dotsToWire(472, 300)).toBe(3996); // 39.96 mm
    expect(dotsToWire(300, 300)).toBe(2540);
    expect(mmToWire(40)).toBe(4000);
    expect(mmToWire(2.345)).toBe(235);
  });
});
