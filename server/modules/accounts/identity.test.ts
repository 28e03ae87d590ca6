import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { resolveAccount } from './identity.ts';

function kindOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.kind;
    throw err;
  }
  return 'ok';
}

describe('accounts', () => {
  it('accept phones of 1 and 10 to 14 digits, with an optional +', () => {
    expect(resolveAccount({ phoneNumber: '13812345678' })).toEqual({ kind: 'phone', value: '13812345678' });
    expect(resolveAccount({ phoneNumber: ' +13812345678 ' })).toEqual({ kind: 'phone', value: '13812345678' });
    expect(resolveAccount({ phoneNumber: '1' + '2'.repeat(14) }).value).toHaveLength(15);
    for (const bad of ['1381234567', '1' + '2'.repeat(15), '23812345678', '+ 13812345678', '138-1234-5678', '++13812345678']) {
      expect(kindOf(() => resolveAccount({ phoneNumber: bad })), bad).toBe('invalidPhone');
    }
  });

  it('accept emails, lower-cased', () => {
    expect(resolveAccount({ email: ' Ann.Lee+tag@Example.CO.uk ' })).toEqual({ kind: 'email', value: 'ann.lee+tag@example.co.uk' });
    for (const bad of ['ann', 'ann@', '@example.com', 'ann@example', 'a nn@example.com', 'ann@@example.com', 'ann@example..com', `${'a'.repeat(250)}@x.io`]) {
      expect(kindOf(() => resolveAccount({ email: bad })), bad).toBe('invalidEmail');
    }
  });

  it('take one account: empty fields are absent, `account` is either kind', () => {
    expect(resolveAccount({ phoneNumber: '', email: 'a@b.co' }).kind).toBe('email');
    expect(resolveAccount({ account: ' 13812345678 ' })).toEqual({ kind: 'phone', value: '13812345678' });
    expect(resolveAccount({ account: 'A@B.co' })).toEqual({ kind: 'email', value: 'a@b.co' });
    expect(kindOf(() => resolveAccount({ phoneNumber: '13812345678', email: 'a@b.co' }))).toBe('parameter');
    expect(kindOf(() => resolveAccount({ phoneNumber: '  ', email: '' }))).toBe('accountRequired');
    expect(kindOf(() => resolveAccount({}))).toBe('accountRequired');
  });
});
