import { describe, expect, it } from 'vitest';
import { changeText, formatBusinessTime } from './businessDisplay';

describe('transaction record display', () => {
  it('shows a change as before → after and an unchanged field once', () => {
    expect(changeText('闲置', '借用')).toBe('闲置 → 借用');
    expect(changeText('Room 3', 'Room 3')).toBe('Room 3');
    expect(changeText(null, '王五')).toBe('— → 王五');
    expect(changeText('王五', '')).toBe('王五 → —');
    expect(changeText(null, '')).toBe('');
  });

  it('writes a time in local time to the minute, and leaves text that is not a time as it is', () => {
    expect(formatBusinessTime(new Date(2030, 4, 6, 9, 5, 30).toISOString())).toBe('2030-05-06 09:05');
    expect(formatBusinessTime('soon')).toBe('soon');
  });
});
