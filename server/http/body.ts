/**
 * Request input: the JSON body and the query string, each checked with a zod schema. Unknown
 * keys are dropped (z.object strips them), so clients may send systemFlag and loginID along.
 * Any failure is code 2 naming the fields, raised before a service runs, so nothing is written.
 * Strings with NUL or lone surrogates are refused here for every route (http/text.ts).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';
import { badTextPath } from './text.ts';

/** The body parsed as JSON (memoised); an empty body counts as `{}`. */
export async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const cached = c.get('jsonBody');
  if (cached !== undefined) return cached;
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('malformedJson');
  }
  c.set('jsonBody', value);
  return value;
}

function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // Before the schema, so no field of any route (query, body, object keys) lets it through.
  const bad = badTextPath(input);
  if (bad !== null) throw new AppError('parameter', { fields: bad });
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  // A text over its limit names the field and the limit, so the user knows what to shorten;
  // nothing is ever cut to fit (issue 14).
  const tooLong = parsed.error.issues.find((issue) => issue.code === 'too_big' && issue.origin === 'string');
  if (tooLong?.code === 'too_big') {
    throw new AppError('parameterTooLong', { field: tooLong.path.map(String).join('.'), max: Number(tooLong.maximum) });
  }
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'body'))];
  throw new AppError('parameter', { fields: fields.join(', ') });
}

export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  return check(schema, await jsonBody(c));
}

export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return check(schema, c.req.query());
}

/** The query string and a JSON object body as one input, the query winning (DELETE calls take `id` in either). */
export async function readQueryOrBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? {} : await jsonBody(c);
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  return check(schema, { ...fields, ...c.req.query() });
}
