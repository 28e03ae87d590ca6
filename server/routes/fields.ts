/** zod pieces shared by the request schemas; every string has a maximum length. */
import { z } from 'zod';
import { PAGE_SIZES } from '../../src/api/contract.ts';
import { ACCOUNT_FIELD_MAX } from '../modules/accounts/identity.ts';
import { WIRE_PASSWORD } from '../modules/accounts/password.ts';

/** An optional string; null counts as absent (some clients send null for an empty field). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? undefined);

/** phoneNumber / email / account: told apart and format-checked by the accounts service. */
export const accountFields = {
  phoneNumber: optionalText(ACCOUNT_FIELD_MAX),
  email: optionalText(ACCOUNT_FIELD_MAX),
};

/** Upper-case hex MD5 of the password (the spec's wire format); lower case is accepted. */
export const wirePassword = z
  .string()
  .regex(WIRE_PASSWORD)
  .transform((v) => v.toUpperCase());

export const checkCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const COMPANY_NAME_MAX = 100;
export const companyName = z.string().trim().min(1).max(COMPANY_NAME_MAX);

/** Days in a month of the (proleptic) Gregorian calendar, as PostgreSQL's date type counts them. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether 'YYYY-MM-DD' names a day that exists (year 0001-9999; PostgreSQL has no year 0). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * A date filter: 'YYYY-MM-DD' of a day that exists. The pattern alone let 2024-02-30 and
 * 2024-13-45 reach SQL, whose date cast then failed as code 1; now they are code 2.
 */
export const calendarDate = z.string().refine(isCalendarDate, 'not a calendar date');

/** A row id as a JSON number or a numeric string (query strings carry only strings). */
export const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
]);

/**
 * A record version (migration 010, contract RecordVersion): a JSON number or a numeric string
 * (DELETE calls may carry it in the query string), 1 to the int4 maximum. Absent: not checked.
 */
export const recordVersion = z
  .union([
    z.number().int().min(1).max(2_147_483_647),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number)
      .refine((v) => v <= 2_147_483_647),
  ])
  .optional();

/** `{id, version?}`: the input of the DELETE calls (query string or JSON body). */
export const IdInput = z.object({ id, version: recordVersion });

/** A yes/no query parameter ('true', 'false', '1', '0'), optional: isASC, download. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** A list's page number in the query: 1 and up, at most 9 digits. */
export const queryPageIndex = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number)
  .optional();

/** A list's page size in the query: one of the contract's PAGE_SIZES. */
export const queryPageSize = z
  .enum(PAGE_SIZES.map(String) as [string, ...string[]])
  .transform(Number)
  .optional();
