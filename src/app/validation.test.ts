import { describe, expect, it } from 'vitest';
import {
  isCheckCode,
  isEmail,
  isPhone,
  parseLoginAccount,
  validateAccount,
  validateCheckCode,
  validateConfirmation,
  validateLoginAccount,
  validateNewPassword,
} from './validation';

describe('validation (spec section 5)', () => {
  it('accepts a phone as optional plus, 1, then 10 to 14 digits', () => {
    for (const ok of ['13800138000', '+13800138000', '1' + '2'.repeat(14), '+1' + '0'.repeat(10)]) expect(isPhone(ok), ok).toBe(true);
    for (const bad of ['', '1380013800', '23800138000', '1' + '2'.repeat(15), '138 0013 8000', '++13800138000', '1380013800a'])
      expect(isPhone(bad), bad).toBe(false);
  });

  it('accepts standard email addresses only', () => {
    for (const ok of ['demo@assetmark.local', 'a.b+c@example.co', 'x_y@sub.domain.cn']) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['', 'a@', '@b.co', 'a b@c.co', 'a@b', 'a@b.', 'a@@b.co', 'a@.b.co', 'a@b..co']) expect(isEmail(bad), bad).toBe(false);
  });

  it('wants exactly 6 digits as verification code', () => {
    expect(isCheckCode('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456']) expect(isCheckCode(bad), bad).toBe(false);
    expect(validateCheckCode('')).toBe('validation.codeRequired');
    expect(validateCheckCode('123')).toBe('validation.codeInvalid');
    expect(validateCheckCode(' 123456 ')).toBeNull();
  });

  it('names the right message for each account kind', () => {
    expect(validateAccount('phone', '')).toBe('validation.phoneRequired');
    expect(validateAccount('phone', '12345')).toBe('validation.phoneInvalid');
    expect(validateAccount('email', 'x')).toBe('validation.emailInvalid');
    expect(validateAccount('email', ' demo@assetmark.local ')).toBeNull();
  });

  it('trims the login account and tells phone from email', () => {
    expect(parseLoginAccount('  demo@assetmark.local ')).toEqual({ email: 'demo@assetmark.local' });
    expect(parseLoginAccount(' 13800138000')).toEqual({ phoneNumber: '13800138000' });
    expect(parseLoginAccount('demo')).toBeNull();
    expect(validateLoginAccount('   ')).toBe('validation.accountRequired');
    expect(validateLoginAccount('nobody')).toBe('validation.accountInvalid');
  });

  it('checks new passwords and their confirmation', () => {
    expect(validateNewPassword('')).toBe('validation.passwordRequired');
    expect(validateNewPassword('12345')).toBe('validation.passwordTooShort');
    expect(validateNewPassword('123456')).toBeNull();
    expect(validateConfirmation('abcdef', '')).toBe('validation.confirmRequired');
    expect(validateConfirmation('abcdef', 'abcdeg')).toBe('validation.passwordMismatch');
    expect(validateConfirmation('abcdef', 'abcdef')).toBeNull();
  });
});
