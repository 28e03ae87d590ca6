import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { limitHint, limitMessage, overLimit } from './textLimit';

describe('text limits in the forms', () => {
  it('keep the whole text and say in both languages when it is over the limit', () => {
    initI18n('en');
    const t = i18n.t.bind(i18n);
    const over = '部'.repeat(51);
    expect(overLimit(over, 50)).toBe(true);
    expect(overLimit(over.slice(1), 50)).toBe(false);
    expect(limitMessage(t, over, 50)).toBe('At most 50 characters (51 entered)');
    expect(limitMessage(t, over.slice(1), 50)).toBeUndefined();
    expect(limitHint(t, 'Sales', 50)).toBe('5/50');
    initI18n('zh-CN');
    expect(limitMessage(i18n.t.bind(i18n), over, 50)).toBe('最多 50 个字符（已输入 51 个）');
  });
});
