/**
 * The account flows and the signed-in shell, in Chromium against the real server and the
 * built app: register a company (code from the outbox), log in, the dashboard, languages,
 * tags, sidebar, change password and rename company with the spec's messages, an invalid
 * session, log out, log in with the new password, and the wrong-password message.
 *
 * Set E2E_SCREENSHOTS=/some/dir to keep screenshots of each screen in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const EMAIL = 'owner@acme-e2e.test';
const COMPANY = '艾克米测试有限公司';
const FIRST_PASSWORD = 'first-pass-1';
const NEW_PASSWORD = 'second-pass-2';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;

const shotDir = process.env.E2E_SCREENSHOTS;
async function shot(name: string) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
}

const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);
/** The validation message Fluent shows under the field named `name`. */
const fieldMessage = (name: string) =>
  page.locator(`.fui-Field:has([name="${name}"]) .fui-Field__validationMessage`);

/** A toast notification with this text. */
const toast = (text: string) => page.locator('.fui-ToastTitle', { hasText: text });

async function setLanguage(lang: 'zh-CN' | 'en') {
  await byTestId('language-menu').click();
  await byTestId(`language-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

async function openUserMenuItem(item: string) {
  await byTestId('user-menu').hover();
  await byTestId(item).click();
}

async function logIn(account: string, password: string) {
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await byTestId('login-submit').click();
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl);
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('accounts and the shell', () => {
  it('sends a visitor to /login, titled with the route and the site name', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    await byTestId('login-submit').waitFor();
    await expect.poll(() => page.title()).toBe('登录 - 资产标签管理');
    await shot('01-login-zh');
  });

  it('registers a company with the spec validation messages and an emailed code', async () => {
    await page.getByRole('link', { name: '立即注册' }).click();
    await page.waitForURL('**/register');
    await expect.poll(() => page.title()).toBe('注册 - 资产标签管理');

    // Empty form: every field says what it needs.
    await byTestId('register-submit').click();
    await expect.poll(() => fieldMessage('account').textContent()).toBe('请输入手机号');
    expect(await fieldMessage('checkCode').textContent()).toBe('请输入验证码');
    expect(await fieldMessage('companyName').textContent()).toBe('请输入企业名称');

    // Bad phone, then email tab with a bad address.
    await page.locator('input[name="account"]').fill('12345');
    await byTestId('send-code').click();
    await expect.poll(() => fieldMessage('account').textContent()).toBe('手机号格式不正确');
    await byTestId('tab-email').click();
    await page.locator('input[name="account"]').fill('not-an-email');
    await byTestId('send-code').click();
    await expect.poll(() => fieldMessage('account').textContent()).toBe('邮箱格式不正确');

    // The demo account exists already: the server says so under the field.
    await page.locator('input[name="account"]').fill('demo@assetmark.local');
    await byTestId('send-code').click();
    await expect.poll(() => fieldMessage('account').textContent()).toBe('该账号已注册');

    // A password that is too short.
    await page.locator('input[name="password"]').fill('abc');
    await byTestId('register-submit').click();
    await expect.poll(() => fieldMessage('password').textContent()).toBe('密码长度至少为 6 位');

    // A code that is not 6 digits, passwords that differ.
    await page.locator('input[name="account"]').fill(EMAIL);
    await page.locator('input[name="checkCode"]').fill('123');
    await page.locator('input[name="companyName"]').fill(COMPANY);
    await page.locator('input[name="password"]').fill(FIRST_PASSWORD);
    await page.locator('input[name="confirm"]').fill(FIRST_PASSWORD + 'x');
    await byTestId('register-submit').click();
    await expect.poll(() => fieldMessage('checkCode').textContent()).toBe('未检测到有效的验证码');
    expect(await fieldMessage('confirm').textContent()).toBe('两次输入的密码不一致,请重新输入。');

    // A well-formed but wrong code is refused by the server.
    await page.locator('input[name="confirm"]').fill(FIRST_PASSWORD);
    await page.locator('input[name="checkCode"]').fill('000000');
    await byTestId('send-code').click();
    await byTestId('code-sent').waitFor();
    await expect.poll(() => byTestId('send-code').textContent()).toMatch(/^\d+ 秒后重新获取$/);
    expect(await byTestId('send-code').isDisabled()).toBe(true);
    const code = await latestCode(server, EMAIL, 'register');
    if (code !== '000000') {
      await byTestId('register-submit').click();
      await expect.poll(() => fieldMessage('checkCode').textContent()).toBe('未检测到有效的验证码');
    }
    await shot('02-register-zh');

    await page.locator('input[name="checkCode"]').fill(code);
    await byTestId('register-submit').click();
    await page.waitForURL('**/login');
    await page.getByText('注册成功，请登录。').waitFor();
    expect(await page.locator('input[name="account"]').inputValue()).toBe(EMAIL);
  });

  it('logs in to the dashboard, a pinned tag, with the company in the header', async () => {
    await page.locator('input[name="password"]').fill(FIRST_PASSWORD);
    await byTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await byTestId('welcome-card').waitFor();
    expect(await byTestId('welcome-title').textContent()).toBe(`欢迎回来，${COMPANY}`);
    expect(await byTestId('account-label').textContent()).toBe(COMPANY);
    await expect.poll(() => page.title()).toBe('首页 - 资产标签管理');
    expect(await byTestId('tag-/dashboard').count()).toBe(1);
    expect(await byTestId('tag-close-/dashboard').count()).toBe(0); // pinned
    await shot('03-dashboard-zh');
  });

  it('switches to English and back, remembered across a reload that re-enters the session', async () => {
    await setLanguage('en');
    expect(await byTestId('welcome-title').textContent()).toBe(`Welcome back, ${COMPANY}`);
    await expect.poll(() => page.title()).toBe('Home - Assetmark');
    await shot('04-dashboard-en');
    await page.reload();
    await byTestId('welcome-card').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    await expect.poll(() => page.title()).toBe('Home - Assetmark');
    await setLanguage('zh-CN');
    await expect.poll(() => page.title()).toBe('首页 - 资产标签管理');
  });

  it('sends unknown paths to /404', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await byTestId('error-state').waitFor();
    await expect.poll(() => page.title()).toBe('页面不存在 - 资产标签管理');
    await shot('05-not-found-zh');
  });

  it('opens pages as tags and closes them: one, the others, all', async () => {
    // After the reload above, the tags are the dashboard and /404.
    expect(await byTestId('tag-/404').getAttribute('data-active')).toBe('true');
    await byTestId('tag-/dashboard').locator('button').first().click();
    await page.waitForURL('**/dashboard');
    expect(await byTestId('tag-/404').count()).toBe(1);

    // Close others from the context menu of the 404 tag: it stays and is shown.
    await byTestId('tag-/404').click({ button: 'right' });
    await byTestId('tag-menu-close-others').click();
    await page.waitForURL('**/404');
    // Close all: back to the pinned dashboard.
    await byTestId('tag-/404').click({ button: 'right' });
    await byTestId('tag-menu-close-all').click();
    await page.waitForURL('**/dashboard');
    expect(await byTestId('tag-/404').count()).toBe(0);

    // The 401 page as a tag, closed with its ×.
    await page.goto('/error/401');
    await byTestId('error-state').waitFor();
    await expect.poll(() => page.title()).toBe('无权访问 - 资产标签管理');
    await shot('06-unauthorized-tag-zh');
    await byTestId('tag-close-/error/401').click();
    await page.waitForURL('**/dashboard');
    expect(await byTestId('tag-/error/401').count()).toBe(0);
  });

  it('collapses the sidebar and remembers it', async () => {
    expect(await byTestId('sidebar').getAttribute('data-mode')).toBe('full');
    await byTestId('sidebar-toggle').click();
    expect(await byTestId('sidebar').getAttribute('data-mode')).toBe('rail');
    await page.reload();
    await byTestId('welcome-card').waitFor();
    expect(await byTestId('sidebar').getAttribute('data-mode')).toBe('rail');
    await shot('07-sidebar-collapsed-zh');
    await byTestId('sidebar-toggle').click();
    expect(await byTestId('sidebar').getAttribute('data-mode')).toBe('full');
  });

  it('changes the password with the spec messages', async () => {
    await openUserMenuItem('menu-change-password');
    const submit = byTestId('change-password-submit');
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // Enter on an incomplete form: "密码不能为空！"
    await page.locator('input[name="old"]').fill(FIRST_PASSWORD);
    await page.locator('input[name="old"]').press('Enter');
    await expect.poll(() => byTestId('dialog-error').textContent()).toBe('密码不能为空！');
    expect(await fieldMessage('next').textContent()).toBe('请输入新密码');
    expect(await fieldMessage('confirm').textContent()).toBe('请再次输入新密码');

    await page.locator('input[name="old"]').fill('');
    await page.locator('input[name="next"]').fill(NEW_PASSWORD);
    await page.locator('input[name="confirm"]').fill(NEW_PASSWORD + '!');
    await page.locator('input[name="confirm"]').blur();
    await expect.poll(() => fieldMessage('old').textContent()).toBe('请输入旧密码');
    expect(await fieldMessage('confirm').textContent()).toBe('两次输入的密码不一致,请重新输入。');
    expect(await submit.isDisabled()).toBe(true);
    await shot('08-change-password-zh');

    // A wrong old password: the server's message under the old password.
    await page.locator('input[name="old"]').fill('wrong-old-password');
    await page.locator('input[name="confirm"]').fill(NEW_PASSWORD);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expect.poll(() => fieldMessage('old').textContent()).toBe('旧密码错误。');

    await page.locator('input[name="old"]').fill(FIRST_PASSWORD);
    await submit.click();
    await toast('密码修改成功').waitFor();
    expect(await submit.count()).toBe(0);
  });

  it('renames the company (admin), refusing an empty name', async () => {
    await openUserMenuItem('menu-rename-company');
    const input = byTestId('company-name');
    await input.fill('');
    await byTestId('rename-company-submit').click();
    await expect.poll(() => fieldMessage('companyName').textContent()).toBe('请输入新的企业名称。');
    await input.fill(`${COMPANY}（新）`);
    await byTestId('rename-company-submit').click();
    await expect.poll(() => byTestId('account-label').textContent()).toBe(`${COMPANY}（新）`);
    expect(await byTestId('welcome-title').textContent()).toBe(`欢迎回来，${COMPANY}（新）`);
  });

  it('logs out, refuses the old password and accepts the new one', async () => {
    await openUserMenuItem('menu-logout');
    await page.waitForURL('**/login');
    await logIn(EMAIL, FIRST_PASSWORD);
    await expect.poll(() => byTestId('form-error').textContent()).toBe('用户名或密码错误');
    await logIn(`  ${EMAIL}  `, NEW_PASSWORD); // the account is trimmed
    await page.waitForURL('**/dashboard');
    await byTestId('welcome-card').waitFor();
  });

  it('answers an invalid session (19) with the spec message and a logout', async () => {
    // End the session behind the page's back, then make the page call the API.
    const loginId = await page.evaluate(() => JSON.parse(localStorage.getItem('assetmark.lastUser') ?? '{}').loginID as string);
    await fetch(`${server.baseUrl}/api/Logout`, { method: 'POST', headers: { loginID: loginId, systemFlag: 'MYGDZC' } });
    await openUserMenuItem('menu-rename-company');
    await byTestId('rename-company-submit').click();
    await toast('登录信息失效，请退出后重新登录！').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('assetmark.lastUser'))).toBeNull();
  });

  it('shows "Incorrect username or password" in English', async () => {
    await setLanguage('en');
    await expect.poll(() => page.title()).toBe('Log in - Assetmark');
    await logIn(EMAIL, 'not-the-password');
    await expect.poll(() => byTestId('form-error').textContent()).toBe('Incorrect username or password');
    await shot('09-login-error-en');
  });

  it('keeps the demo account from changing its password and from renaming the shared demo company', async () => {
    await logInAsDemo(page);
    await byTestId('user-menu').hover();
    await byTestId('menu-logout').waitFor();
    expect(await byTestId('menu-change-password').count()).toBe(0);
    expect(await byTestId('menu-rename-company').count()).toBe(0);
    await shot('10-demo-menu-en');
  });

  it('returns to the asked-for page after logging in', async () => {
    await openUserMenuItem('menu-logout');
    await page.waitForURL('**/login');
    await page.goto('/error/401');
    await page.waitForURL('**/login?redirect=%2Ferror%2F401');
    await byTestId('use-demo').click();
    await byTestId('login-submit').click();
    await page.waitForURL('**/error/401');
    await byTestId('error-state').waitFor();
  });

  it('logged no errors in the browser console', () => {
    expect(browser.errors).toEqual([]);
  });
});
