/**
 * Seeds the demo company with its sample data (sample-data.ts) through the same service
 * functions the API calls, as the demo admin: codes, versions, histories, inventory counts and
 * names are what the app itself makes.
 *
 * When: while the demo company is empty (only its root department, and no staff, roles,
 * classifications, assets, transactions, inventory orders or templates of its own), so a
 * database made before sample data existed is seeded at its next start, and a company someone
 * has used is never touched. Everything is written in ONE database transaction (the services'
 * own transactions become savepoints: db/within-transaction.ts) under an advisory lock, so a
 * crash half-way leaves the company empty, seeded again at the next start, and two processes
 * starting on one PostgreSQL seed it once.
 *
 * Time: the story is played on a clock of its own, from the company's first purchase (about
 * six years before now) to an hour before now, in time order: each asset is registered on its
 * purchase date, received two days later, and the later transactions and inventory counts
 * happen on their days. The services date every record by that clock, as they would have had
 * the user done it then.
 */
import type { AssetInfo } from '../../../src/api/contract.ts';
import { DAY_MS, MINUTE_MS, type Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { withinTransaction } from '../../db/within-transaction.ts';
import type { Logger } from '../../log.ts';
import { loadActor, type Actor } from '../access/service.ts';
import { DEMO_EMAIL } from '../accounts/demo.ts';
import { setDefaultTemplate } from '../asset-labels/default-template.ts';
import { todayIn } from '../assets/depreciation.ts';
import { setAsset } from '../assets/service.ts';
import { setClassify } from '../classifications/service.ts';
import { setDepartment } from '../departments/service.ts';
import { createOrder } from '../inventory/create.ts';
import { recordScans } from '../inventory/scans.ts';
import { finishOrder } from '../inventory/service.ts';
import { setStaff } from '../staff/service.ts';
import { duplicateTemplate } from '../templates/service.ts';
import { createBusiness } from '../transactions/service.ts';
import {
  DEMO_ASSETS,
  DEMO_CLASSIFICATIONS,
  DEMO_DEPARTMENTS,
  DEMO_INVENTORIES,
  DEMO_STAFF,
  DEMO_STORIES,
  DEMO_TEMPLATE,
  RECEIVED_AFTER_DAYS,
  type DemoAsset,
  type DemoInventory,
  type DemoStory,
} from './sample-data.ts';

export interface DemoSeedDeps {
  db: Db;
  clock: Clock;
  /** The zone whose calendar day purchase dates are (config TIME_ZONE). */
  timeZone: string;
  log?: Logger;
}

/** The organisation is set up this many days before the first purchase. */
const SETUP_BEFORE_FIRST_PURCHASE_DAYS = 30;

/**
 * Seeds the sample data if the demo company exists and is empty; answers the number of
 * assets seeded (0: nothing was written).
 */
export async function seedDemoData(deps: DemoSeedDeps): Promise<number> {
  return deps.db.transaction(async (tx) => {
    // Two processes starting on one PostgreSQL: the second waits, then finds the company used.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['assetmark:demo-data']);
    const demo = await emptyDemoCompany(tx);
    if (!demo) return 0;
    const actor = await loadActor(tx, demo);
    await new Story(withinTransaction(tx, deps.db.kind), actor, deps).play();
    return DEMO_ASSETS.length;
  });
}

/** The demo account's user and company, when its company holds nothing yet; null otherwise. */
async function emptyDemoCompany(q: Queryable): Promise<{ userId: number; companyId: number } | null> {
  const { rows } = await q.query<{ user_id: number; company_id: number; empty: boolean }>(
    `SELECT u.id AS user_id, u.company_id,
            (SELECT count(*) FROM departments d WHERE d.company_id = u.company_id) = 1
            AND NOT EXISTS (SELECT 1 FROM staff s WHERE s.company_id = u.company_id)
            AND NOT EXISTS (SELECT 1 FROM roles r WHERE r.company_id = u.company_id)
            AND NOT EXISTS (SELECT 1 FROM asset_classes k WHERE k.company_id = u.company_id)
            AND NOT EXISTS (SELECT 1 FROM assets a WHERE a.company_id = u.company_id)
            AND NOT EXISTS (SELECT 1 FROM business_records b WHERE b.company_id = u.company_id)
            AND NOT EXISTS (SELECT 1 FROM inventory_orders o WHERE o.company_id = u.company_id)
            AND NOT EXISTS (SELECT 1 FROM label_templates t WHERE t.company_id = u.company_id) AS empty
       FROM users u WHERE u.email = $1 AND u.is_demo`,
    [DEMO_EMAIL],
  );
  const row = rows[0];
  return row?.empty ? { userId: row.user_id, companyId: row.company_id } : null;
}

/** One step of the story, at its moment. */
interface Step {
  at: number;
  run: () => Promise<void>;
}

/** Plays the sample data's story in time order on its own clock. */
class Story {
  private readonly start: number;
  private now: number;
  private readonly clock: Clock = () => new Date(this.now);
  private readonly deptIds = new Map<string, number>();
  private readonly staff = new Map<string, { id: number; deptId: number }>();
  private readonly classifyIds = new Map<string, number>();
  private readonly assets = new Map<string, AssetInfo>();
  private scans = 0;

  constructor(
    private readonly db: Db,
    private readonly actor: Actor,
    private readonly deps: DemoSeedDeps,
  ) {
    this.start = deps.clock().getTime();
    this.now = this.start;
  }

  /** The moment `daysAgo` days before seeding, `minutes` later (the order of a day's steps). */
  private at(daysAgo: number, minutes = 0): number {
    return this.start - daysAgo * DAY_MS + minutes * MINUTE_MS;
  }

  async play(): Promise<void> {
    const firstPurchase = Math.max(...DEMO_ASSETS.map((a) => a.boughtDaysAgo));
    const steps: Step[] = [{ at: this.at(firstPurchase + SETUP_BEFORE_FIRST_PURCHASE_DAYS), run: () => this.setUp() }];
    DEMO_ASSETS.forEach((asset, i) => {
      steps.push({ at: this.at(asset.boughtDaysAgo, i), run: () => this.register(asset) });
      const holder = asset.holder;
      if (holder) {
        steps.push({ at: this.at(asset.boughtDaysAgo - RECEIVED_AFTER_DAYS, i), run: () => this.receive(asset, holder) });
      }
    });
    for (const story of DEMO_STORIES) steps.push({ at: this.at(story.daysAgo), run: () => this.transact(story) });
    for (const inventory of DEMO_INVENTORIES) steps.push(...this.inventorySteps(inventory));
    // Array.prototype.sort is stable: steps at one moment keep the order above.
    steps.sort((a, b) => a.at - b.at);
    for (const step of steps) {
      this.now = step.at;
      await step.run();
    }
  }

  private get orgDeps() {
    return { db: this.db, clock: this.clock };
  }

  private async setUp(): Promise<void> {
    for (const dept of DEMO_DEPARTMENTS) {
      const parent = 'parent' in dept ? this.deptIds.get(dept.parent) : undefined;
      const created = await setDepartment(this.orgDeps, this.actor, { deptName: dept.name, affiliatedDept: parent });
      this.deptIds.set(dept.key, created.id);
    }
    for (const person of DEMO_STAFF) {
      const deptId = this.deptIds.get(person.dept)!;
      const created = await setStaff(this.orgDeps, this.actor, {
        staffName: person.name,
        position: person.position,
        jobNumber: person.jobNumber,
        affiliatedDept: deptId,
        workingStatus: 'active',
      });
      this.staff.set(person.key, { id: created.id, deptId });
    }
    for (const classify of DEMO_CLASSIFICATIONS) {
      const created = await setClassify(this.orgDeps, this.actor, {
        classifyName: classify.name,
        attributes: classify.attributes.map((a) => ({ ...a, ...('items' in a ? { items: [...a.items] } : {}) })),
      });
      this.classifyIds.set(classify.key, created.id);
    }
    await this.labelTemplate();
  }

  /** The demo's own label, a copy of a gallery template, the default of one classification. */
  private async labelTemplate(): Promise<void> {
    const { rows } = await this.db.query<{ id: number }>('SELECT id FROM label_templates WHERE gallery_key = $1', [
      DEMO_TEMPLATE.galleryKey,
    ]);
    // The gallery is seeded at start before this (server/main.ts); a database without it gets no template.
    if (!rows[0]) return;
    const template = await duplicateTemplate(this.orgDeps, this.actor, {
      templateID: rows[0].id,
      templateName: DEMO_TEMPLATE.name,
    });
    await setDefaultTemplate(this.orgDeps, this.actor, {
      classifyId: this.classifyIds.get(DEMO_TEMPLATE.defaultFor)!,
      templateId: template.templateID,
    });
  }

  private async register(asset: DemoAsset): Promise<void> {
    const buyDate = todayIn(new Date(this.now), this.deps.timeZone);
    const created = await setAsset(
      { ...this.orgDeps, timeZone: this.deps.timeZone },
      this.actor,
      {
        assetName: asset.name,
        specifications: asset.specifications,
        unit: asset.unit,
        supplier: asset.supplier,
        buyDate,
        buyPrice: asset.price,
        surplusValue: asset.residual,
        lossCycle: asset.lifeMonths,
        affiliatedDept: this.deptIds.get(asset.dept)!,
        depositSite: asset.site,
        classify: this.classifyIds.get(asset.classify)!,
        attributeValues: asset.attributes,
      },
      'zh',
    );
    this.assets.set(asset.key, created);
  }

  private assetId(key: string): number {
    const asset = this.assets.get(key);
    if (!asset) throw new Error(`demo data: asset ${key} is used before it is bought`);
    return asset.id;
  }

  private async receive(asset: DemoAsset, holder: string): Promise<void> {
    const person = this.staff.get(holder)!;
    await createBusiness(
      this.orgDeps,
      this.actor,
      {
        type: 'Using',
        assetIds: [this.assetId(asset.key)],
        affiliatedDept: person.deptId,
        affiliatedStaff: person.id,
        depositSite: asset.site,
      },
      'zh',
    );
  }

  private async transact(story: DemoStory): Promise<void> {
    const assetIds = [this.assetId(story.asset)];
    const business = (input: Omit<Parameters<typeof createBusiness>[2], 'assetIds'>) =>
      createBusiness(this.orgDeps, this.actor, { ...input, assetIds }, 'zh');
    switch (story.type) {
      case 'Borrowed': {
        const person = this.staff.get(story.staff)!;
        await business({
          type: 'Borrowed',
          affiliatedDept: person.deptId,
          affiliatedStaff: person.id,
          planReturnTime: new Date(this.now + story.returnInDays * DAY_MS).toISOString(),
          reason: story.reason,
        });
        break;
      }
      case 'Return':
        await business({ type: 'Return', remark: story.remark });
        break;
      case 'Maintain':
        await business({ type: 'Maintain', reason: story.reason, repairCost: story.repairCost });
        break;
      case 'Discard':
        await business({ type: 'Discard', reason: story.reason });
        break;
      case 'Alter':
        await business({ type: 'Alter', depositSite: story.site, remark: story.remark });
        break;
    }
  }

  /** Made, counted (one batch of scans, a minute apart), and finished when it says so. */
  private inventorySteps(inventory: DemoInventory): Step[] {
    let orderId = 0;
    const steps: Step[] = [
      {
        at: this.at(inventory.createdDaysAgo),
        run: async () => {
          const order = await createOrder({ db: this.db, clock: this.clock, log: this.deps.log }, this.actor, {
            name: inventory.name,
            remark: inventory.remark,
            departmentIds: [this.deptIds.get(inventory.dept)!],
          });
          orderId = order.id;
        },
      },
      {
        at: this.at(inventory.scannedDaysAgo),
        run: async () => {
          const found = [...this.countedAssets(inventory), ...(inventory.surplus ?? [])];
          const scans = found.map((key, i) => ({
            scanId: this.nextScanId(),
            text: this.assets.get(key)!.assetCoding,
            scannedAt: new Date(this.now + i * MINUTE_MS),
          }));
          this.now += found.length * MINUTE_MS;
          await recordScans(this.orderDeps, this.actor, { anlageninventurId: orderId, scans }, 'zh');
        },
      },
    ];
    const finished = inventory.finishedDaysAgo;
    if (finished !== undefined) {
      steps.push({
        at: this.at(finished),
        run: async () => {
          await finishOrder(this.orderDeps, this.actor, { anlageninventurId: orderId });
        },
      });
    }
    return steps;
  }

  private get orderDeps() {
    return { db: this.db, clock: this.clock, log: this.deps.log };
  }

  /**
   * The assets an order's counters find: the listed ones, or else every asset the order was
   * made for (its department and sub-departments, bought and not scrapped by then) but the
   * missing ones.
   */
  private countedAssets(inventory: DemoInventory): string[] {
    if (inventory.scanned) return [...inventory.scanned];
    const depts = new Set([inventory.dept, ...DEMO_DEPARTMENTS.filter((d) => 'parent' in d && d.parent === inventory.dept).map((d) => d.key)]);
    const scrappedBefore = new Set(
      DEMO_STORIES.filter((s) => s.type === 'Discard' && s.daysAgo > inventory.createdDaysAgo).map((s) => s.asset),
    );
    return DEMO_ASSETS.filter(
      (a) =>
        depts.has(a.dept) &&
        a.boughtDaysAgo > inventory.createdDaysAgo &&
        !scrappedBefore.has(a.key) &&
        !(inventory.missing ?? []).includes(a.key),
    ).map((a) => a.key);
  }

  /** Scan ids are UUIDs, as a device makes them; these are numbered so every seeding makes the same. */
  private nextScanId(): string {
    this.scans += 1;
    return `5eed0000-0000-4000-8000-${String(this.scans).padStart(12, '0')}`;
  }
}
