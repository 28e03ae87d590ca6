/**
 * Label templates (contract "Label templates"): .wdfx files on the server, a company's private
 * ones and the general gallery (company_id NULL, read-only, seeded by gallery.ts).
 *
 * - Every query filters on the caller's company (or on the general owner): another company's
 *   template answers 28 exactly as a missing id does.
 * - Private templates need a template user (template-user.ts): without one, private lists and
 *   every write answer 5, and a private template of one's own company answers 5 when named.
 * - Content is checked by the label reader before anything else happens (content.ts); the
 *   thumbnail is rendered in a worker (thumbnail.ts) outside any transaction, and the write
 *   that follows names the version it was based on, so a save that raced another changes
 *   nothing (templateChanged, 31).
 */
import {
  GENERAL_TEMPLATE_OWNER_ID,
  type TemplateContent,
  type TemplateInfo,
  type TemplateListResult,
  type TemplateScope,
  type TemplateVersionItem,
} from '../../../src/api/contract.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { containsPattern, SqlParams } from '../../db/sql.ts';
import { AppError, type Lang } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { checkTemplateContent, type CheckedContent } from './content.ts';
import { renderThumbnail } from './thumbnail.ts';
import { assertTemplateUser, templateUserIdOf } from './template-user.ts';

export interface TemplateDeps {
  db: Db;
  clock: Clock;
}

interface TemplateRow {
  id: number;
  company_id: number | null;
  name: string;
  width_mm: number;
  height_mm: number;
  content_size: number;
  version: number;
  has_thumbnail: boolean;
  created_by: number | null;
  created_at: Date;
  updated_by: number | null;
  updated_at: Date;
}

const INFO_COLUMNS = `t.id, t.company_id, t.name, t.width_mm, t.height_mm, t.content_size, t.version,
  t.thumbnail IS NOT NULL AS has_thumbnail, t.created_by, t.created_at, t.updated_by, t.updated_at`;

export function thumbnailPath(id: number): string {
  return `/api/Template/Thumbnail/${id}`;
}

function toInfo(row: TemplateRow): TemplateInfo {
  return {
    templateID: row.id,
    templateName: row.name,
    ownerId: row.company_id ?? GENERAL_TEMPLATE_OWNER_ID,
    scope: row.company_id === null ? 'public' : 'private',
    widthMm: row.width_mm,
    heightMm: row.height_mm,
    contentSize: row.content_size,
    version: row.version,
    thumbnailUrl: row.has_thumbnail ? thumbnailPath(row.id) : null,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedBy: row.updated_by,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The owner condition of the templates an actor sees in `scope` (both: undefined). */
function ownerCondition(actor: Actor, scope: TemplateScope | undefined, p: SqlParams): string {
  const owner = templateUserIdOf(actor);
  if (scope === 'private') return `t.company_id = ${p.add(assertTemplateUser(actor))}`;
  if (scope === 'public' || owner === null) return 't.company_id IS NULL';
  return `(t.company_id IS NULL OR t.company_id = ${p.add(owner)})`;
}

/**
 * A template the actor may read, by id: a general one, or a private one of the actor's
 * company (5 without a template user). Anything else is 28.
 */
async function findReadable(q: Queryable, actor: Actor, id: number, extra = ''): Promise<TemplateRow & { content?: string; thumbnail?: Uint8Array | null }> {
  const { rows } = await q.query<TemplateRow & { content?: string; thumbnail?: Uint8Array | null }>(
    `SELECT ${INFO_COLUMNS}${extra} FROM label_templates t
      WHERE t.id = $1 AND (t.company_id IS NULL OR t.company_id = $2)`,
    [id, actor.companyId],
  );
  const row = rows[0];
  if (!row) throw new AppError('templateNotFound');
  if (row.company_id !== null) assertTemplateUser(actor);
  return row;
}

/** Refuses a template id the actor may not read (28, or 5 for a private one without a template user). */
export async function assertTemplateReadable(q: Queryable, actor: Actor, id: number): Promise<void> {
  await findReadable(q, actor, id);
}

/** A private template of the actor's company that the actor may change. */
async function findWritable(q: Queryable, actor: Actor, id: number): Promise<TemplateRow> {
  assertTemplateUser(actor);
  const row = await findReadable(q, actor, id);
  if (row.company_id === null) throw new AppError('templateReadOnly');
  return row;
}

function assertVersion(row: TemplateRow, expected: number | undefined): void {
  if (expected !== undefined && row.version !== expected) throw new AppError('templateChanged');
}

function cleanName(name: string | undefined): string | undefined {
  const trimmed = name?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}

function sizeName(checked: CheckedContent): string {
  return `${checked.widthMm} x ${checked.heightMm} mm`;
}

export interface ListInput {
  scope: TemplateScope;
  search?: string;
  pageIndex?: number;
  pageSize?: number;
}

export async function listTemplates(deps: Pick<TemplateDeps, 'db'>, actor: Actor, input: ListInput): Promise<TemplateListResult> {
  const p = new SqlParams();
  let where = ownerCondition(actor, input.scope, p);
  const search = input.search?.trim();
  if (search) where += ` AND lower(t.name) LIKE lower(${p.add(containsPattern(search))})`;
  const pageSize = input.pageSize ?? 50;
  const offset = ((input.pageIndex ?? 1) - 1) * pageSize;
  const { rows } = await deps.db.query<TemplateRow & { total: number }>(
    `SELECT ${INFO_COLUMNS}, count(*) OVER ()::int AS total FROM label_templates t
      WHERE ${where}
      ORDER BY lower(t.name), t.id
      LIMIT ${p.add(pageSize)} OFFSET ${p.add(offset)}`,
    p.values,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end: the count still says how many there are.
    const count = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM label_templates t WHERE ${where}`, p.values.slice(0, -2));
    total = count.rows[0]?.n ?? 0;
  }
  return { templates: rows.map(toInfo), total };
}

/** GET api/version/template: every template the caller sees, with its version. */
export async function templateVersions(deps: Pick<TemplateDeps, 'db'>, actor: Actor, scope?: TemplateScope): Promise<TemplateVersionItem[]> {
  const p = new SqlParams();
  const { rows } = await deps.db.query<{ id: number; company_id: number | null; name: string; version: number; updated_at: Date }>(
    `SELECT t.id, t.company_id, t.name, t.version, t.updated_at FROM label_templates t
      WHERE ${ownerCondition(actor, scope, p)} ORDER BY t.id`,
    p.values,
  );
  return rows.map((r) => ({
    templateID: r.id,
    ownerId: r.company_id ?? GENERAL_TEMPLATE_OWNER_ID,
    templateName: r.name,
    version: r.version,
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** GET api/Template: the template with its content. */
export async function templateContent(deps: Pick<TemplateDeps, 'db'>, actor: Actor, id: number): Promise<TemplateContent> {
  const row = await findReadable(deps.db, actor, id, ', t.content');
  return { ...toInfo(row), templateContent: row.content ?? '' };
}

/** The thumbnail PNG; 28 when the template has none (or is not the caller's to see). */
export async function templateThumbnail(deps: Pick<TemplateDeps, 'db'>, actor: Actor, id: number): Promise<Uint8Array> {
  const row = await findReadable(deps.db, actor, id, ', t.thumbnail');
  if (!row.thumbnail) throw new AppError('templateNotFound');
  return row.thumbnail;
}

async function selectInfo(q: Queryable, id: number): Promise<TemplateInfo> {
  const { rows } = await q.query<TemplateRow>(`SELECT ${INFO_COLUMNS} FROM label_templates t WHERE t.id = $1`, [id]);
  return toInfo(rows[0]!);
}

export interface CreateInput {
  templateName?: string;
  templateContent: string;
}

export async function createTemplate(deps: TemplateDeps, actor: Actor, input: CreateInput): Promise<TemplateInfo> {
  const owner = assertTemplateUser(actor);
  const checked = checkTemplateContent(input.templateContent);
  const now = deps.clock();
  const thumbnail = await renderThumbnail(input.templateContent, checked.widthMm, checked.heightMm, now.getTime());
  const name = cleanName(input.templateName) ?? cleanName(checked.labelName)?.slice(0, 100) ?? sizeName(checked);
  const { rows } = await deps.db.query<{ id: number }>(
    `INSERT INTO label_templates (company_id, name, width_mm, height_mm, content, content_size, thumbnail,
                                  created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9) RETURNING id`,
    [owner, name, checked.widthMm, checked.heightMm, input.templateContent, checked.size, thumbnail, actor.userId, now],
  );
  return selectInfo(deps.db, rows[0]!.id);
}

export interface SaveInput {
  templateID: number;
  version: number;
  templateContent: string;
  templateName?: string;
}

export async function saveTemplate(deps: TemplateDeps, actor: Actor, input: SaveInput): Promise<TemplateInfo> {
  const row = await findWritable(deps.db, actor, input.templateID);
  assertVersion(row, input.version);
  const checked = checkTemplateContent(input.templateContent);
  const now = deps.clock();
  const thumbnail = await renderThumbnail(input.templateContent, checked.widthMm, checked.heightMm, now.getTime());
  // Conditional on the version read above: a save or rename meanwhile makes this touch nothing.
  const { rowCount } = await deps.db.query(
    `UPDATE label_templates
        SET content = $4, content_size = $5, width_mm = $6, height_mm = $7, thumbnail = $8,
            name = COALESCE($9, name), version = version + 1, updated_by = $10, updated_at = $11
      WHERE id = $1 AND company_id = $2 AND version = $3`,
    [row.id, actor.companyId, input.version, input.templateContent, checked.size, checked.widthMm, checked.heightMm, thumbnail,
      cleanName(input.templateName) ?? null, actor.userId, now],
  );
  if (rowCount === 0) throw new AppError('templateChanged');
  return selectInfo(deps.db, row.id);
}

export interface RenameInput {
  templateID: number;
  version?: number;
  templateName?: string;
}

export async function renameTemplate(deps: TemplateDeps, actor: Actor, input: RenameInput): Promise<TemplateInfo> {
  const row = await findWritable(deps.db, actor, input.templateID);
  assertVersion(row, input.version);
  const name = cleanName(input.templateName);
  if (!name) throw new AppError('templateNameRequired');
  const { rowCount } = await deps.db.query(
    `UPDATE label_templates SET name = $4, version = version + 1, updated_by = $5, updated_at = $6
      WHERE id = $1 AND company_id = $2 AND ($3::integer IS NULL OR version = $3::integer)`,
    [row.id, actor.companyId, input.version ?? null, name, actor.userId, deps.clock()],
  );
  if (rowCount === 0) throw new AppError('templateChanged');
  return selectInfo(deps.db, row.id);
}

export interface DuplicateInput {
  templateID: number;
  templateName?: string;
  /** The language of the default name's suffix ("副本" / "copy"). */
  lang?: Lang;
}

/** A new private template from one the actor reads (its own or a general one), thumbnail and all. */
export async function duplicateTemplate(deps: TemplateDeps, actor: Actor, input: DuplicateInput): Promise<TemplateInfo> {
  const owner = assertTemplateUser(actor);
  const source = await findReadable(deps.db, actor, input.templateID);
  const now = deps.clock();
  const name = cleanName(input.templateName) ?? copyName(source.name, input.lang ?? 'zh');
  const { rows } = await deps.db.query<{ id: number }>(
    `INSERT INTO label_templates (company_id, name, width_mm, height_mm, content, content_size, thumbnail,
                                  created_by, created_at, updated_by, updated_at)
     SELECT $2, $3, s.width_mm, s.height_mm, s.content, s.content_size, s.thumbnail, $4, $5, $4, $5
       FROM label_templates s WHERE s.id = $1
     RETURNING id`,
    [source.id, owner, name, actor.userId, now],
  );
  if (!rows[0]) throw new AppError('templateNotFound');
  return selectInfo(deps.db, rows[0].id);
}

/** "<name> 副本" / "<name> copy", within the name limit. */
function copyName(name: string, lang: Lang): string {
  const suffix = lang === 'en' ? ' copy' : ' 副本';
  return name.slice(0, 100 - suffix.length) + suffix;
}

export async function deleteTemplate(deps: TemplateDeps, actor: Actor, id: number, version?: number): Promise<void> {
  const row = await findWritable(deps.db, actor, id);
  assertVersion(row, version);
  const { rowCount } = await deps.db.query(
    `DELETE FROM label_templates WHERE id = $1 AND company_id = $2 AND ($3::integer IS NULL OR version = $3::integer)`,
    [row.id, actor.companyId, version ?? null],
  );
  if (rowCount === 0) throw new AppError('templateChanged');
}
