/**
 * Bulk import and the dashboard in Chromium against the real server and the built app, as
 * the seeded demo admin:
 *
 *   dashboard   the four figures read before anything is imported
 *   import      the client refuses a wrong type, a file over 3 MB and two files at once with
 *               the spec's messages; a classification is created, its template downloaded
 *               through the page and then made stale (an attribute added): importing it answers
 *               10009 with the spec's message and offers the new template; that template,
 *               filled in with the xlsx package (three good rows, one naming an unknown
 *               department), imports: the bad row is reported with its row number and reason,
 *               the rest saved; a reload shows the latest import again; a real import of
 *               40,000 rows (a template filled in here) is followed while it runs: its phase
 *               and done / total rows as the server reports them, moving; another tab starting
 *               an import meanwhile gets 10007 with the running import's progress below; a
 *               reload still shows the progress; polled until it finishes, all rows created
 *   dashboard   total assets and value grew by the saved rows, the usage chart counts them as
 *               unused, the value chart has the classification; labels and money in English
 *
 * A real import is mostly its write transaction, and on the embedded PGlite (one connection)
 * every request waits for that to end: only the check before it can be watched, and it takes
 * a fraction of a second. So this file's server pauses IMPORT_CHECK_PAUSE_MS between slices
 * of checked rows (server/config.ts), which makes the check last several seconds on any
 * machine; nothing of the server's answers is replaced.
 *
 * Set E2E_SCREENSHOTS=/some/dir to keep screenshots.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const shotDir = process.env.E2E_SCREENSHOTS;
async function shot(name: string) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`), animations: 'disabled', fullPage: true });
}

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);
const fileMessage = () => page.locator('.fui-Field:has([data-testid="import-drop"]) .fui-Field__validationMessage');
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A figure's number as the page shows it ("¥7,000.50" → 7000.5). */
async function figure(id: string): Promise<number> {
  const text = (await byTestId(`figure-${id}-value`).textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

/** A call made with the page's session (the classification pages are another issue's). */
async function api<T>(method: string, path: string, body?: unknown): Promise<{ statusCode: number; resultInfo: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const user = JSON.parse(localStorage.getItem('assetmark.lastUser') ?? 'null') as { loginID: string };
      const reply = await fetch(`/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', loginID: user.loginID, systemFlag: 'MYGDZC' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return reply.json();
    },
    { method, path, body },
  );
}

/** Downloads the template through the page (the button given) and reads it. */
async function downloadTemplate(button: Locator): Promise<{ name: string; book: XLSX.WorkBook }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), book: XLSX.read(bytes, { type: 'buffer' }) };
}

/** The template's first sheet with rows appended by header name (other cells left empty), as .xlsx bytes. */
function fillTemplate(book: XLSX.WorkBook, rows: Record<string, string | number>[]): Buffer {
  const sheet = book.Sheets[book.SheetNames[0]];
  const header = (XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []).map(String);
  XLSX.utils.sheet_add_aoa(sheet, rows.map((row) => header.map((h) => row[h] ?? null)), { origin: -1 });
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const GOOD_AND_BAD_ROWS: Record<string, string | number>[] = [
  { 资产编码: 'E2E-001', 资产名称: '笔记本电脑', '购买价格(元)': 5000, 内存: '16G' },
  { 资产编码: 'E2E-002', 资产名称: '显示器', '购买价格(元)': 1200.5, 硬盘: '—' },
  { 资产编码: 'E2E-003', 资产名称: '投影仪', '购买价格(元)': 3000, 所属部门: '不存在的部门' },
  { 资产编码: 'E2E-004', 资产名称: '打印机', '购买价格(元)': 800 },
];
/** What the good rows add to the dashboard. */
const GOOD_ROWS = { count: 3, value: 7000.5 };

/**
 * The running import: rows enough that even its check, paused IMPORT_CHECK_PAUSE_MS every 500
 * rows (80 pauses, 16 s), outlasts what the test does while it runs, with a wide margin; the
 * write after it takes a few more seconds here. All valid, new (no code), of the classification.
 */
const BIG = { rows: 40_000, price: 10, checkPauseMs: 200 };
const bigRows = (): Record<string, string | number>[] =>
  Array.from({ length: BIG.rows }, (_, i) => ({ 资产名称: `批量资产 ${i + 1}`, '购买价格(元)': BIG.price, 资产分类: '电脑' }));

interface ShownProgress {
  phase: 'checking' | 'saving';
  done: number;
  total: number;
  /** The percentage shown beside it. */
  percent: number;
}

/** The progress the page shows ("正在检查数据：1,500 / 40,000 行"), or null without one. */
async function shownProgress(on: Page = page): Promise<ShownProgress | null> {
  const bar = byTestId('import-progress', on);
  if ((await bar.count()) === 0) return null;
  const text = (await bar.textContent()) ?? '';
  const match = /(正在检查数据|正在保存)：([\d,]+) \/ ([\d,]+) 行\s*(\d+)%/.exec(text);
  if (!match) throw new Error(`unexpected progress text: ${text}`);
  const number = (digits: string) => Number(digits.replace(/,/g, ''));
  return { phase: match[1] === '正在保存' ? 'saving' : 'checking', done: number(match[2]), total: number(match[3]), percent: number(match[4]) };
}

/** Waits (generously) until the page shows a progress that passes `test`; returns it. */
async function progressWhen(test: (p: ShownProgress) => boolean, on: Page = page): Promise<ShownProgress> {
  let last = null as ShownProgress | null;
  await expect
    .poll(async () => {
      last = await shownProgress(on);
      return last !== null && test(last);
    }, { timeout: 60_000 })
    .toBe(true);
  return last!;
}

/** How far a progress is: saving comes after checking, then rows done. */
const progressed = (p: ShownProgress | null) => (p === null ? -1 : (p.phase === 'saving' ? p.total : 0) + p.done);

const outcomeState = (on: Page = page) => byTestId('import-outcome', on).locator('[data-testid="import-state"]').getAttribute('data-state');

beforeAll(async () => {
  server = await startServer({ IMPORT_CHECK_PAUSE_MS: String(BIG.checkPauseMs) });
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let before = { assets: 0, value: 0, expired: 0 };
/** What both imports added. */
const added = () => ({ count: GOOD_ROWS.count + BIG.rows, value: GOOD_ROWS.value + BIG.rows * BIG.price });

describe('bulk import and the dashboard', () => {
  it('shows the four figures on the dashboard', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await byTestId('welcome-card').waitFor();
    await byTestId('figure-total-assets-value').waitFor();
    before = { assets: await figure('total-assets'), value: await figure('total-value'), expired: await figure('expired-assets') };
    expect(await figure('pending-inventory')).toBe(0);
    expect(await byTestId('figure-total-value').textContent()).toContain('资产总值');
    await byTestId('status-chart').waitFor();
    await byTestId('value-chart').waitFor();
    await shot('dash-01-before-zh');
  });

  it('opens the import page from the asset menu; no import yet', async () => {
    const item = byTestId('nav-/asset/import');
    if (!(await item.isVisible())) await page.getByRole('button', { name: '资产管理' }).click();
    await item.click();
    await page.waitForURL('**/asset/import');
    await expect.poll(() => page.title()).toBe('批量导入 - 资产标签管理');
    await byTestId('import-none').waitFor();
    expect(await byTestId('import-state').first().getAttribute('data-state')).toBe('none');
    expect(await byTestId('import-start').isDisabled()).toBe(true);
  });

  it('checks the file on the client with the spec messages', async () => {
    await byTestId('import-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => fileMessage().textContent()).toBe('只能导入 .xlsx、.xls 或 .csv 文件。');
    expect(await byTestId('import-start').isDisabled()).toBe(true);

    const big = Buffer.alloc(3 * 1024 * 1024 + 1, 'a');
    await byTestId('import-file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: big });
    await expect.poll(() => fileMessage().textContent()).toBe('导入的文件不能超过 3MB。');

    await byTestId('import-drop').evaluate((zone) => {
      const data = new DataTransfer();
      data.items.add(new File(['a'], 'a.xlsx'));
      data.items.add(new File(['b'], 'b.xlsx'));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => fileMessage().textContent()).toBe('一次只能导入一个文件');
    expect(await byTestId('import-start').isDisabled()).toBe(true);
  });

  it('refuses a stale template with 10009 and offers the latest one', async () => {
    const created = await api<{ id: number }>('POST', 'api/AssetClassify', {
      classifyName: '电脑',
      attributes: [{ name: '内存', attributeType: 0 }],
    });
    expect(created.statusCode).toBe(0);
    await page.reload();
    await byTestId('import-classify').click();
    await page.getByRole('option', { name: /^电脑/ }).click();
    const old = await downloadTemplate(byTestId('import-template'));
    expect(old.name).toBe('资产导入模板 电脑.xlsx');

    // The classification changes after the template was made.
    const changed = await api('POST', 'api/AssetClassify', {
      id: created.resultInfo.id,
      classifyName: '电脑',
      attributes: [
        { name: '内存', attributeType: 0 },
        { name: '硬盘', attributeType: 0 },
      ],
    });
    expect(changed.statusCode).toBe(0);
    const rows = GOOD_AND_BAD_ROWS.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => name !== '硬盘')));
    await byTestId('import-file').setInputFiles({ name: 'old.xlsx', mimeType: XLSX_MIME, buffer: fillTemplate(old.book, rows) });
    await byTestId('import-start').click();
    await byTestId('import-refusal').waitFor();
    expect(await byTestId('import-refusal').getAttribute('data-code')).toBe('10009');
    const text = await byTestId('import-refusal').textContent();
    expect(text).toContain('模板已过期');
    expect(text).toContain('请下载最新模板后重试。');
    await shot('import-01-stale-zh');
  });

  it('imports the latest template: the bad row reported with its number, the rest saved', async () => {
    const latest = await downloadTemplate(byTestId('import-refusal').getByRole('button'));
    const header = XLSX.utils.sheet_to_json<string[]>(latest.book.Sheets[latest.book.SheetNames[0]], { header: 1 })[0];
    expect(header).toEqual(expect.arrayContaining(['资产编码', '资产名称', '购买价格(元)', '所属部门', '资产分类', '内存', '硬盘']));
    await byTestId('import-refusal').waitFor({ state: 'detached' });

    await byTestId('import-file').setInputFiles({ name: '资产.xlsx', mimeType: XLSX_MIME, buffer: fillTemplate(latest.book, GOOD_AND_BAD_ROWS) });
    expect(await byTestId('import-file-name').textContent()).toBe('资产.xlsx');
    await byTestId('import-start').click();
    // One row refused, the rest saved: partly imported, not "succeeded".
    await expect.poll(() => byTestId('import-outcome').locator('[data-testid="import-state"]').getAttribute('data-state'), { timeout: 30_000 }).toBe('partial');
    expect(await byTestId('import-outcome').locator('[data-testid="import-state"]').textContent()).toBe('部分导入');
    expect(await byTestId('import-count-created').textContent()).toBe('3');
    expect(await byTestId('import-count-updated').textContent()).toBe('0');
    expect(await byTestId('import-count-errors').textContent()).toBe('1');
    const problems = byTestId('import-problem');
    expect(await problems.count()).toBe(1);
    // Header on row 1, so the third data row is spreadsheet row 4.
    expect(await problems.first().getAttribute('data-row')).toBe('4');
    expect(await problems.first().textContent()).toContain('第 4 行');
    expect(await problems.first().textContent()).toContain('不存在的部门');
    await shot('import-02-outcome-zh');

    // A reload shows the latest import again.
    await page.reload();
    await expect.poll(() => byTestId('import-outcome').locator('[data-testid="import-state"]').getAttribute('data-state')).toBe('partial');
    expect(await byTestId('import-problem').first().getAttribute('data-row')).toBe('4');
    expect(await byTestId('import-outcome').textContent()).toContain('资产.xlsx');
  });

  it('follows a running import: 10007 shown, its progress polled until it finishes', async () => {
    // Another tab, opened before the import starts (so its start button is still enabled),
    // with a file chosen.
    const other = await browser.context.newPage();
    other.setDefaultTimeout(15_000);
    other.on('pageerror', (err) => browser.errors.push(String(err)));
    other.on('console', (msg) => {
      if (msg.type() === 'error') browser.errors.push(msg.text());
    });
    await other.goto('/asset/import');
    await expect.poll(() => outcomeState(other)).toBe('partial');
    await byTestId('import-file', other).setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from('资产名称\n路由器\n') });
    expect(await byTestId('import-start', other).isDisabled()).toBe(false);

    // A template (no classification chosen) filled in with BIG.rows rows.
    const template = await downloadTemplate(byTestId('import-template'));
    expect(template.name).toBe('资产导入模板.xlsx');
    const bytes = fillTemplate(template.book, bigRows());
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    await byTestId('import-file').setInputFiles({ name: '大批资产.xlsx', mimeType: XLSX_MIME, buffer: bytes });
    await byTestId('import-start').click();

    // It runs: the phase and the rows done as the server reports them (the page's own first
    // view, from the start call's answer, has 0 done), then further on.
    const first = await progressWhen((p) => p.done > 0);
    expect(first.total).toBe(BIG.rows);
    expect(first.phase).toBe('checking');
    expect(first.done).toBeLessThan(BIG.rows);
    // Checking is the first half of the bar.
    expect(first.percent).toBe(Math.round((first.done / first.total) * 50));
    await expect.poll(async () => progressed(await shownProgress()), { timeout: 60_000 }).toBeGreaterThan(progressed(first));
    expect(await byTestId('import-state').first().getAttribute('data-state')).toBe('importing');
    expect(await byTestId('import-start').isDisabled()).toBe(true);
    expect(await byTestId('import-outcome').textContent()).toContain('大批资产.xlsx');
    await shot('import-03-running-zh');

    // The other tab starts its import meanwhile: 10007, with the running import's progress below.
    await byTestId('import-start', other).click();
    await byTestId('import-refusal', other).waitFor();
    expect(await byTestId('import-refusal', other).getAttribute('data-code')).toBe('10007');
    expect(await byTestId('import-refusal', other).textContent()).toContain('正在导入其他文件，请等待其完成后再试。');
    expect(await byTestId('import-refusal', other).textContent()).toContain('下方显示其进度。');
    await byTestId('import-progress', other).waitFor();
    expect((await shownProgress(other))?.total).toBe(BIG.rows);
    expect(await byTestId('import-outcome', other).textContent()).toContain('大批资产.xlsx');
    await other.close();

    // Reloading while it runs shows its progress again.
    await page.reload();
    await byTestId('import-progress').waitFor();
    const reloaded = await shownProgress();
    expect(reloaded?.total).toBe(BIG.rows);
    expect(progressed(reloaded)).toBeGreaterThan(progressed(first));
    expect(await byTestId('import-state').first().getAttribute('data-state')).toBe('importing');
    expect(await byTestId('import-start').isDisabled()).toBe(true);

    // It finishes: the outcome replaces the bar, every row created.
    await expect.poll(() => outcomeState(), { timeout: 180_000 }).toBe('success');
    expect(await byTestId('import-progress').count()).toBe(0);
    expect(await byTestId('import-outcome').textContent()).toContain('大批资产.xlsx');
    expect(await byTestId('import-count-created').textContent()).toBe(BIG.rows.toLocaleString('zh-CN'));
    expect(await byTestId('import-count-updated').textContent()).toBe('0');
    expect(await byTestId('import-count-unchanged').textContent()).toBe('0');
    expect(await byTestId('import-count-errors').textContent()).toBe('0');
    expect(await byTestId('import-problem').count()).toBe(0);
    expect(await byTestId('import-start').isDisabled()).toBe(true); // no file chosen
  }, 300_000);

  it('shows the new figures and charts on the dashboard', async () => {
    await byTestId('tag-/dashboard').locator('button').first().click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => figure('total-assets')).toBe(before.assets + added().count);
    expect(await figure('total-value')).toBeCloseTo(before.value + added().value, 2);
    expect(await byTestId('figure-total-value-value').textContent()).toBe(`¥${(before.value + added().value).toLocaleString('en', { minimumFractionDigits: 2 })}`);
    expect(await figure('expired-assets')).toBe(before.expired);
    // No staff assignee: unused.
    await expect.poll(() => page.locator('[data-testid="status-count"][data-status="2"]').getAttribute('data-count')).toBe(String(added().count));
    expect(await byTestId('status-count').count()).toBe(5);
    expect(await byTestId('status-chart').locator('svg').count()).toBeGreaterThan(0);
    expect(await byTestId('value-bars').locator('svg').count()).toBeGreaterThan(0);
    expect(await byTestId('value-chart').textContent()).toContain('电脑');
    // The bar chart follows its card, not the window: collapsing the sidebar widens the card
    // with no window resize, and the chart must widen with it (issue 14).
    const chartFit = () =>
      page.evaluate(`(() => {
        const box = document.querySelector('[data-testid="value-bars"]');
        const widths = [...box.querySelectorAll('svg')].map((svg) => svg.getBoundingClientRect().width);
        return { box: Math.floor(box.clientWidth), chart: Math.floor(Math.max(...widths)) };
      })()`) as Promise<{ box: number; chart: number }>;
    const fits = async () => {
      const { box, chart } = await chartFit();
      return Math.abs(box - chart) <= 2;
    };
    await expect.poll(fits).toBe(true);
    const withSidebar = (await chartFit()).box;
    await byTestId('sidebar-toggle').click();
    await expect.poll(async () => (await chartFit()).box).toBeGreaterThan(withSidebar);
    await expect.poll(fits).toBe(true);
    await byTestId('sidebar-toggle').click();
    await expect.poll(async () => (await chartFit()).box).toBe(withSidebar);
    await expect.poll(fits).toBe(true);
    // By department: the rows named none, so the bar is "no department".
    await byTestId('value-chart-by').getByRole('tab', { name: '按部门' }).click();
    await expect.poll(() => byTestId('value-chart').textContent()).toContain('无部门');
    await shot('dash-02-after-zh');

    await byTestId('language-menu').click();
    await byTestId('language-en').click();
    await expect.poll(() => byTestId('figure-total-assets').textContent()).toContain('Total assets');
    expect(await byTestId('figure-total-value-value').textContent()).toBe(`CN¥${(before.value + added().value).toLocaleString('en', { minimumFractionDigits: 2 })}`);
    expect(await byTestId('status-chart').textContent()).toContain('Unused');
    await shot('dash-03-after-en');
    expect(browser.errors).toEqual([]);
  });
});
