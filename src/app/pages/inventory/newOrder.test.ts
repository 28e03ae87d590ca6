import { describe, expect, it } from 'vitest';
import { newOrderRequest, placesOf } from './newOrder';

describe('new inventory order form', () => {
  it('sends the name and remark trimmed, each department, classification and place once', () => {
    expect(
      newOrderRequest({ name: ' 2030 年终盘点 ', departmentIds: [3, 3, 5], classifyIds: [2], places: ' 仓库A \n\n办公室 3\r\n仓库A\n', remark: '  ' }),
    ).toEqual({ name: '2030 年终盘点', departmentIds: [3, 5], classifyIds: [2], places: ['仓库A', '办公室 3'], remark: '' });
  });

  it('sends nothing without a name', () => {
    expect(newOrderRequest({ name: '  ', departmentIds: [], classifyIds: [], places: '', remark: '' })).toBeNull();
  });

  it('reads no place from blank lines', () => {
    expect(placesOf('\n \n')).toEqual([]);
  });
});
