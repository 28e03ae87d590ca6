/**
 * The pictures of README.md and docs/: the real server with the demo company's sample data,
 * logged in with the demo account in Debian's Chromium, each page saved to docs/images/.
 *
 *   node --import tsx scripts/docs-screenshots.ts        (needs a built dist/, as the e2e tests)
 *
 * It reuses the browser tests' harness, so the pictures show exactly what those tests drive.
 * The demo data is seeded relative to today, so the figures change from day to day; run it
 * again when a page's look changed, not for every commit.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { logIn, openBrowser, ROOT, startServer } from '../e2e/harness';

const OUT = join(ROOT, 'docs', 'images');
// The pictures are committed, so each stays under 300 KB (issue 28); a page past it is worth a look.
const MAX_BYTES = 300 * 1024;
// The asset list's default columns fit at 1440 px (docs/asset-labels.md); small enough to stay light.
const VIEWPORT = { width: 1440, height: 810 };

interface Shot {
  file: string;
  path: string;
  /** What must be on screen before the picture is taken. */
  ready: string;
}

const SHOTS: Shot[] = [
  { file: 'dashboard.png', path: '/dashboard', ready: '[data-testid="value-bars"]' },
  { file: 'asset-list.png', path: '/asset/list', ready: '[data-testid="asset-row"]' },
];

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const server = await startServer({ ASSETMARK_DEMO_DATA: 'on' });
  const session = await openBrowser(server.baseUrl, VIEWPORT);
  try {
    const { page } = session;
    // English pages, so the README's readers can read them; zh-CN stays the app's default.
    await page.addInitScript(() => localStorage.setItem('assetmark.language', JSON.stringify('en')));
    await logIn(page, 'demo@assetmark.local', 'demo1234');
    for (const shot of SHOTS) {
      await page.goto(shot.path);
      await page.locator(shot.ready).first().waitFor();
      // Charts and fonts settle after their data arrives; wait until the network is quiet.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const file = join(OUT, shot.file);
      await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
      const { size } = await stat(file);
      console.log(`${shot.file}: ${Math.round(size / 1024)} KB`);
      if (size > MAX_BYTES) throw new Error(`${shot.file} is ${size} bytes, over ${MAX_BYTES}: shrink the viewport`);
    }
    if (session.errors.length > 0) console.warn(`browser errors:\n${session.errors.join('\n')}`);
  } finally {
    await session.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
