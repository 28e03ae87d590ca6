/**
 * Unsaved changes (issue 14) in Chromium against the real server and the built app, as the
 * seeded demo admin: a changed asset form asks before another menu item opens (cancel stays
 * with the typed value kept, confirm leaves); a saved form leaves without asking, both after
 * "save and new" and after "save" (which itself goes to the list).
 */
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
/** Every dialog the page opened; one not expected fails the test where it is counted. */
const dialogs: string[] = [];
/** Set while leaveAnswering answers the dialog itself. */
let answering = false;

const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);
const nameInput = () => page.locator('input[name="assetName"]');

async function openFromMenu(section: string, path: string) {
  const item = byTestId(`nav-${path}`);
  if (!(await item.isVisible())) await page.getByRole('button', { name: section }).click();
  await item.click();
  await page.waitForURL(`**${path}`);
}

/** Clicks the asset list's menu item and answers the confirm that it must raise. */
async function leaveAnswering(accept: boolean): Promise<string> {
  answering = true;
  // Answered as it comes: the click does not finish while the confirm is open.
  const asked = page.waitForEvent('dialog').then(async (dialog: Dialog) => {
    const message = dialog.message();
    if (accept) await dialog.accept();
    else await dialog.dismiss();
    return message;
  });
  await byTestId('nav-/asset/list').click();
  const message = await asked;
  answering = false;
  return message;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(15_000);
  // Records unexpected dialogs (an expected one is answered by leaveAnswering).
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    // An unexpected one is dismissed so the page does not hang on it.
    if (!answering) void d.dismiss();
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('unsaved changes', () => {
  it('asks before leaving a changed asset form; cancel stays, confirm leaves', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await openFromMenu('资产管理', '/asset/info');

    // Untouched: leaving does not ask.
    await openFromMenu('资产管理', '/asset/list');
    expect(dialogs).toEqual([]);
    await openFromMenu('资产管理', '/asset/info');

    await nameInput().fill('未保存的资产');
    expect(await leaveAnswering(false)).toBe('有未保存的修改。不保存就离开吗？');
    // The navigation was held back before the address changed, so this is not a race.
    expect(new URL(page.url()).pathname).toBe('/asset/info');
    expect(await nameInput().inputValue()).toBe('未保存的资产');

    await leaveAnswering(true);
    await page.waitForURL('**/asset/list');
    expect(dialogs).toHaveLength(2);
  });

  it('leaves without asking once the form is saved', async () => {
    dialogs.length = 0;
    await openFromMenu('资产管理', '/asset/info');
    await nameInput().fill('E2E未保存测试一');
    await page.locator('input[name="assetCoding"]').fill('E2E-UNSAVED-1');
    await byTestId('asset-save-new').click();
    await expect.poll(() => nameInput().inputValue()).toBe('');
    await openFromMenu('资产管理', '/asset/list');
    expect(dialogs).toEqual([]);

    await openFromMenu('资产管理', '/asset/info');
    await nameInput().fill('E2E未保存测试二');
    await page.locator('input[name="assetCoding"]').fill('E2E-UNSAVED-2');
    await byTestId('asset-submit').click();
    await page.waitForURL('**/asset/list');
    expect(dialogs).toEqual([]);
  });
});
