/**
 * /a/:token, the address a QR or Data Matrix on an asset's label carries
 * (<origin>/a/<token>; contract "Asset labels"). Outside the menu and the tags: without a
 * session the router's guard sends the user to /login and back here afterwards; with one,
 * the server says which asset the token names (GET api/AssetLink/<token>, only for the
 * asset's company within the user's scope) and the user lands on its page. Anything else
 * (a token of another company, out of scope, made up) lands on /404, which says nothing of
 * whether the asset exists.
 */
import { createAssetLabelApi } from '../api/assetLabel';
import { ASSET_LINK_PATH, type AssetLinkTarget } from '../api/contract';
import type { ApiClient, ApiResult } from '../api/client';
import { NOT_FOUND_PATH } from './paths';

/** The route of asset links, as the router registers it. */
export const ASSET_LINK_ROUTE = `${ASSET_LINK_PATH}:token`;

/** A token as the server makes them (migration 015): 22 base64url characters. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The asset's own page. */
export function assetPagePath(assetId: number): string {
  return `/asset/listinfo?id=${assetId}`;
}

/** Asks the server which asset a token names; a malformed token is not sent. */
export async function resolveAssetLink(client: ApiClient, token: string | undefined): Promise<ApiResult<AssetLinkTarget> | null> {
  if (!token || !TOKEN.test(token)) return null;
  return createAssetLabelApi(client).link(token);
}

/**
 * What a scanned or typed text names: an asset link (a label's QR, '<origin>/a/<token>'), an
 * asset code (anything else), or nothing (blank). The link's form is the server's
 * (asset-labels/links.ts tokenOfLink): http(s), any host (a label printed behind a proxy shows
 * another host than this page's), perhaps a trailing slash, query or fragment.
 */
export type ScannedAssetText = { kind: 'none' } | { kind: 'code'; code: string } | { kind: 'link'; token: string };

const SCANNED_LINK = /^https?:\/\/[^/?#\s]+\/a\/([A-Za-z0-9_-]{22})\/?(?:[?#]\S*)?$/i;

export function readScannedAssetText(text: string): ScannedAssetText {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none' };
  const link = SCANNED_LINK.exec(trimmed);
  return link ? { kind: 'link', token: link[1]! } : { kind: 'code', code: trimmed };
}

/**
 * Where a resolved link leads: the asset's page, else /404. A session that died meanwhile
 * (19) is left to the client's global handler, which logs out; /login follows from there.
 */
export function assetLinkDestination(result: ApiResult<AssetLinkTarget> | null): string {
  if (result?.ok) return assetPagePath(result.data.assetId);
  return NOT_FOUND_PATH;
}
