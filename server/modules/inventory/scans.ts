/**
 * Counting (POST api/InventoryAsset): a device sends the scans it holds, each with its own
 * UUID, and gets one answer per scan. A scan sent again (its reply was lost, or the device
 * synced twice after the network came back) is found by its id and answered as the first
 * time, and counts once.
 *
 * One batch is one database transaction that first locks the order's row: batches for one
 * order (two phones, or the same batch sent twice at once) run one after the other, and the
 * second sees what the first recorded (a PostgreSQL server re-reads after the lock; PGlite
 * runs one transaction at a time). The counts on the order change in the same transaction.
 *
 * What a scan does (its text resolved by assets/scanned-code.ts, among the assets the
 * scanner sees):
 *   - its line (by asset, else by code) is pending: normal, the line becomes 2;
 *   - its line was counted already (normal or surplus): duplicate, nothing changes;
 *   - no line: surplus, a line (4) is added: with the asset when the text names one the
 *     scanner sees (registered, outside the order), else with the text as its code;
 *   - the order is finished: unknown-order-closed, nothing is recorded.
 * The first recorded scan moves a pending order (2) to in progress (4).
 */
import type {
  InventoryScan,
  InventoryScanAnswer,
  InventoryScanOutcome,
  InventoryScanResult,
} from '../../../src/api/contract.ts';
import type { Queryable } from '../../db/db.ts';
import { AppError, errorMessage, type Lang } from '../../errors.ts';
import type { Actor } from '../access/service.ts';
import { cleanScannedText, resolveScannedCode } from '../assets/scanned-code.ts';
import { linesById } from './lines.ts';
import { isFinished } from './rules.ts';
import { bumpInventoryVersion, findOrder, toOrderInfo, userDisplayName, type InventoryDeps } from './service.ts';

type Recorded = Exclude<InventoryScanOutcome, 'unknown-order-closed'>;

interface Delta {
  pending: number;
  normal: number;
  surplus: number;
  total: number;
}

/** A line a scan lands on: found by the asset, else by its code (a surplus code scanned again). */
async function findLine(
  tx: Queryable,
  companyId: number,
  orderId: number,
  assetId: number | null,
  code: string,
): Promise<{ id: number; result: number } | null> {
  if (assetId !== null) {
    const { rows } = await tx.query<{ id: number; result: number }>(
      'SELECT id, result FROM inventory_lines WHERE company_id = $1 AND order_id = $2 AND asset_id = $3 ORDER BY id LIMIT 1',
      [companyId, orderId, assetId],
    );
    if (rows[0]) return rows[0];
  }
  const { rows } = await tx.query<{ id: number; result: number }>(
    'SELECT id, result FROM inventory_lines WHERE company_id = $1 AND order_id = $2 AND asset_coding = $3 ORDER BY id LIMIT 1',
    [companyId, orderId, code],
  );
  return rows[0] ?? null;
}

/** Adds a surplus line: the asset as the register has it now, or the scanned text alone. */
async function addSurplusLine(
  tx: Queryable,
  actor: Actor,
  orderId: number,
  assetId: number | null,
  text: string,
  scannedAt: Date,
  scannerName: string,
): Promise<number> {
  if (assetId === null) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO inventory_lines (company_id, order_id, asset_coding, result, scanned_at, scanned_by, scanned_by_name)
       VALUES ($1, $2, $3, 4, $4, $5, $6) RETURNING id`,
      [actor.companyId, orderId, text, scannedAt, actor.userId, scannerName],
    );
    return rows[0].id;
  }
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO inventory_lines (company_id, order_id, asset_id, asset_coding, asset_name, dept_id, dept_name, staff_id,
                                  staff_name, deposit_site, classify_id, classify_name, result, scanned_at, scanned_by,
                                  scanned_by_name)
     SELECT a.company_id, $2, a.id, a.asset_coding, a.asset_name, a.dept_id,
            CASE WHEN d.id IS NULL THEN '' ELSE COALESCE(d.name, c.name) END, a.staff_id, COALESCE(s.name, ''),
            a.deposit_site, a.classify_id, COALESCE(k.name, ''), 4, $4, $5, $6
       FROM assets a
       JOIN companies c ON c.id = a.company_id
       LEFT JOIN departments d ON d.company_id = a.company_id AND d.id = a.dept_id
       LEFT JOIN staff s ON s.company_id = a.company_id AND s.id = a.staff_id
       LEFT JOIN asset_classes k ON k.company_id = a.company_id AND k.id = a.classify_id
      WHERE a.company_id = $1 AND a.id = $3
     RETURNING id`,
    [actor.companyId, orderId, assetId, scannedAt, actor.userId, scannerName],
  );
  if (!rows[0]) throw new AppError('internal');
  return rows[0].id;
}

/** Records one new scan; returns its outcome and line. */
async function recordScan(
  tx: Queryable,
  actor: Actor,
  orderId: number,
  scan: { text: string; scannedAt: Date },
  scannerName: string,
  delta: Delta,
): Promise<{ outcome: Recorded; lineId: number }> {
  const assetId = await resolveScannedCode(tx, actor, scan.text);
  let code = scan.text;
  if (assetId !== null) {
    const { rows } = await tx.query<{ asset_coding: string }>('SELECT asset_coding FROM assets WHERE company_id = $1 AND id = $2', [
      actor.companyId,
      assetId,
    ]);
    code = rows[0]?.asset_coding ?? code;
  }
  const line = await findLine(tx, actor.companyId, orderId, assetId, code);
  if (line === null) {
    const lineId = await addSurplusLine(tx, actor, orderId, assetId, code, scan.scannedAt, scannerName);
    delta.surplus++;
    delta.total++;
    return { outcome: 'surplus', lineId };
  }
  if (line.result !== 0) return { outcome: 'duplicate', lineId: line.id };
  await tx.query(
    `UPDATE inventory_lines SET result = 2, scanned_at = $4, scanned_by = $5, scanned_by_name = $6
      WHERE company_id = $1 AND order_id = $2 AND id = $3`,
    [actor.companyId, orderId, line.id, scan.scannedAt, actor.userId, scannerName],
  );
  delta.pending--;
  delta.normal++;
  return { outcome: 'normal', lineId: line.id };
}

export interface ScanBatchInput {
  anlageninventurId: number;
  scans: (Omit<InventoryScan, 'scannedAt'> & { scannedAt?: Date })[];
}

/** POST api/InventoryAsset: records a batch of scans, each once; answers each in order. */
export async function recordScans(
  deps: Pick<InventoryDeps, 'db' | 'clock'>,
  actor: Actor,
  input: ScanBatchInput,
  lang: Lang,
): Promise<InventoryScanResult> {
  const scans = input.scans.map((scan) => ({ ...scan, text: cleanScannedText(scan.text) }));
  // Bad input changes nothing: an empty scan refuses the batch before anything is read.
  if (scans.some((scan) => scan.text === '')) throw new AppError('inventoryScanTextRequired');
  const now = deps.clock();

  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, actor, input.anlageninventurId, true);
    const closed = isFinished(order.status);
    const scannerName = closed ? '' : await userDisplayName(tx, actor);
    const delta: Delta = { pending: 0, normal: 0, surplus: 0, total: 0 };
    const found: { scanId: string; outcome: InventoryScanOutcome; lineId: number | null }[] = [];
    let recorded = 0;
    for (const scan of scans) {
      const { rows } = await tx.query<{ outcome: Recorded; line_id: number }>(
        'SELECT outcome, line_id FROM inventory_scans WHERE company_id = $1 AND order_id = $2 AND scan_id = $3',
        [actor.companyId, order.id, scan.scanId],
      );
      if (rows[0]) {
        found.push({ scanId: scan.scanId, outcome: rows[0].outcome, lineId: rows[0].line_id });
        continue;
      }
      if (closed) {
        found.push({ scanId: scan.scanId, outcome: 'unknown-order-closed', lineId: null });
        continue;
      }
      const scannedAt = scan.scannedAt ?? now;
      const { outcome, lineId } = await recordScan(tx, actor, order.id, { text: scan.text, scannedAt }, scannerName, delta);
      await tx.query(
        `INSERT INTO inventory_scans (company_id, order_id, scan_id, line_id, outcome, scanned_text, scanned_at, scanned_by, recorded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [actor.companyId, order.id, scan.scanId, lineId, outcome, scan.text, scannedAt, actor.userId, now],
      );
      recorded++;
      found.push({ scanId: scan.scanId, outcome, lineId });
    }
    if (recorded > 0) {
      await tx.query(
        `UPDATE inventory_orders
            SET pending_count = pending_count + $3, normal_count = normal_count + $4, surplus_count = surplus_count + $5,
                total_count = total_count + $6, status = CASE WHEN status = 2 THEN 4 ELSE status END
          WHERE company_id = $1 AND id = $2`,
        [actor.companyId, order.id, delta.pending, delta.normal, delta.surplus, delta.total],
      );
      await bumpInventoryVersion(tx, actor.companyId);
    }
    const lines = await linesById(
      tx,
      actor.companyId,
      order.id,
      found.flatMap((f) => (f.lineId === null ? [] : [f.lineId])),
    );
    const answers = found.map((f): InventoryScanAnswer => {
      if (f.lineId === null) {
        return { scanId: f.scanId, outcome: f.outcome, line: null, message: errorMessage('inventoryOrderClosed', lang, { name: order.name }) };
      }
      return { scanId: f.scanId, outcome: f.outcome, line: lines.get(f.lineId) ?? null };
    });
    return { answers, order: toOrderInfo(await findOrder(tx, actor, order.id)) };
  });
}
