/** zod pieces shared by the request schemas; every string has a maximum length. */
import { z } from 'zod';
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

/** A row id as a JSON number or a numeric string (query strings carry only strings). */
export const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
]);

/** `{id}`: the input of the DELETE calls (query string or JSON body). */
export const IdInput = z.object({ id });
