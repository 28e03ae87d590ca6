/**
 * Where a picture item's image comes from (DrawImage imageFile, JSON image items): an
 * http(s) URL the helper fetches, a data URL, bare base64, or the vendor's wdfx form
 * `png*****<base64>`. Decoded (PNG, JPEG, BMP) to luminance by helper/images.ts.
 *
 * Fetching: only http and https; at most FETCH_LIMIT_BYTES, within FETCH_TIMEOUT_MS, a 2xx
 * answer. Only pages of allowed origins reach the helper at all (server.ts), so the URLs
 * are theirs. The last few decoded images are kept (a logo on every page of a job is
 * fetched and decoded once); a failure is not kept, so a later job tries again.
 */
import type { LumaImage } from '../../src/engine/types.ts';
import { decodeBase64Payload, fileToLuma } from '../images.ts';
import { clip, CODE, HelperFailure } from '../protocol.ts';
import type { ImageLoader } from './context.ts';

/** Fetches the bytes at an http(s) URL; tests pass their own (the machine has no internet). */
export type UrlFetcher = (url: string, signal: AbortSignal) => Promise<Uint8Array>;

export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_LIMIT_BYTES = 16 * 1024 * 1024;
const CACHE_SIZE = 16;
const WDFX_FORM = /^([A-Za-z0-9]{1,8})\*{5}([\s\S]*)$/;

export function createImageLoader(fetchUrl: UrlFetcher = fetchWithLimits): ImageLoader {
  const cache = new Map<string, LumaImage>();
  return {
    async load(source: string, where: string, signal?: AbortSignal): Promise<LumaImage> {
      const hit = cache.get(source);
      if (hit) return hit;
      const image = fileToLumaAt(await bytesOf(source, where, fetchUrl, signal), where);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, image);
      return image;
    },
  };
}

async function bytesOf(source: string, where: string, fetchUrl: UrlFetcher, signal?: AbortSignal): Promise<Uint8Array> {
  const text = source.trim();
  if (/^https?:\/\//i.test(text)) {
    const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    try {
      return await fetchUrl(text, signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (e) {
      if (e instanceof HelperFailure) throw e;
      const why = timeout.aborted ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : (e as Error).message;
      throw new HelperFailure(CODE.invalidFile, `${where}: the image ${clip(text)} cannot be fetched: ${why}`);
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^data:/i.test(text)) {
    throw new HelperFailure(CODE.invalidFile, `${where}: image '${clip(text)}' is neither an http(s) URL nor image data (a data URL or base64)`);
  }
  const wdfx = WDFX_FORM.exec(text);
  try {
    return decodeBase64Payload(wdfx ? wdfx[2]! : text);
  } catch (e) {
    if (e instanceof HelperFailure) throw new HelperFailure(e.code, `${where}: ${e.message}`);
    throw e;
  }
}

function fileToLumaAt(bytes: Uint8Array, where: string): LumaImage {
  if (bytes.length === 0) throw new HelperFailure(CODE.noData, `${where}: the image is empty`);
  try {
    return fileToLuma(bytes);
  } catch (e) {
    if (e instanceof HelperFailure) throw new HelperFailure(e.code, `${where}: ${e.message}`);
    throw e;
  }
}

/** fetch, refusing non-2xx answers and bodies over FETCH_LIMIT_BYTES (read no further). */
export async function fetchWithLimits(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const res = await fetch(url, { signal, redirect: 'follow' });
  if (!res.ok) throw new HelperFailure(CODE.invalidFile, `the image ${clip(url)} answered HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > FETCH_LIMIT_BYTES) throw new HelperFailure(CODE.parameter, `the image ${clip(url)} is larger than ${FETCH_LIMIT_BYTES >> 20} MiB`);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > FETCH_LIMIT_BYTES) {
      await reader.cancel();
      throw new HelperFailure(CODE.parameter, `the image ${clip(url)} is larger than ${FETCH_LIMIT_BYTES >> 20} MiB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
