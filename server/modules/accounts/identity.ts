/**
 * Accounts are named by a phone number or an email address (spec section 5):
 *   phone: an optional +, then 1 followed by 10 to 14 digits; stored as the digits.
 *   email: local@domain.tld, at most 254 characters; stored lower-cased.
 */
import type { Channel } from '../../mail/index.ts';
import { AppError } from '../../errors.ts';

export type Account = { kind: 'phone'; value: string } | { kind: 'email'; value: string };

const PHONE = /^\+?(1\d{10,14})$/;
// One @, no spaces, a dot in the domain, neither end of a part being a dot.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const EMAIL_MAX = 254;
/** Generous upper bound for the raw field before format checks (the longest phone is 16). */
export const ACCOUNT_FIELD_MAX = EMAIL_MAX;

export function parsePhone(raw: string): Account {
  const match = PHONE.exec(raw.trim());
  if (!match) throw new AppError('invalidPhone');
  return { kind: 'phone', value: match[1] };
}

export function parseEmail(raw: string): Account {
  const value = raw.trim().toLowerCase();
  if (value.length > EMAIL_MAX || !EMAIL.test(value)) throw new AppError('invalidEmail');
  return { kind: 'email', value };
}

export interface AccountFields {
  phoneNumber?: string;
  email?: string;
  /** Either kind; told apart by the @. */
  account?: string;
}

/**
 * The one account a request names. Empty strings count as absent (forms send both fields);
 * naming two different accounts is a parameter error.
 */
export function resolveAccount(fields: AccountFields): Account {
  const phone = fields.phoneNumber?.trim() || undefined;
  const email = fields.email?.trim() || undefined;
  const either = fields.account?.trim() || undefined;
  if (phone && email) throw new AppError('parameter', { fields: 'phoneNumber, email' });
  if (phone) return parsePhone(phone);
  if (email) return parseEmail(email);
  if (either) return either.includes('@') ? parseEmail(either) : parsePhone(either);
  throw new AppError('accountRequired');
}

export function channelOf(account: Account): Channel {
  return account.kind === 'phone' ? 'sms' : 'email';
}

/** The users column that holds this kind of account. */
export function columnOf(account: Account): 'phone' | 'email' {
  return account.kind;
}
