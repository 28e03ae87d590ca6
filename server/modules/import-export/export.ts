/**
 * The import template and the export of assets (GET api/Excel/Template, api/Excel/Export):
 * .xlsx files with the standard headers in the caller's language, one column per custom
 * attribute, and the marker of workbook.ts. Export then re-import changes nothing: every
 * column written reads back to the same value (departments by name, or by path where the
 * name is shared; staff as "Name(job number)" where the name is shared) and unchanged rows
 * are not written at all.
 */
import { IMPORT_COLUMNS, type ExcelFile, type ImportColumn } from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql.ts';
import type { Lang } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { currentAttributeValues } from '../assets/fields.ts';
import { assetWhere, orderBy, today, todayPlaceholder, type AssetDeps, type AssetFilter, type AssetOrder } from '../assets/service.ts';
import { attributesVersion, classifiesOf, findClassify, type ClassifyRow } from '../classifications/service.ts';
import { standardHeaders } from './columns.ts';
import { lower, type AssetColumns } from './rows.ts';
import { MARKER_FORMAT, writeSpreadsheet, type Cell, type Marker } from './workbook.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function attributeColumns(classes: readonly ClassifyRow[]): string[] {
  const names: string[] = [];
  for (const k of classes) for (const a of k.attributes) if (!names.includes(a.name)) names.push(a.name);
  return names;
}

function markerOf(classes: readonly ClassifyRow[], template?: number): Marker {
  return {
    format: MARKER_FORMAT,
    classes: Object.fromEntries(classes.map((k) => [String(k.id), attributesVersion(k.attributes)])),
    ...(template === undefined ? {} : { template }),
  };
}

function excelFile(fileName: string, bytes: Buffer, rowCount?: number): ExcelFile & { bytes: Buffer } {
  return { fileName, fileData: bytes.toString('base64'), mimeType: XLSX_MIME, bytes, ...(rowCount === undefined ? {} : { rowCount }) };
}

const SHEET_NAMES = { zh: '资产', en: 'Assets' };

/** The import template: headers only, for one classification's attributes or none. */
export async function importTemplate(
  deps: Pick<AssetDeps, 'db'>,
  actor: Actor,
  classifyId: number | undefined,
  lang: Lang,
): Promise<ExcelFile & { bytes: Buffer }> {
  const classes = classifyId === undefined ? [] : [await findClassify(deps.db, actor.companyId, classifyId)];
  const header = [...standardHeaders(lang), ...attributeColumns(classes)];
  const title = lang === 'zh' ? '资产导入模板' : 'asset import template';
  const name = classes[0] ? `${title} ${classes[0].name}.xlsx` : `${title}.xlsx`;
  return excelFile(name, writeSpreadsheet(SHEET_NAMES[lang], header, [], markerOf(classes, classes[0]?.id)));
}

/**
 * The assets the caller sees that match the filter, in the list's order, as an .xlsx.
 * Departments are written by name, or by path where the name is shared; staff by name, or
 * as "Name(job number)" where the name is shared, so the file reads back to the same rows.
 */
export async function exportAssets(
  deps: AssetDeps,
  actor: Actor,
  input: AssetFilter & AssetOrder,
  lang: Lang,
): Promise<ExcelFile & { bytes: Buffer }> {
  const day = today(deps);
  const p = new SqlParams();
  const todayParam = todayPlaceholder(p, deps);
  const whereSql = assetWhere(actor, input, p, todayParam);
  const order = orderBy(input, todayParam);
  const { rows } = await deps.db.query<AssetColumns>(
    `SELECT a.asset_coding, a.asset_name, a.specifications, a.unit, a.supplier, a.buy_date, a.buy_price, a.loss_cycle,
            a.dept_id, a.staff_id, a.deposit_site, a.classify_id, a.attribute_values
       FROM assets a ${order.join}
      WHERE ${whereSql}
      ORDER BY ${order.sql}`,
    p.values,
  );

  const [deptLabels, staffLabels, classes] = await Promise.all([
    departmentLabels(deps.db, actor.companyId),
    staffLabelsOf(deps.db, actor.companyId, rows),
    classifiesOf(deps.db, actor.companyId),
  ]);
  const used = new Set(rows.map((r) => r.classify_id));
  const exported = classes.filter((k) => used.has(k.id));
  const classById = new Map(classes.map((k) => [k.id, k]));
  const attributes = attributeColumns(exported);

  const cells: Cell[][] = rows.map((r) => {
    const classify = r.classify_id === null ? null : (classById.get(r.classify_id) ?? null);
    const values = currentAttributeValues(r.attribute_values, classify?.attributes ?? null);
    const byKey: Record<ImportColumn, Cell> = {
      assetCoding: r.asset_coding,
      assetName: r.asset_name,
      specifications: r.specifications,
      unit: r.unit,
      supplier: r.supplier,
      buyDate: r.buy_date,
      buyPrice: r.buy_price === null ? null : Number(r.buy_price),
      lossCycle: r.loss_cycle,
      department: r.dept_id === null ? null : (deptLabels.get(r.dept_id) ?? null),
      user: r.staff_id === null ? null : (staffLabels.get(r.staff_id) ?? null),
      depositSite: r.deposit_site,
      classification: classify?.name ?? null,
    };
    return [...IMPORT_COLUMNS.map((key) => byKey[key]), ...attributes.map((name) => values[name] ?? null)];
  });
  const header = [...standardHeaders(lang), ...attributes];
  const fileName = `${lang === 'zh' ? '资产列表' : 'asset list'} ${day}.xlsx`;
  return excelFile(fileName, writeSpreadsheet(SHEET_NAMES[lang], header, cells, markerOf(exported)), rows.length);
}

/** Each department's label in files: its name, or its path below the company when the name is shared. */
async function departmentLabels(q: Queryable, companyId: number): Promise<Map<number, string>> {
  const { rows } = await q.query<{ id: number; name: string; path: string }>(
    `SELECT d.id, COALESCE(d.name, c.name) AS name, d.path
       FROM departments d JOIN companies c ON c.id = d.company_id WHERE d.company_id = $1`,
    [companyId],
  );
  const nameById = new Map(rows.map((d) => [d.id, d.name]));
  const count = new Map<string, number>();
  for (const d of rows) count.set(lower(d.name), (count.get(lower(d.name)) ?? 0) + 1);
  return new Map(
    rows.map((d) => {
      if (count.get(lower(d.name)) === 1) return [d.id, d.name];
      const ids = d.path.split('/').filter(Boolean).slice(1).map(Number);
      return [d.id, ids.length === 0 ? d.name : ids.map((id) => nameById.get(id)).join('/')];
    }),
  );
}

/** Each staff member's label in files: the name, or "Name(job number)" when the name is shared. */
async function staffLabelsOf(q: Queryable, companyId: number, rows: readonly AssetColumns[]): Promise<Map<number, string>> {
  if (!rows.some((r) => r.staff_id !== null)) return new Map();
  const { rows: staff } = await q.query<{ id: number; name: string; job_number: string }>(
    'SELECT id, name, job_number FROM staff WHERE company_id = $1',
    [companyId],
  );
  const count = new Map<string, number>();
  for (const s of staff) count.set(lower(s.name), (count.get(lower(s.name)) ?? 0) + 1);
  return new Map(
    staff.map((s) => [s.id, count.get(lower(s.name)) === 1 || s.job_number === '' ? s.name : `${s.name}(${s.job_number})`]),
  );
}
