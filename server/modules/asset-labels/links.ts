/**
 * Asset links (migration 015): '<origin>/a/<token>', the address a QR or Data Matrix on an
 * asset's label carries, so that a phone camera opens the asset's page. The token is random
 * and names nothing by itself; it resolves only for a session of the asset's company, within
 * the caller's scope (the client route /a/:token sends anyone else to the login first), and
 * anything else is "not found" exactly as a token that never existed. An inventory scan of a
 * link names its asset as a scan of its code does (assets/scanned-code.ts).
 */
import { ASSET_LINK_PATH } from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { AppError } from '../../errors.ts';
import { deptCondition, type Actor } from '../access/service.ts';
import { visibleAsset } from '../assets/visibility.ts';

/** A token as migration 015 makes them: 22 base64url characters. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** '<origin>/a/<token>'. */
export function assetLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${ASSET_LINK_PATH}${token}`;
}

/**
 * The token of a scanned link: 'http(s)://<any host>/a/<token>', perhaps with a trailing
 * slash, query or fragment; null for any other text. Any host: the token alone names the
 * asset, and a label printed behind a proxy (PUBLIC_ORIGIN) shows another host than the one
 * the scanner's page uses.
 */
export function tokenOfLink(text: string): string | null {
  const match = /^https?:\/\/[^/?#\s]+\/a\/([A-Za-z0-9_-]{22})\/?(?:[?#]\S*)?$/i.exec(text);
  return match ? match[1] : null;
}

/** The id of the asset with this token among those the actor sees, or null. */
export async function assetIdOfToken(q: Queryable, actor: Actor, token: string): Promise<number | null> {
  if (!LINK_TOKEN.test(token)) return null;
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  const { rows } = await q.query<{ id: number }>(
    `SELECT a.id FROM assets a
      WHERE a.company_id = ${company} AND a.link_token = ${p.add(token)} AND ${deptCondition(actor, 'a.dept_id', p)}
        AND ${visibleAsset('a', company)}`,
    p.values,
  );
  return rows[0]?.id ?? null;
}

/** GET api/AssetLink/<token>: the asset, or assetNotFound (28) for anything else. */
export async function resolveAssetLink(q: Queryable, actor: Actor, token: string): Promise<{ assetId: number }> {
  const assetId = await assetIdOfToken(q, actor, token);
  if (assetId === null) throw new AppError('assetNotFound');
  return { assetId };
}
