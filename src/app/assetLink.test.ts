import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult, RequestOptions } from '../api/client';
import { ASSET_LINK_ROUTE, assetLinkDestination, readScannedAssetText, resolveAssetLink } from './assetLink';

function fakeClient(answer: ApiResult<unknown>) {
  const calls: RequestOptions[] = [];
  const client: ApiClient = {
    request: async <T,>(options: RequestOptions) => {
      calls.push(options);
      return answer as ApiResult<T>;
    },
  };
  return { client, calls };
}

const TOKEN = 'abcDEF0123456789_-xyzQ';

describe('asset links (/a/:token)', () => {
  it('is the route a label link opens', () => {
    expect(ASSET_LINK_ROUTE).toBe('/a/:token');
  });

  it('asks the server for the asset and opens its page', async () => {
    const { client, calls } = fakeClient({ ok: true, data: { assetId: 42 } });
    const result = await resolveAssetLink(client, TOKEN);
    expect(calls).toEqual([{ method: 'GET', path: `api/AssetLink/${TOKEN}` }]);
    expect(assetLinkDestination(result)).toBe('/asset/listinfo?id=42');
  });

  it('opens /404 when the server names no asset, saying nothing more', async () => {
    const { client } = fakeClient({ ok: false, kind: 'response', code: 28, message: 'This asset does not exist or is outside your authorized scope.' });
    expect(assetLinkDestination(await resolveAssetLink(client, TOKEN))).toBe('/404');
  });

  it('does not send a malformed token at all', async () => {
    for (const token of [undefined, '', 'short', `${TOKEN}x`, '../../api/User', `${TOKEN.slice(0, 21)}!`]) {
      const { client, calls } = fakeClient({ ok: true, data: { assetId: 1 } });
      expect(assetLinkDestination(await resolveAssetLink(client, token)), String(token)).toBe('/404');
      expect(calls).toEqual([]);
    }
  });
});

describe('a scanned or typed text (the asset picker)', () => {
  it('reads a label link as its token, whatever the host, with white space, a trailing slash, query or fragment', () => {
    for (const text of [
      `https://assets.example.com/a/${TOKEN}`,
      `http://127.0.0.1:8080/a/${TOKEN}`,
      `  HTTPS://Example.COM/a/${TOKEN}/\r\n`,
      `https://example.com/a/${TOKEN}?from=label`,
      `https://example.com/a/${TOKEN}#top`,
    ]) {
      expect(readScannedAssetText(text), text).toEqual({ kind: 'link', token: TOKEN });
    }
  });

  it('reads anything else as an asset code, trimmed', () => {
    expect(readScannedAssetText('  E2E-TX-0001\n')).toEqual({ kind: 'code', code: 'E2E-TX-0001' });
    for (const text of [
      `https://example.com/a/${TOKEN.slice(1)}`, // a token one short
      `https://example.com/a/${TOKEN}x`, // one too long
      `https://example.com/b/${TOKEN}`, // another path
      `https://example.com/x/a/${TOKEN}`, // below another path
      `ftp://example.com/a/${TOKEN}`, // not http(s)
      `/a/${TOKEN}`, // no origin
      `${TOKEN}`, // the token alone is a code like any other text
    ]) {
      expect(readScannedAssetText(text), text).toEqual({ kind: 'code', code: text });
    }
  });

  it('reads a blank text as nothing', () => {
    expect(readScannedAssetText('')).toEqual({ kind: 'none' });
    expect(readScannedAssetText(' \t\r\n')).toEqual({ kind: 'none' });
  });
});
