/**
 * Asset classifications: a name, unique per company in any letter case ("Classification name
 * already exists"), and custom attributes, a list of {name, attributeType, items?} (spec
 * section 3). Rules (spec section 5): attribute names and Select items are non-empty and
 * unique; a Select needs items. Also: an attribute name is none of the import/export column
 * names (either language or the field key), so every column of a file has one meaning. A
 * classification still used by assets is not deleted; the refusal gives the count.
 *
 * Each classification's attributes have a version (attributesVersion: a hash of names, types
 * and items, so a change and its undo give the same version). Import templates carry it and
 * a template made before a change is refused (10009, modules/import-export).
 */
import { createHash } from 'node:crypto';
import { AttributeType, type AssetClassifyInfo, type ClassifyAttribute } from '../../../src/api/contract.ts';
import { isForeignKeyViolation, isUniqueViolation, type Queryable } from '../../db/db.ts';
import { assertVersion, assertWritten, versionMatches } from '../../db/record-version.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import type { OrgDeps } from '../departments/service.ts';
import { standardColumnOf } from '../import-export/columns.ts';
import { visibleAsset } from '../assets/visibility.ts';

export const CLASSIFY_NAME_MAX = 50;
export const ATTRIBUTE_NAME_MAX = 50;
export const ATTRIBUTES_MAX = 50;
export const ITEM_MAX = 100;
export const ITEMS_MAX = 200;

export interface ClassifyRow {
  id: number;
  name: string;
  attributes: ClassifyAttribute[];
}

interface ClassifyListRow extends ClassifyRow {
  asset_count: number;
  version: number;
  default_template_id: number | null;
}

function toInfo(row: ClassifyListRow): AssetClassifyInfo {
  return {
    id: row.id,
    classifyName: row.name,
    attributes: row.attributes,
    assetCount: row.asset_count,
    version: row.version,
    defaultTemplateId: row.default_template_id,
  };
}

/** The attributes' version: what a template must match (see the file comment). */
export function attributesVersion(attributes: readonly ClassifyAttribute[]): string {
  const canonical = attributes.map((a) => [a.name, a.attributeType, a.attributeType === AttributeType.select ? a.items ?? [] : []]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 16);
}

/** Attributes checked by the spec's rules and trimmed; items only on Select. */
export function checkAttributes(input: readonly ClassifyAttribute[]): ClassifyAttribute[] {
  const seen = new Set<string>();
  return input.map((raw) => {
    const name = raw.name.trim();
    if (name === '') throw new AppError('attributeNameRequired');
    if (seen.has(name)) throw new AppError('attributeNameDuplicate', { name });
    if (standardColumnOf(name) !== null) throw new AppError('attributeNameReserved', { name });
    seen.add(name);
    if (raw.attributeType !== AttributeType.select) return { name, attributeType: raw.attributeType };
    const items = (raw.items ?? []).map((item) => item.trim());
    if (items.length === 0) throw new AppError('attributeItemsRequired', { name });
    const seenItems = new Set<string>();
    for (const item of items) {
      if (item === '') throw new AppError('attributeItemEmpty', { name });
      if (seenItems.has(item)) throw new AppError('attributeItemDuplicate', { name, item });
      seenItems.add(item);
    }
    return { name, attributeType: raw.attributeType, items };
  });
}

async function selectClassifies(q: Queryable, companyId: number, id?: number): Promise<ClassifyListRow[]> {
  const { rows } = await q.query<ClassifyListRow>(
    `SELECT k.id, k.name, k.attributes, k.version, k.default_template_id,
            (SELECT count(*)::int FROM assets a
              WHERE a.company_id = k.company_id AND a.classify_id = k.id AND ${visibleAsset('a', '$1')}) AS asset_count
       FROM asset_classes k
      WHERE k.company_id = $1 AND ($2::bigint IS NULL OR k.id = $2)
      ORDER BY k.name, k.id`,
    [companyId, id ?? null],
  );
  return rows;
}

/** Every classification of the company (id, name, attributes), for the asset and import services. */
export async function classifiesOf(q: Queryable, companyId: number): Promise<ClassifyRow[]> {
  const { rows } = await q.query<ClassifyRow>(
    'SELECT id, name, attributes FROM asset_classes WHERE company_id = $1 ORDER BY name, id',
    [companyId],
  );
  return rows;
}

/** One classification of the company; classifyNotFound otherwise. */
export async function findClassify(q: Queryable, companyId: number, id: number): Promise<ClassifyRow> {
  const { rows } = await q.query<ClassifyRow>(
    'SELECT id, name, attributes FROM asset_classes WHERE company_id = $1 AND id = $2',
    [companyId, id],
  );
  if (!rows[0]) throw new AppError('classifyNotFound');
  return rows[0];
}

// ---- reads -----------------------------------------------------------------------------

export async function listClassifies(deps: Pick<OrgDeps, 'db'>, actor: Actor): Promise<AssetClassifyInfo[]> {
  return (await selectClassifies(deps.db, actor.companyId)).map(toInfo);
}

export async function classifyDetails(deps: Pick<OrgDeps, 'db'>, actor: Actor, id: number): Promise<AssetClassifyInfo> {
  const [row] = await selectClassifies(deps.db, actor.companyId, id);
  if (!row) throw new AppError('classifyNotFound');
  return toInfo(row);
}

// ---- writes ----------------------------------------------------------------------------

export interface SetClassifyInput {
  id?: number;
  classifyName?: string;
  /** Absent: none on create, unchanged on update. */
  attributes?: ClassifyAttribute[];
  /** Update: the version it is based on (name and attributes are saved together). */
  version?: number;
}

/** Creates (no id) or updates (id) a classification; returns it. */
export async function setClassify(deps: OrgDeps, actor: Actor, input: SetClassifyInput): Promise<AssetClassifyInfo> {
  const name = input.classifyName?.trim() ?? '';
  if (name === '') throw new AppError('classifyNameRequired');
  const attributes = input.attributes === undefined ? undefined : checkAttributes(input.attributes);
  try {
    const id = await deps.db.transaction(async (tx) => {
      if (input.id !== undefined) {
        const [current] = await selectClassifies(tx, actor.companyId, input.id);
        if (!current) throw new AppError('classifyNotFound');
        assertVersion(current.version, input.version);
      }
      const taken = await tx.query(
        'SELECT 1 FROM asset_classes WHERE company_id = $1 AND lower(name) = lower($2) AND id <> $3',
        [actor.companyId, name, input.id ?? 0],
      );
      if (taken.rowCount > 0) throw new AppError('classifyNameTaken');
      if (input.id === undefined) {
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO asset_classes (company_id, name, attributes, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [actor.companyId, name, JSON.stringify(attributes ?? []), deps.clock()],
        );
        return rows[0].id;
      }
      const { rowCount } = await tx.query(
        `UPDATE asset_classes SET name = $3, attributes = COALESCE($4::jsonb, attributes), version = version + 1
          WHERE company_id = $1 AND id = $2 AND ${versionMatches('$5')}`,
        [actor.companyId, input.id, name, attributes === undefined ? null : JSON.stringify(attributes), input.version ?? null],
      );
      assertWritten(rowCount);
      return input.id;
    });
    return await classifyDetails(deps, actor, id);
  } catch (err) {
    // Two requests creating the same name at once.
    if (isUniqueViolation(err)) throw new AppError('classifyNameTaken');
    throw err;
  }
}

/** Deletes a classification no asset uses; `version` as for an update (absent: not checked). */
export async function deleteClassify(deps: OrgDeps, actor: Actor, id: number, version?: number): Promise<void> {
  try {
    await deps.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM asset_classes WHERE company_id = $1 AND id = $2 FOR UPDATE', [actor.companyId, id]);
      const [row] = await selectClassifies(tx, actor.companyId, id);
      if (!row) throw new AppError('classifyNotFound');
      assertVersion(row.version, version);
      if (row.asset_count > 0) throw new AppError('classifyInUse', { count: row.asset_count });
      const { rowCount } = await tx.query(
        `DELETE FROM asset_classes WHERE company_id = $1 AND id = $2 AND ${versionMatches('$3')}`,
        [actor.companyId, id, version ?? null],
      );
      assertWritten(rowCount);
    });
  } catch (err) {
    // Assets the count does not see hold it: an import's rows not yet published
    // (assets/visibility.ts), or an asset given it between the count and the delete.
    if (isForeignKeyViolation(err)) throw new AppError('classifyStillUsed');
    throw err;
  }
}
