/**
 * Messages shown under form fields: a client-side rule (an i18n key, re-translated when the
 * language changes) or a server's own text (already in the language of the request).
 */
import type { TFunction } from 'i18next';
import { StatusCode } from '../../../api/contract';
import type { ApiFailure } from '../../../api/client';
import type { MessageKey } from '../../i18n/types';
import { MIN_PASSWORD_LENGTH } from '../../validation';

export type FieldMessage = MessageKey | { server: string };
export type FieldMessages<F extends string> = Partial<Record<F, FieldMessage>>;

/** Values the rule messages interpolate, e.g. "at least {{min}} characters". */
const RULE_VALUES = { min: MIN_PASSWORD_LENGTH };

export function showMessage(t: TFunction, message: FieldMessage | undefined): string | undefined {
  if (message === undefined) return undefined;
  return typeof message === 'string' ? t(message, RULE_VALUES) : message.server;
}

/** Which field of the account forms a server failure belongs to; null = the form as a whole. */
export function fieldOfFailure(failure: ApiFailure): 'account' | 'checkCode' | 'companyName' | null {
  switch (failure.code) {
    case StatusCode.alreadyRegistered:
    case StatusCode.invalidPhone:
    case StatusCode.invalidEmail:
    case StatusCode.accountNotFound:
      return 'account';
    case StatusCode.invalidCheckCode:
      return 'checkCode';
    case StatusCode.companyNameRequired:
      return 'companyName';
    default:
      return null;
  }
}
