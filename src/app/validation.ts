/**
 * Input rules of spec section 5, as pure functions returning the i18n key of the message
 * to show (or null when the value is fine). Forms map the key through t().
 */
import type { AccountName } from '../api/user';
import type { MessageKey } from './i18n/types';

/** Optional plus, then 1 followed by 10 to 14 digits (spec section 5). */
const PHONE = /^\+?1\d{10,14}$/;
/** local@domain.tld: one @, no spaces, a dot in the domain, no empty label (as the server). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CHECK_CODE = /^\d{6}$/;

/** Shortest password the forms accept (the spec names none; 6 is what users expect). */
export const MIN_PASSWORD_LENGTH = 6;
/** Length of a verification code (spec section 9). */
export const CHECK_CODE_LENGTH = 6;

export const isPhone = (value: string): boolean => PHONE.test(value);
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
export const isCheckCode = (value: string): boolean => CHECK_CODE.test(value);

export type AccountKind = 'phone' | 'email';

export function validateAccount(kind: AccountKind, value: string): MessageKey | null {
  const v = value.trim();
  if (kind === 'phone') return v === '' ? 'validation.phoneRequired' : isPhone(v) ? null : 'validation.phoneInvalid';
  return v === '' ? 'validation.emailRequired' : isEmail(v) ? null : 'validation.emailInvalid';
}

/** The login field takes either; '@' decides which rule applies. */
export function parseLoginAccount(value: string): AccountName | null {
  const v = value.trim();
  if (isPhone(v)) return { phoneNumber: v };
  if (isEmail(v)) return { email: v };
  return null;
}

export function validateLoginAccount(value: string): MessageKey | null {
  if (value.trim() === '') return 'validation.accountRequired';
  return parseLoginAccount(value) ? null : 'validation.accountInvalid';
}

export function toAccountName(kind: AccountKind, value: string): AccountName {
  return kind === 'phone' ? { phoneNumber: value.trim() } : { email: value.trim() };
}

export function validateCheckCode(value: string): MessageKey | null {
  const v = value.trim();
  if (v === '') return 'validation.codeRequired';
  return isCheckCode(v) ? null : 'validation.codeInvalid';
}

export function validateNewPassword(value: string): MessageKey | null {
  if (value === '') return 'validation.passwordRequired';
  return value.length < MIN_PASSWORD_LENGTH ? 'validation.passwordTooShort' : null;
}

export function validateConfirmation(password: string, confirmation: string): MessageKey | null {
  if (confirmation === '') return 'validation.confirmRequired';
  return password === confirmation ? null : 'validation.passwordMismatch';
}

export function validateCompanyName(value: string): MessageKey | null {
  return value.trim() === '' ? 'validation.companyRequired' : null;
}
