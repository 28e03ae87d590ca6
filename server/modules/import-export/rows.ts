/**
 * Import rows: from a sheet's cells to the values an asset row is written with, or the reason
 * the row is refused. Everything here is pure: the service loads the lookups (the caller's
 * departments, staff, the company's classifications, the assets named by the file's codes)
 * first, so checking 10,000 rows costs no query.
 *
 * A row names an existing asset by its code (then it updates that asset) or a new one. Columns
 * the file lacks leave an existing asset's values as they are; an empty cell empties the
 * field. Department, user and classification are names: a department also by its path below
 * the company ("Sales/East"), a staff member whose name is shared as "Name(job number)".
 */
import { AttributeType, Permission, type ClassifyAttribute, type ImportColumn } from '../../../src/api/contract.ts';
import { AppError, type ErrorKind, type ErrorParams } from '../../errors.ts';
import { holds, type Actor } from '../access/service.ts';
import {
  checkAttributeValues,
  currentAttributeValues,
  FIELD_LABELS,
  parseAmount,
  parseDate,
  parseLossCycle,
  parseText,
  type TextField,
} from '../assets/fields.ts';
import type { ClassifyRow } from '../classifications/service.ts';
import { serialToDate, serialToTime, type Cell } from './workbook.ts';

/** What the file's columns are: a standard column or an attribute name, by position. */
export type ColumnMap = (
  | { kind: 'standard'; key: ImportColumn }
  | { kind: 'attribute'; name: string }
  | { kind: 'ignored' }
)[];

/** An asset's columns as the import and the export read them. */
export interface AssetColumns {
  asset_coding: string;
  asset_name: string;
  specifications: string;
  unit: string;
  supplier: string;
  buy_date: string | null;
  buy_price: string | null;
  loss_cycle: number | null;
  dept_id: number | null;
  staff_id: number | null;
  deposit_site: string;
  classify_id: number | null;
  attribute_values: Record<string, string>;
}

export interface ExistingAsset extends AssetColumns {
  id: number;
  /** Its record version (migration 010) when the import read it. */
  version: number;
  /** Whether the importer's scope covers it. */
  in_scope: boolean;
}

export interface Lookups {
  actor: Actor;
  /** Lower-cased department name → ids within the scope; and "a/b" paths below the company. */
  deptByName: Map<string, number[]>;
  deptByPath: Map<string, number>;
  /** Department id → its path below the company as written ('Sales/East'): the candidates an ambiguous name lists. */
  deptPathById: Map<number, string>;
  staffByName: Map<string, { id: number; deptId: number | null }[]>;
  /** "name(job number)", lower-cased. */
  staffByNameJob: Map<string, { id: number; deptId: number | null }>;
  classifyByName: Map<string, ClassifyRow>;
  classifyById: Map<number, ClassifyRow>;
  /** The classification of rows whose classification cell is empty, if any. */
  defaultClassify: ClassifyRow | null;
  existing: Map<string, ExistingAsset>;
}

/** The values written for one row (the import columns; the asset's other fields are untouched). */
export interface RowValues {
  /** The asset updated; null for a new one. */
  id: number | null;
  /** The version of the asset updated as checked (null for a new one): the write needs it unchanged. */
  version: number | null;
  /** '' for a new asset without a code (one is generated). */
  code: string;
  name: string;
  specifications: string;
  unit: string;
  supplier: string;
  buyDate: string | null;
  buyPrice: string | null;
  lossCycle: number | null;
  deptId: number | null;
  staffId: number | null;
  depositSite: string;
  classifyId: number | null;
  attributeValues: Record<string, string>;
}

export interface RowProblem {
  row: number;
  kind: ErrorKind;
  params: ErrorParams;
}

export const lower = (text: string) => text.trim().toLowerCase();

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell).trim();
}

function cellDate(cell: Cell): Cell {
  return typeof cell === 'number' ? (serialToDate(cell) ?? String(cell)) : cell;
}

function cellTime(cell: Cell): Cell {
  return typeof cell === 'number' ? (serialToTime(cell) ?? String(cell)) : cell;
}

function sameValues(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
}

/** Whether a valid row would change nothing of the asset it names. */
export function unchanged(values: RowValues, existing: ExistingAsset | undefined): boolean {
  if (!existing) return false;
  return (
    values.name === existing.asset_name &&
    values.specifications === existing.specifications &&
    values.unit === existing.unit &&
    values.supplier === existing.supplier &&
    values.buyDate === existing.buy_date &&
    values.buyPrice === existing.buy_price &&
    values.lossCycle === existing.loss_cycle &&
    values.deptId === existing.dept_id &&
    values.staffId === existing.staff_id &&
    values.depositSite === existing.deposit_site &&
    values.classifyId === existing.classify_id &&
    sameValues(values.attributeValues, existing.attribute_values ?? {})
  );
}

/** Candidates an ambiguous department name lists at most, so one row's reason stays readable. */
const AMBIGUOUS_SHOWN = 10;

function resolveDept(lookups: Lookups, text: string): number {
  const path = lookups.deptByPath.get(lower(text).replace(/\s*\/\s*/g, '/'));
  if (path !== undefined) return path;
  const ids = lookups.deptByName.get(lower(text)) ?? [];
  if (ids.length === 1) return ids[0];
  if (ids.length > 1) {
    // Say which departments the name could mean rather than pick one (issue 14).
    const paths = ids.map((id) => lookups.deptPathById.get(id) ?? String(id)).sort();
    const shown = paths.length > AMBIGUOUS_SHOWN ? [...paths.slice(0, AMBIGUOUS_SHOWN), '…'] : paths;
    throw new AppError('rowDeptAmbiguous', { name: text, candidates: shown.join(', '), example: paths[0] });
  }
  throw new AppError('rowDeptUnknown', { name: text });
}

function resolveStaff(lookups: Lookups, text: string): { id: number; deptId: number | null } {
  // Full-width brackets count as ASCII ones.
  const key = lower(text.normalize('NFKC')).replace(/\s*\(\s*/, '(').replace(/\s*\)\s*$/, ')');
  const byJob = lookups.staffByNameJob.get(key);
  if (byJob) return byJob;
  const named = lookups.staffByName.get(lower(text)) ?? [];
  if (named.length === 1) return named[0];
  if (named.length > 1) throw new AppError('rowStaffAmbiguous', { name: text });
  throw new AppError('rowStaffUnknown', { name: text });
}

/**
 * Checks one row; returns its values or throws the AppError that says what is wrong. A row
 * changing an existing asset needs 102 (the route already required 101 to import at all).
 * `cells` are the row's cells; `columns` says what each is.
 */
export function checkRow(cells: readonly Cell[], columns: ColumnMap, lookups: Lookups): RowValues {
  const standard = new Map<ImportColumn, Cell>();
  const attributes = new Map<string, Cell>();
  columns.forEach((column, i) => {
    const cell = cells[i] ?? null;
    if (column.kind === 'standard') standard.set(column.key, cell);
    else if (column.kind === 'attribute') attributes.set(column.name, cell);
  });
  const has = (key: ImportColumn) => standard.has(key);
  const text = (key: ImportColumn & TextField) => parseText(cellText(standard.get(key) ?? null), key);

  const code = text('assetCoding');
  const existing = code === '' ? undefined : lookups.existing.get(code);
  if (existing && !existing.in_scope) throw new AppError('assetCodingTaken', { code });
  const keep = <T>(key: ImportColumn, fromFile: () => T, current: T | undefined, empty: T): T =>
    has(key) ? fromFile() : existing ? (current as T) : empty;

  const name = keep('assetName', () => text('assetName'), existing?.asset_name, '');
  if (name === '') throw new AppError('assetNameRequired');
  const values = {
    specifications: keep('specifications', () => text('specifications'), existing?.specifications, ''),
    unit: keep('unit', () => text('unit'), existing?.unit, ''),
    supplier: keep('supplier', () => text('supplier'), existing?.supplier, ''),
    buyDate: keep('buyDate', () => parseDate(cellDate(standard.get('buyDate') ?? null), FIELD_LABELS.buyDate), existing?.buy_date, null),
    buyPrice: keep('buyPrice', () => parseAmount(standard.get('buyPrice') ?? null, 'buyPrice'), existing?.buy_price, null),
    lossCycle: keep('lossCycle', () => parseLossCycle(standard.get('lossCycle') ?? null), existing?.loss_cycle, null),
    depositSite: keep('depositSite', () => text('depositSite'), existing?.deposit_site, ''),
  };

  // Classification, then its attributes.
  let classify: ClassifyRow | null;
  const classifyText = has('classification') ? cellText(standard.get('classification') ?? null) : null;
  if (classifyText) {
    classify = lookups.classifyByName.get(lower(classifyText)) ?? null;
    if (!classify) throw new AppError('rowClassifyUnknown', { name: classifyText });
  } else if (classifyText === '' || !existing) {
    classify = lookups.defaultClassify;
  } else {
    classify = existing.classify_id === null ? null : (lookups.classifyById.get(existing.classify_id) ?? null);
  }
  const byName = new Map<string, ClassifyAttribute>((classify?.attributes ?? []).map((a) => [a.name, a]));
  const merged: Record<string, unknown> = {
    ...currentAttributeValues(existing?.attribute_values ?? null, classify?.attributes ?? null),
  };
  for (const [attributeName, cell] of attributes) {
    const attribute = byName.get(attributeName);
    if (!attribute) {
      if (cellText(cell) !== '') {
        if (!classify) throw new AppError('attributeNeedsClassify', { name: attributeName });
        throw new AppError('attributeUnknown', { classify: classify.name, name: attributeName });
      }
      continue;
    }
    const value =
      attribute.attributeType === AttributeType.date ? cellDate(cell) : attribute.attributeType === AttributeType.time ? cellTime(cell) : cell;
    merged[attributeName] = typeof value === 'string' ? value : cellText(value);
  }
  const attributeValues = checkAttributeValues(merged, classify);

  // User, then department (a new asset without one takes the user's).
  let staff: { id: number; deptId: number | null } | null = null;
  let staffId: number | null;
  if (has('user')) {
    const staffText = cellText(standard.get('user') ?? null);
    staff = staffText === '' ? null : resolveStaff(lookups, staffText);
    staffId = staff?.id ?? null;
  } else {
    staffId = existing?.staff_id ?? null;
  }
  let deptId: number | null;
  const deptText = has('department') ? cellText(standard.get('department') ?? null) : null;
  if (deptText) deptId = resolveDept(lookups, deptText);
  else if (deptText === '' || !existing) deptId = existing ? null : (staff?.deptId ?? null);
  else deptId = existing.dept_id;
  if (deptId === null && !lookups.actor.isAdmin) throw new AppError('deptOutOfScope');
  // A registered asset's department, user and place change through transactions only
  // (README "Asset transactions"): a row naming others is refused, the same as the edit form.
  if (existing && (deptId !== existing.dept_id || staffId !== existing.staff_id || values.depositSite !== existing.deposit_site)) {
    throw new AppError('assetFieldsByTransaction');
  }

  const result: RowValues = {
    id: existing?.id ?? null,
    version: existing?.version ?? null,
    code,
    name,
    ...values,
    deptId,
    staffId,
    classifyId: classify?.id ?? null,
    attributeValues,
  };
  // Changing an asset needs 102; a row that changes nothing needs no permission to be read.
  if (existing && !unchanged(result, existing) && !holds(lookups.actor, Permission.assetEdit)) {
    throw new AppError('rowUpdateForbidden', { code });
  }
  return result;
}
