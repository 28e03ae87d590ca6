/**
 * What a scanned (or typed) text names: an asset of the caller's company that the caller
 * sees, or none. A label carries the asset's code, or a link to the asset; a keyboard-wedge
 * scanner or a hand adds spaces and line ends around it.
 *
 * Readers are tried in order and the first that finds an asset wins. Each gets the trimmed
 * text and answers an asset id or null; adding a way of naming an asset (the asset link,
 * <origin>/a/<token>) is adding a reader to READERS. An asset outside the caller's scope is
 * not found, exactly as one that does not exist: a scan reveals nothing the list would not.
 */
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import { deptCondition, type Actor } from '../access/service.ts';
import { assetIdOfToken, tokenOfLink } from '../asset-labels/links.ts';
import { visibleAsset } from './visibility.ts';

/** Finds the asset a trimmed, non-empty text names, among the actor's; null when it names none. */
export type ScannedTextReader = (q: Queryable, actor: Actor, text: string) => Promise<number | null>;

/** The text is the asset's code (codes are unique per company, compared exactly). */
export const byAssetCode: ScannedTextReader = async (q, actor, text) => {
  const p = new SqlParams();
  const company = p.add(actor.companyId);
  const { rows } = await q.query<{ id: number }>(
    `SELECT a.id FROM assets a
      WHERE a.company_id = ${company} AND a.asset_coding = ${p.add(text)} AND ${deptCondition(actor, 'a.dept_id', p)}
        AND ${visibleAsset('a', company)}`,
    p.values,
  );
  return rows[0]?.id ?? null;
};

/** The text is the asset's link, '<origin>/a/<token>' (asset-labels/links.ts), as a label's QR carries it. */
export const byAssetLink: ScannedTextReader = async (q, actor, text) => {
  const token = tokenOfLink(text);
  return token === null ? null : assetIdOfToken(q, actor, token);
};

export const READERS: readonly ScannedTextReader[] = [byAssetCode, byAssetLink];

/** The scanned text as it is compared and kept: without the white space around it. */
export function cleanScannedText(text: string): string {
  return text.trim();
}

/** The id of the asset `text` names among those the actor sees, or null. */
export async function resolveScannedCode(q: Queryable, actor: Actor, text: string): Promise<number | null> {
  const cleaned = cleanScannedText(text);
  if (cleaned === '') return null;
  for (const read of READERS) {
    const id = await read(q, actor, cleaned);
    if (id !== null) return id;
  }
  return null;
}
