/**
 * Inventory counts (spec section 7, Anlageninventur* and InventoryAsset; modules/inventory).
 * Every route needs permission 201 (an admin holds it); the orders seen follow the caller's
 * scope (modules/inventory/service.ts).
 *
 * GET    /api/Anlageninventur/List?status=2,4&isASC=&pageIndex=&pageSize=  → InventoryOrderListResult
 * GET    /api/Anlageninventur/Details?anlageninventurId=                     → InventoryOrderInfo
 * POST   /api/Anlageninventur {name, departmentIds?, classifyIds?, places?, remark?, loginFlag?}
 *                                                                            → InventoryOrderInfo (lines from the register now)
 * POST   /api/Anlageninventur/Finish {anlageninventurId, version?}           → InventoryOrderInfo (pending → shortage; 8 or 128)
 * DELETE /api/Anlageninventur?id=&version=&loginFlag=                        → null (with its lines and scans)
 * GET    /api/AnlageninventurVersion                                         → InventoryVersionInfo
 * GET    /api/InventoryAsset?anlageninventurId=&result=&keyword=&sortKey=&isASC=&pageIndex=&pageSize=
 *                                                                            → InventoryLineListResult
 * POST   /api/InventoryAsset {anlageninventurId, scans: [{scanId, text, scannedAt?}]}
 *                                                                            → InventoryScanResult (idempotent per scanId)
 * GET    /api/InventoryAsset/Export?anlageninventurId=&result=&keyword=&download=
 *                                                                            → ExcelFile (download=1: the .xlsx itself)
 * Payloads: src/api/contract.ts.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  INVENTORY_LINE_SORT_KEYS,
  INVENTORY_ORDER_STATUSES,
  INVENTORY_RESULTS,
  INVENTORY_SCAN_BATCH_MAX,
  Permission,
  type ExcelFile,
  type InventoryOrderStatusValue,
  type InventoryResultValue,
} from '../../src/api/contract.ts';
import { readBody, readQuery, readQueryOrBody } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import type { AppEnv } from '../http/env.ts';
import { holding, requireActor } from '../modules/access/guards.ts';
import { XLSX_MIME } from '../modules/import-export/export.ts';
import { exportLines } from '../modules/inventory/export.ts';
import { listLines } from '../modules/inventory/lines.ts';
import { recordScans } from '../modules/inventory/scans.ts';
import { createOrder } from '../modules/inventory/create.ts';
import { deleteOrder, finishOrder, inventoryVersion, listOrders, orderDetails } from '../modules/inventory/service.ts';
import { instantOf } from '../modules/transactions/rules.ts';
import type { RouteDeps } from './deps.ts';
import { id, IdInput, optionalText, queryFlag, queryPageIndex, queryPageSize, recordVersion } from './fields.ts';

/** A comma-separated list of codes out of `allowed`, e.g. status=2,4. */
const codeList = <T extends number>(allowed: readonly T[]) =>
  z
    .string()
    .max(40)
    .transform((text, ctx) => {
      const items = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.some((item) => !/^\d{1,3}$/.test(item) || !(allowed as readonly number[]).includes(Number(item)))) {
        ctx.addIssue({ code: 'custom', message: 'unknown code' });
        return z.NEVER;
      }
      return items.map(Number) as T[];
    });

const OrderListQuery = z.object({
  status: codeList<InventoryOrderStatusValue>(INVENTORY_ORDER_STATUSES).optional(),
  isASC: queryFlag,
  pageIndex: queryPageIndex,
  pageSize: queryPageSize,
});

const OrderQuery = z.object({ anlageninventurId: id });

const CreateBody = z.object({
  name: z.string().max(200),
  departmentIds: z.array(id).max(200).nullish().transform((v) => v ?? undefined),
  classifyIds: z.array(id).max(200).nullish().transform((v) => v ?? undefined),
  places: z.array(z.string().max(200)).max(200).nullish().transform((v) => v ?? undefined),
  remark: optionalText(1000),
});

const FinishBody = z.object({ anlageninventurId: id, version: recordVersion });

const LineFilterQuery = z.object({
  anlageninventurId: id,
  result: codeList<InventoryResultValue>(INVENTORY_RESULTS).optional(),
  keyword: optionalText(100),
});

const LineListQuery = LineFilterQuery.extend({
  sortKey: z.enum(INVENTORY_LINE_SORT_KEYS).optional(),
  isASC: queryFlag,
  pageIndex: queryPageIndex,
  pageSize: queryPageSize,
});

const ExportQuery = LineFilterQuery.extend({ download: queryFlag });

/** A scan id: a UUID (any version), as a device makes one. */
const scanId = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
  .transform((v) => v.toLowerCase());

const ScanBody = z.object({
  anlageninventurId: id,
  scans: z
    .array(
      z.object({
        scanId,
        text: z.string().max(500),
        scannedAt: z
          .string()
          .max(40)
          .nullish()
          .transform((text, ctx) => {
            if (text === null || text === undefined || text === '') return undefined;
            const instant = /T.+(Z|[+-]\d{2}:?\d{2})$/.test(text) ? instantOf(text) : null;
            if (instant === null) {
              ctx.addIssue({ code: 'custom', message: 'not an ISO instant' });
              return z.NEVER;
            }
            return instant;
          }),
      }),
    )
    .min(1)
    .max(INVENTORY_SCAN_BATCH_MAX),
});

function sendFile(c: Context<AppEnv>, file: ExcelFile & { bytes: Buffer }, asDownload: boolean | undefined) {
  if (!asDownload) {
    const { bytes: _bytes, ...payload } = file;
    return ok(c, payload);
  }
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': XLSX_MIME,
    'Content-Disposition': `attachment; filename="inventory.xlsx"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  });
}

export function inventoryRoutes(deps: RouteDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const services = { db: deps.db, clock: deps.clock, timeZone: deps.config.timeZone, log: deps.log };
  const counter = requireActor(deps, holding(Permission.inventory));

  routes.get('/Anlageninventur/List', counter, async (c) => ok(c, await listOrders(services, c.get('actor'), readQuery(c, OrderListQuery))));
  routes.get('/Anlageninventur/Details', counter, async (c) =>
    ok(c, await orderDetails(services, c.get('actor'), readQuery(c, OrderQuery).anlageninventurId)),
  );
  routes.post('/Anlageninventur', counter, async (c) => ok(c, await createOrder(services, c.get('actor'), await readBody(c, CreateBody))));
  routes.post('/Anlageninventur/Finish', counter, async (c) =>
    ok(c, await finishOrder(services, c.get('actor'), await readBody(c, FinishBody))),
  );
  routes.delete('/Anlageninventur', counter, async (c) => {
    await deleteOrder(services, c.get('actor'), await readQueryOrBody(c, IdInput));
    return ok(c, null);
  });
  routes.get('/AnlageninventurVersion', counter, async (c) => ok(c, await inventoryVersion(services, c.get('actor'))));

  routes.get('/InventoryAsset', counter, async (c) => ok(c, await listLines(services, c.get('actor'), readQuery(c, LineListQuery))));
  routes.post('/InventoryAsset', counter, async (c) =>
    ok(c, await recordScans(services, c.get('actor'), await readBody(c, ScanBody), c.get('lang'))),
  );
  routes.get('/InventoryAsset/Export', counter, async (c) => {
    const query = readQuery(c, ExportQuery);
    return sendFile(c, await exportLines(services, c.get('actor'), query, c.get('lang')), query.download);
  });

  return routes;
}
