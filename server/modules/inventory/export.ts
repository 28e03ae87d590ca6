/**
 * The inventory details file (GET api/InventoryAsset/Export; spec section 9: "inventory
 * details plus the date"): an order's lines, filtered by result, in line order, as one .xlsx
 * sheet with headers in the caller's language. Named 盘点明细<yyyyMMdd>.xlsx in Chinese and
 * "inventory details <yyyy-MM-dd>.xlsx" in English, the date being today in the server's
 * TIME_ZONE; scan times are written in that zone too. Text cells that a spreadsheet program
 * could run as a formula are quoted (import-export/formula-guard.ts), as in the asset export.
 * It carries no import marker: it is a report, not a file to import.
 */
import * as XLSX from 'xlsx';
import type { ExcelFile, InventoryResultValue } from '../../../src/api/contract.ts';
import { SqlParams } from '../../db/sql.ts';
import type { Lang } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { todayIn } from '../assets/depreciation.ts';
import { XLSX_MIME } from '../import-export/export.ts';
import { neutralizeCell } from '../import-export/formula-guard.ts';
import { LINE_COLUMNS, lineWhere, type LineFilter, type LineRow } from './lines.ts';
import { findOrder, type InventoryDeps } from './service.ts';

export const EXPORT_HEADERS: Record<Lang, readonly string[]> = {
  zh: ['资产编码', '资产名称', '所属部门', '使用人', '存放地点', '资产分类', '盘点结果', '盘点时间', '盘点人'],
  en: ['Asset code', 'Asset name', 'Department', 'User', 'Deposit site', 'Classification', 'Result', 'Counted at', 'Counted by'],
};

export const RESULT_LABELS: Record<Lang, Record<InventoryResultValue, string>> = {
  zh: { 0: '待盘点', 2: '正常', 4: '盘盈', 8: '盘亏' },
  en: { 0: 'Pending', 2: 'Normal', 4: 'Surplus', 8: 'Shortage' },
};

const SHEET_NAMES: Record<Lang, string> = { zh: '盘点明细', en: 'Inventory details' };

/** 'YYYY-MM-DD HH:mm:ss' in the zone (sv-SE formats so). */
function localTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(instant);
}

export function exportFileName(lang: Lang, today: string): string {
  return lang === 'zh' ? `盘点明细${today.replaceAll('-', '')}.xlsx` : `inventory details ${today}.xlsx`;
}

/** The order's lines matching `filter` as an .xlsx (base64 in fileData, and the bytes). */
export async function exportLines(
  deps: InventoryDeps,
  actor: Actor,
  input: LineFilter & { anlageninventurId: number },
  lang: Lang,
): Promise<ExcelFile & { bytes: Buffer }> {
  const rows = await deps.db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const order = await findOrder(tx, actor, input.anlageninventurId);
    const p = new SqlParams();
    return (
      await tx.query<LineRow>(`SELECT ${LINE_COLUMNS} FROM inventory_lines l WHERE ${lineWhere(actor.companyId, order.id, input, p)} ORDER BY l.id`, p.values)
    ).rows;
  });
  const safe = (text: string) => neutralizeCell(text);
  const cells = rows.map((r) => [
    safe(r.asset_coding),
    safe(r.asset_name),
    safe(r.dept_name),
    safe(r.staff_name),
    safe(r.deposit_site),
    safe(r.classify_name),
    RESULT_LABELS[lang][r.result],
    r.scanned_at === null ? '' : localTime(r.scanned_at, deps.timeZone),
    safe(r.scanned_by_name),
  ]);
  const header = EXPORT_HEADERS[lang];
  const sheet = XLSX.utils.aoa_to_sheet([[...header], ...cells], { dense: true } as XLSX.AOA2SheetOpts);
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(12, Math.min(40, h.length * 2 + 2)) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, SHEET_NAMES[lang]);
  const bytes = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return {
    fileName: exportFileName(lang, todayIn(deps.clock(), deps.timeZone)),
    fileData: bytes.toString('base64'),
    mimeType: XLSX_MIME,
    bytes,
    rowCount: rows.length,
  };
}
