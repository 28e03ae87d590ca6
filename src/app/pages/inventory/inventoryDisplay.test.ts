import { describe, expect, it } from 'vitest';
import { countedPercent, isOrderOpen, isRegistrableCode, lineResultColor, orderIdParam, orderStatusColor, resultParam, statusParam } from './inventoryDisplay';

describe('inventory display', () => {
  it("gives statuses and results the spec's tag colours (info, primary, success, danger)", () => {
    expect([2, 4, 8, 128].map(orderStatusColor)).toEqual(['informative', 'brand', 'success', 'danger']);
    expect([0, 2, 4, 8].map(lineResultColor)).toEqual(['informative', 'success', 'brand', 'danger']);
    expect(orderStatusColor(64)).toBe('informative');
  });

  it('takes scans while an order is pending or in progress only', () => {
    expect([2, 4, 8, 128].map(isOrderOpen)).toEqual([true, true, false, false]);
  });

  it('measures progress as counted of planned lines, surplus left out', () => {
    expect(countedPercent({ total: 12, pending: 5, normal: 4, surplus: 2, shortage: 1 })).toBe(40);
    expect(countedPercent({ total: 2, pending: 0, normal: 0, surplus: 2, shortage: 0 })).toBe(0);
    expect(countedPercent({ total: 3, pending: 0, normal: 3, surplus: 0, shortage: 0 })).toBe(100);
  });

  it('reads address parameters, ignoring what is not one of them', () => {
    expect(orderIdParam('12')).toBe(12);
    expect([null, '', '0', '-3', '1.5', 'x', '99999999999999999'].map(orderIdParam)).toEqual([null, null, null, null, null, null, null]);
    expect(statusParam('128')).toBe(128);
    expect(statusParam('3')).toBeNull();
    expect(resultParam('0')).toBe(0);
    expect(resultParam('')).toBeNull();
    expect(resultParam(null)).toBeNull();
  });

  it('offers to register a surplus code, not a link or a text too long for a code', () => {
    expect(isRegistrableCode('ZC-0042')).toBe(true);
    expect(isRegistrableCode('https://assets.example.com/a/4f2a')).toBe(false);
    expect(isRegistrableCode('x'.repeat(51))).toBe(false);
    expect(isRegistrableCode('  ')).toBe(false);
  });
});
