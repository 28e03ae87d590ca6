import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StatusCode, type Envelope } from '../../src/api/contract.ts';
import { AppError, pickLanguage } from '../errors.ts';
import type { AppEnv } from './env.ts';

/** `{statusCode: 0, resultInfo: payload}`. */
export function ok<T>(c: Context<AppEnv>, resultInfo: T) {
  return c.json<Envelope<T>>({ statusCode: StatusCode.ok, resultInfo });
}

/** `{statusCode, resultInfo: localized message}`: HTTP 200, except 404 for an unknown path. */
export function failure(c: Context<AppEnv>, err: AppError, httpStatus: ContentfulStatusCode = 200) {
  // lang is set by the first middleware; an error raised before it still gets a language.
  const lang = c.get('lang') ?? pickLanguage(c.req.header('Accept-Language'));
  return c.json<Envelope<string>>({ statusCode: err.code, resultInfo: err.localized(lang) }, httpStatus);
}
