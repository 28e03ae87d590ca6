/**
 * The UI in each of its ten languages, in Debian's Chromium against the built app: the
 * language menu lists them in their own names, each choice shows the login page and, after
 * logging in, the dashboard in that language (texts from its catalog, src/app/i18n/locales),
 * and survives a reload (a catalog not bundled loads before the first frame). A browser
 * lacking what the app needs (here: WebAssembly taken away before any script runs) gets the
 * unsupported-browser notice in the user's language instead of the app.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../src/app/i18n/types';
import { logInAsDemo, openBrowser, ROOT, startServer, type BrowserSession, type RunningServer } from './harness';

type Catalog = { auth: { login: string }; route: { dashboard: string }; language: Record<string, string> };
const catalog = (language: Language): Catalog => JSON.parse(readFileSync(join(ROOT, 'src/app/i18n/locales', `${language}.json`), 'utf8'));

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);

async function choose(language: Language) {
  await byTestId('language-menu').click();
  await byTestId(`language-${language}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

beforeAll(async () => {
  server = await startServer({ ASSETMARK_HELPER: 'off' });
  browser = await openBrowser(server.baseUrl);
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('ten UI languages', () => {
  it('the language menu names each language in its own script', async () => {
    await page.goto('/login');
    await byTestId('language-menu').click();
    const names = await page.locator('[data-testid^="language-"][role="menuitemradio"]').allTextContents();
    const own = catalog('en').language;
    expect(names).toEqual(LANGUAGES.map((l) => own[l]));
    await page.keyboard.press('Escape');
  });

  it.each(LANGUAGES)('%s: the login page and the dashboard speak it, also after a reload', async (language) => {
    const texts = catalog(language);
    // A fresh context a language: nobody logged in, nothing remembered.
    const context = await browser.browser.newContext({ baseURL: server.baseUrl, locale: 'zh-CN', viewport: { width: 1366, height: 860 } });
    try {
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (err) => browser.errors.push(String(err)));
      await page.goto('/login');
      await choose(language);
      await expect.poll(() => byTestId('login-submit').textContent()).toBe(texts.auth.login);
      await page.reload();
      await expect.poll(() => byTestId('login-submit').textContent()).toBe(texts.auth.login);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await logInAsDemo(page);
      await expect.poll(() => byTestId('nav-/dashboard').textContent()).toBe(texts.route.dashboard);
    } finally {
      await context.close();
      page = browser.page;
    }
  });

  it('no browser errors on the way', () => {
    expect(browser.errors).toEqual([]);
  });
});

describe('an unsupported browser', () => {
  it('gets the notice in its language, and the app does not start', async () => {
    const context = await browser.browser.newContext({ baseURL: server.baseUrl, locale: 'ja-JP' });
    try {
      // What Internet Explorer lacks among others: without WebAssembly the label engine
      // cannot run.
      await context.addInitScript(() => {
        delete (window as { WebAssembly?: unknown }).WebAssembly;
      });
      const old = await context.newPage();
      await old.goto('/login');
      const notice = old.locator('[data-testid="browser-unsupported"]');
      await expect.poll(() => notice.textContent()).toContain('お使いのブラウザーは古いため');
      expect(await old.locator('[data-testid="login-submit"]').count()).toBe(0);
      // The language chosen in the app wins over the browser's.
      await old.evaluate(() => localStorage.setItem('assetmark.language', JSON.stringify('de')));
      await old.reload();
      await expect.poll(() => notice.textContent()).toContain('Ihr Browser ist zu alt');
    } finally {
      await context.close();
    }
  });
});
