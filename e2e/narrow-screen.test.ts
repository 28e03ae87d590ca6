/**
 * The shell on a phone-sized screen: the menu becomes an overlay drawer, and the back-to-top
 * button appears once the page content has scrolled.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 390, height: 480 });
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('narrow screens', () => {
  it('logs in with the demo account', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await byTestId('welcome-card').waitFor();
    expect(await byTestId('sidebar').count()).toBe(0); // no inline pane on a phone
  });

  it('opens the menu as an overlay drawer and closes it on navigation', async () => {
    await byTestId('sidebar-toggle').click();
    await byTestId('nav-/dashboard').waitFor();
    await byTestId('nav-/dashboard').click();
    await byTestId('nav-/dashboard').waitFor({ state: 'hidden' });
  });

  it('scrolls back to the top with the back-to-top button', async () => {
    expect(await byTestId('back-to-top').count()).toBe(0);
    const content = `document.querySelector('[data-testid="page-content"]')`;
    await page.evaluate(`${content}.scrollTo({ top: 10000 })`);
    await byTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(`${content}.scrollTop`)).toBe(0);
    await byTestId('back-to-top').waitFor({ state: 'detached' });
  });

  it('keeps the back-to-top button off the asset form\'s Save row (issue 14)', async () => {
    await page.goto('/asset/info');
    await byTestId('asset-submit').waitFor();
    const content = `document.querySelector('[data-testid="page-content"]')`;
    // At the very bottom the Save row sits where the button used to float.
    await page.evaluate(`${content}.scrollTo({ top: 100000 })`);
    await byTestId('back-to-top').waitFor();
    const bar = (await byTestId('asset-actions').boundingBox())!;
    // The button eases into its raised place, so poll until it is clear of the row.
    await expect
      .poll(async () => {
        const button = (await byTestId('back-to-top').boundingBox())!;
        return button.y + button.height <= bar.y;
      })
      .toBe(true);
    await byTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(`${content}.scrollTop`)).toBe(0);
  });

  it('logged no errors in the browser console', () => {
    expect(browser.errors).toEqual([]);
  });
});
