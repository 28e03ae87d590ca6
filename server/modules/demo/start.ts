/**
 * The demo at start (server/main.ts, and test servers that ask for it): the demo company and
 * account (accounts/demo.ts), made once, then the company's sample data (seed.ts) while it is
 * still empty, unless configuration turns it off (ASSETMARK_DEMO_DATA=off: the account is
 * still made, its company stays empty, as the browser tests want it).
 */
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { Logger } from '../../log.ts';
import { ensureDemoAccount } from '../accounts/demo.ts';
import { seedDemoData } from './seed.ts';

export interface DemoStartDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** config.demoData. */
  sampleData: boolean;
  log: Logger;
}

export async function startDemo(deps: DemoStartDeps): Promise<void> {
  if (await ensureDemoAccount(deps.db, deps.clock())) deps.log.info('[db] seeded the demo company and account');
  if (!deps.sampleData) return;
  const assets = await seedDemoData(deps);
  if (assets > 0) deps.log.info(`[db] seeded the demo company's sample data (${assets} assets)`);
}
