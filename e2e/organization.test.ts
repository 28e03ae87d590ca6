/**
 * Organisation and access in Chromium against the real server and the built app, as the
 * seeded demo admin (a VIP company, so the role area is open):
 *
 *   departments  build 公司 > 总部 > (行政部, 技术部 > 研发组) and 销售部; rename; move by the
 *                dialog and by drag-and-drop, with the server's "choose another department"
 *                in place; delete with confirmation, the server naming what holds a department
 *   staff        create with the spec's messages (name required, job number taken), search,
 *                department filter (sub-departments included), sort, the remembered page size,
 *                staff counts seen on the department page through the shared cache
 *   roles        create (empty and duplicate names refused), permissions 302 + 101, delete
 *   sub-user     open one for 张三 (技术部) with Dept scope and the role, the code read from the
 *                outbox, every validation message; log in as 张三 in a second browser context:
 *                only 技术部 and 研发组 staff, the organization menu but no role page; disable
 *                it as admin: 张三's next action ends on /login with the spec's message, and
 *                logging in again is refused; then enable, close and delete
 *
 * Set E2E_SCREENSHOTS=/some/dir to keep screenshots of each screen in both languages.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, logInAsDemo, openBrowser, startServer, type BrowserSession, type RunningServer } from './harness';

const COMPANY = '演示企业 Demo Co.';
const SUB_USER_EMAIL = 'zhangsan@acme-e2e.test';
const SUB_USER_PASSWORD = 'zhang-pass-1';
const ROLE = '部门管理员';

let server: RunningServer;
let browser: BrowserSession;
let page: Page;
/** The sub-user's own browser context (separate storage, so a separate session). */
let subContext: BrowserContext;
let sub: Page;
const subErrors: string[] = [];

const shotDir = process.env.E2E_SCREENSHOTS;
async function shot(name: string, target: Page = page) {
  if (!shotDir) return;
  mkdirSync(shotDir, { recursive: true });
  await target.screenshot({ path: join(shotDir, `${name}.png`), animations: 'disabled' });
}

const byTestId = (id: string, on: Page | Locator = page) => on.locator(`[data-testid="${id}"]`);
const toast = (text: string, on: Page = page) => on.locator('.fui-ToastTitle', { hasText: text });
/** The validation message under the field holding `control` (a CSS selector). */
const fieldMessage = (control: string, on: Page = page) => on.locator(`.fui-Field:has(${control}) .fui-Field__validationMessage`);
const treeNode = (name: string, tree = 'dept-tree', on: Page = page) => on.locator(`[data-testid="${tree}"] [data-name="${name}"]`);
const staffRow = (name: string, on: Page = page) => on.locator(`[data-testid="staff-row"][data-name="${name}"]`);
const staffNames = (on: Page = page) => on.locator('[data-testid="staff-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));

async function logIn(target: Page, account: string, password: string) {
  await target.locator('input[name="account"]').fill(account);
  await target.locator('input[name="password"]').fill(password);
  await byTestId('login-submit', target).click();
}

/** Opens a page from the sidebar menu, opening its section first when it is closed. */
async function openFromMenu(section: string, path: string, on: Page = page) {
  const item = byTestId(`nav-${path}`, on);
  if (!(await item.isVisible())) await on.getByRole('button', { name: section }).click();
  await item.click();
  await on.waitForURL(`**${path}`);
}

async function setLanguage(lang: 'zh-CN' | 'en') {
  await byTestId('language-menu').click();
  await byTestId(`language-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/** Selects a department in the tree and waits for its details. */
async function selectDept(name: string) {
  await treeNode(name).click();
  await expect.poll(() => byTestId('dept-details-name').textContent()).toBe(name);
}

async function createChildOfSelected(name: string) {
  await byTestId('dept-create-child').click();
  await page.locator('input[name="deptName"]').fill(name);
  await byTestId('dept-name-submit').click();
  await byTestId('dept-name-dialog').waitFor({ state: 'detached' });
  await expect.poll(() => byTestId('dept-details-name').textContent()).toBe(name);
}

/** Picks a department in a DepartmentSelect (`testId` of its trigger) through its search. */
async function pickDept(testId: string, name: string) {
  await byTestId(testId).click();
  await byTestId(`${testId}-search`).fill(name); // Fluent puts data-* on the input itself
  await treeNode(name, `${testId}-tree`).click();
  await byTestId(`${testId}-tree`).waitFor({ state: 'detached' });
}

async function createStaff(name: string, jobNumber: string, position: string, dept: string) {
  await byTestId('staff-create').click();
  await page.locator('input[name="staffName"]').fill(name);
  await page.locator('input[name="jobNumber"]').fill(jobNumber);
  await page.locator('input[name="position"]').fill(position);
  await pickDept('staff-dept', dept);
  await byTestId('staff-submit').click();
  await byTestId('staff-dialog').waitFor({ state: 'detached' });
  await staffRow(name).waitFor();
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser(server.baseUrl, { width: 1440, height: 900 });
  page = browser.page;
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await subContext?.close();
  await browser?.close();
  await server?.stop();
});

describe('organisation and access', () => {
  it('shows the organization and role areas to the VIP admin', async () => {
    await page.goto('/login');
    await logInAsDemo(page);
    await openFromMenu('组织管理', '/organization/dept-list');
    await expect.poll(() => page.title()).toBe('组织列表 - 资产标签管理');
    await treeNode(COMPANY).waitFor();
    expect(await byTestId('nav-/organization/staff-list').isVisible()).toBe(true);
    // The section path lands on its first page.
    await page.goto('/permission');
    await page.waitForURL('**/permission/role-list');
    await page.goto('/organization');
    await page.waitForURL('**/organization/dept-list');
  });

  it('builds the department tree, refusing an empty name', async () => {
    await selectDept(COMPANY);
    await byTestId('dept-create-child').click();
    await byTestId('dept-name-submit').click();
    await expect.poll(() => fieldMessage('[name="deptName"]').textContent()).toBe('部门名称不能为空');
    await page.locator('input[name="deptName"]').fill('总部');
    await byTestId('dept-name-submit').click();
    await byTestId('dept-name-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => byTestId('dept-details-name').textContent()).toBe('总部');
    await createChildOfSelected('行政部');
    await selectDept('总部');
    await createChildOfSelected('技术部');
    await createChildOfSelected('研发组');
    await selectDept(COMPANY);
    await createChildOfSelected('销售部');
    await selectDept('研发组');
    expect(await page.locator('[data-testid="dept-details"]').textContent()).toContain(`${COMPANY} / 总部 / 技术部 / 研发组`);
  });

  it('renames a department; renaming the root renames the company in the header', async () => {
    await selectDept(COMPANY);
    await byTestId('dept-rename').click();
    await page.locator('input[name="deptName"]').fill(`${COMPANY}（集团）`);
    await byTestId('dept-name-submit').click();
    await expect.poll(() => byTestId('account-label').textContent()).toBe(`${COMPANY}（集团）`);
    await byTestId('dept-rename').click();
    await page.locator('input[name="deptName"]').fill(COMPANY);
    await byTestId('dept-name-submit').click();
    await expect.poll(() => byTestId('account-label').textContent()).toBe(COMPANY);
    await treeNode(COMPANY).waitFor();

    await selectDept('销售部');
    await byTestId('dept-rename').click();
    await page.locator('input[name="deptName"]').fill('市场部');
    await byTestId('dept-name-submit').click();
    await treeNode('市场部').waitFor();
    expect(await treeNode('销售部').count()).toBe(0);
  });

  it('moves a department with the dialog; the current parent gets the server message', async () => {
    await selectDept('研发组');
    await byTestId('dept-move').click();
    // The picker starts at the current parent: sending it is "choose another department".
    await byTestId('dept-move-submit').click();
    await expect.poll(() => fieldMessage('[data-testid="dept-move-target"]').textContent()).toBe('请选择其他部门。');
    await shot('org-01-move-dialog-zh');
    await pickDept('dept-move-target', '行政部');
    await byTestId('dept-move-submit').click();
    await byTestId('dept-move-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => byTestId('dept-details').textContent()).toContain(`${COMPANY} / 总部 / 行政部 / 研发组`);
  });

  it('moves a department by drag and drop, showing the server refusal in place', async () => {
    await treeNode('研发组').dragTo(treeNode('技术部'));
    await expect.poll(() => byTestId('dept-notice').textContent()).toBe('已将“研发组”移动到“技术部”下');
    await expect.poll(() => byTestId('dept-details').textContent()).toContain(`${COMPANY} / 总部 / 技术部 / 研发组`);
    // Dropped on its own parent again: the server asks for another department.
    await treeNode('研发组').dragTo(treeNode('技术部'));
    await expect.poll(() => byTestId('dept-notice').textContent()).toBe('无法移动“研发组”：请选择其他部门。');
    expect(await byTestId('dept-notice').getAttribute('data-intent')).toBe('error');
    await shot('org-02-departments-zh');
  });

  it('deletes an empty department after confirmation', async () => {
    await selectDept('市场部');
    await byTestId('dept-delete').click();
    expect(await byTestId('confirm-dialog').textContent()).toContain('确定要删除部门“市场部”吗？');
    await byTestId('confirm-ok').click();
    await byTestId('confirm-dialog').waitFor({ state: 'detached' });
    await toast('部门已删除').waitFor();
    expect(await treeNode('市场部').count()).toBe(0);
  });

  it('creates staff with the spec messages and sees the counts on the department page', async () => {
    await openFromMenu('组织管理', '/organization/staff-list');
    await expect.poll(() => page.title()).toBe('员工列表 - 资产标签管理');
    await byTestId('staff-empty').waitFor();

    await byTestId('staff-create').click();
    await byTestId('staff-submit').click();
    await expect.poll(() => fieldMessage('[name="staffName"]').textContent()).toBe('员工姓名不能为空');
    await page.keyboard.press('Escape');
    await byTestId('staff-dialog').waitFor({ state: 'detached' });

    await createStaff('张三', 'E001', '工程师', '技术部');
    await createStaff('李四', 'E002', '开发', '研发组');
    await createStaff('王五', 'E003', '行政专员', '行政部');
    await createStaff('赵六', 'E004', '总经理', '总部');

    // A job number in use: the server's message under the field.
    await byTestId('staff-create').click();
    await page.locator('input[name="staffName"]').fill('孙七');
    await page.locator('input[name="jobNumber"]').fill('E001');
    await pickDept('staff-dept', '总部');
    await byTestId('staff-submit').click();
    await expect.poll(() => fieldMessage('[name="jobNumber"]').textContent()).toBe('工号已存在。');
    await page.locator('input[name="jobNumber"]').fill('E005');
    await byTestId('staff-submit').click();
    await staffRow('孙七').waitFor();
    await expect.poll(() => byTestId('pager-total').textContent()).toBe('共 5 条');

    // Edit: 孙七 leaves (inactive).
    await byTestId('staff-edit', staffRow('孙七')).click();
    await page.getByRole('radio', { name: '离职' }).check();
    await byTestId('staff-submit').click();
    await expect.poll(() => byTestId('staff-status', staffRow('孙七')).textContent()).toBe('离职');
    await shot('org-03-staff-zh');

    // The department page reads the same cache: the counts are there without a reload.
    await byTestId('tag-/organization/dept-list').locator('button').first().click();
    await page.waitForURL('**/organization/dept-list');
    await selectDept('技术部');
    await expect.poll(() => byTestId('dept-stat-direct').textContent()).toBe('1');
    expect(await byTestId('dept-stat-total').textContent()).toBe('2');
    await selectDept('总部');
    expect(await byTestId('dept-stat-total').textContent()).toBe('5');
  });

  it('refuses to delete a department that holds staff, saying so in the dialog', async () => {
    await selectDept('行政部');
    await byTestId('dept-delete').click();
    await byTestId('confirm-ok').click();
    await expect.poll(() => byTestId('confirm-error').textContent()).toBe('该部门下还有 1 名员工，不能删除。');
    await shot('org-04-delete-refused-zh');
    await byTestId('confirm-cancel').click();
    await treeNode('行政部').waitFor();
  });

  it('searches, filters by department (with sub-departments), sorts and remembers the page size', async () => {
    await byTestId('dept-view-staff').click(); // 行政部's staff, through ?dept=
    await page.waitForURL(/\/organization\/staff-list\?dept=\d+$/);
    await expect.poll(() => staffNames()).toEqual(['王五']);

    await pickDept('staff-dept-filter', '技术部');
    await expect.poll(() => staffNames()).toEqual(['张三', '李四']);
    await byTestId('staff-dept-filter').click();
    await byTestId('dept-option-none').click();
    await expect.poll(() => staffNames()).toHaveLength(5);

    await byTestId('staff-search').fill('李');
    await expect.poll(() => staffNames()).toEqual(['李四']);
    await byTestId('staff-search').fill('e00');
    await expect.poll(() => staffNames()).toHaveLength(5); // job numbers match, any case
    await byTestId('staff-search').fill('');

    await byTestId('staff-sort-jobNumber').click();
    await expect.poll(() => staffNames()).toEqual(['张三', '李四', '王五', '赵六', '孙七']);
    await byTestId('staff-sort-jobNumber').click();
    await expect.poll(() => staffNames()).toEqual(['孙七', '赵六', '王五', '李四', '张三']);

    expect(await byTestId('pager-size').textContent()).toBe('50 条/页');
    await byTestId('pager-size').click();
    await page.getByRole('option', { name: '20 条/页' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('assetmark.pageSize'))).toBe('20');
    await page.reload();
    await staffRow('张三').waitFor();
    expect(await byTestId('pager-size').textContent()).toBe('20 条/页');
  });

  it('creates a role with permissions; refuses empty and duplicate names; renames and deletes one', async () => {
    await openFromMenu('权限管理', '/permission/role-list');
    await expect.poll(() => page.title()).toBe('角色权限 - 资产标签管理');

    await byTestId('role-create').click();
    await byTestId('role-name-submit').click();
    await expect.poll(() => fieldMessage('[name="roleName"]').textContent()).toBe('角色名称不能为空');
    await page.locator('input[name="roleName"]').fill(ROLE);
    await byTestId('role-name-submit').click();
    await toast('角色已创建').waitFor();
    await expect.poll(() => byTestId('role-editor-name').textContent()).toBe(ROLE);

    await byTestId('permission-302').check();
    await byTestId('permission-101').check();
    // The asset group is partly ticked: its checkbox is "mixed".
    expect(await byTestId('permission-group-toggle-asset').evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await byTestId('role-save').click();
    await toast('权限已保存').waitFor();
    expect(await byTestId('role-save').isDisabled()).toBe(true);
    await expect.poll(() => byTestId('role-item').first().textContent()).toContain('2 项权限');

    await byTestId('role-create').click();
    await page.locator('input[name="roleName"]').fill(ROLE);
    await byTestId('role-name-submit').click();
    await expect.poll(() => fieldMessage('[name="roleName"]').textContent()).toBe('角色名称已存在');
    await page.locator('input[name="roleName"]').fill('临时角色');
    await byTestId('role-name-submit').click();
    await expect.poll(() => byTestId('role-editor-name').textContent()).toBe('临时角色');
    await shot('org-05-roles-zh');

    await byTestId('role-rename').click();
    await page.locator('input[name="roleName"]').fill('访客');
    await byTestId('role-name-submit').click();
    await expect.poll(() => byTestId('role-editor-name').textContent()).toBe('访客');
    await byTestId('role-delete').click();
    expect(await byTestId('confirm-dialog').textContent()).toContain('确定要删除角色“访客”吗？');
    await byTestId('confirm-ok').click();
    await toast('角色已删除').waitFor();
    await expect.poll(() => page.locator('[data-testid="role-item"]').count()).toBe(1);
  });

  it('opens a sub-user for 张三 with every validation message of the form', async () => {
    await openFromMenu('组织管理', '/organization/staff-list');
    const row = staffRow('张三');
    expect(await byTestId('subuser-state', row).textContent()).toBe('未开通');
    await byTestId('subuser-open', row).click();
    const dialog = byTestId('subuser-dialog');
    await dialog.waitFor();

    await byTestId('subuser-submit').click();
    await expect.poll(() => fieldMessage('[name="account"]').textContent()).toBe('请输入手机号');
    expect(await fieldMessage('[name="checkCode"]').textContent()).toBe('请输入验证码');
    expect(await fieldMessage('[name="password"]').textContent()).toBe('请输入密码');
    expect(await fieldMessage('[name="confirm"]').textContent()).toBe('请再次输入密码');

    await page.locator('input[name="account"]').fill('12345');
    await byTestId('send-code', dialog).click();
    await expect.poll(() => fieldMessage('[name="account"]').textContent()).toBe('手机号格式不正确');
    await byTestId('tab-email', dialog).click();
    await page.locator('input[name="account"]').fill('not-an-email');
    await byTestId('send-code', dialog).click();
    await expect.poll(() => fieldMessage('[name="account"]').textContent()).toBe('邮箱格式不正确');
    await page.locator('input[name="account"]').fill('demo@assetmark.local');
    await byTestId('send-code', dialog).click();
    await expect.poll(() => fieldMessage('[name="account"]').textContent()).toBe('该账号已注册');

    await page.locator('input[name="account"]').fill(SUB_USER_EMAIL);
    await byTestId('send-code', dialog).click();
    await byTestId('code-sent', dialog).waitFor();
    const code = await latestCode(server, SUB_USER_EMAIL, 'register');
    await page.locator('input[name="checkCode"]').fill('12');
    await page.locator('input[name="password"]').fill(SUB_USER_PASSWORD);
    await page.locator('input[name="confirm"]').fill(`${SUB_USER_PASSWORD}x`);
    await byTestId('subuser-scope-Custom').check();
    await byTestId('subuser-submit').click();
    await expect.poll(() => fieldMessage('[name="checkCode"]').textContent()).toBe('未检测到有效的验证码');
    expect(await fieldMessage('[name="confirm"]').textContent()).toBe('两次输入的密码不一致,请重新输入。');
    expect(await fieldMessage('[data-testid="subuser-scope"]').textContent()).toBe('请至少选择一个组织');
    await shot('org-06-subuser-dialog-zh');

    await page.locator('input[name="checkCode"]').fill(code);
    await page.locator('input[name="confirm"]').fill(SUB_USER_PASSWORD);
    await byTestId('subuser-scope-Dept').check();
    await byTestId('subuser-role').click();
    await page.getByRole('option', { name: ROLE }).click();
    await expect.poll(() => byTestId('subuser-role-permissions').textContent()).toBe('资产新增组织架构');
    await byTestId('subuser-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await toast('子账号已开通').waitFor();
    await expect.poll(() => byTestId('subuser-switch', row).getAttribute('data-state')).toBe('enabled');
    expect(await byTestId('subuser-switch', row).isChecked()).toBe(true);
  });

  it('lets the sub-user see only their department and its sub-departments, and no role page', async () => {
    subContext = await browser.browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    sub = await subContext.newPage();
    sub.setDefaultTimeout(15_000);
    // In front, as a person using it would be: a background page runs its animation frames
    // only now and then, and the menu's expanding group would take a click late.
    await sub.bringToFront();
    sub.on('pageerror', (err) => subErrors.push(String(err)));
    sub.on('console', (msg) => {
      if (msg.type() === 'error') subErrors.push(msg.text());
    });
    await sub.goto('/login');
    await logIn(sub, SUB_USER_EMAIL, SUB_USER_PASSWORD);
    await sub.waitForURL('**/dashboard');
    await expect.poll(() => byTestId('account-label', sub).textContent()).toContain('张三');

    // The menu: the organization area (302), never the role area (admins of VIP companies).
    await sub.getByRole('button', { name: '组织管理' }).click();
    await byTestId('nav-/organization/staff-list', sub).waitFor();
    expect(await byTestId('nav-/permission/role-list', sub).count()).toBe(0);
    expect(await sub.getByRole('button', { name: '权限管理' }).count()).toBe(0);

    await byTestId('nav-/organization/staff-list', sub).click();
    await sub.waitForURL('**/organization/staff-list');
    await expect.poll(() => staffNames(sub)).toEqual(['张三', '李四']);
    await shot('org-07-subuser-staff-zh', sub);

    await byTestId('nav-/organization/dept-list', sub).click();
    await treeNode('技术部', 'dept-tree', sub).waitFor();
    expect(await sub.locator('[data-testid="dept-tree"] [data-name]').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')))).toEqual([
      '技术部',
      '研发组',
    ]);

    await sub.goto('/permission/role-list');
    await sub.waitForURL('**/error/401');
    await byTestId('error-state', sub).waitFor();
  });

  it('ends the sub-user session when the admin disables it', async () => {
    // Each browser acts in front, as a person would: a background page runs its animation
    // frames (and so its toasts' motions) only now and then.
    await page.bringToFront();
    const row = staffRow('张三');
    await byTestId('subuser-switch', row).click();
    await toast('已停用“张三”的子账号，其登录已失效').waitFor();
    await expect.poll(() => byTestId('subuser-switch', row).getAttribute('data-state')).toBe('disabled');
    await shot('org-08-subuser-disabled-zh');

    // The sub-user's next action meets code 19: the spec's message, then /login.
    await sub.bringToFront();
    if (!(await byTestId('nav-/organization/staff-list', sub).isVisible())) await sub.getByRole('button', { name: '组织管理' }).click();
    await byTestId('nav-/organization/staff-list', sub).click();
    await toast('登录信息失效，请退出后重新登录！', sub).waitFor();
    await sub.waitForURL('**/login');
    await logIn(sub, SUB_USER_EMAIL, SUB_USER_PASSWORD);
    await expect.poll(() => byTestId('form-error', sub).textContent()).toBe('该账号已被停用，请联系管理员。');
  });

  it('enables, changes and closes the sub-user; deleting staff asks first', async () => {
    await page.bringToFront();
    const row = staffRow('张三');
    await byTestId('subuser-switch', row).click();
    await expect.poll(() => byTestId('subuser-switch', row).getAttribute('data-state')).toBe('enabled');

    // Change: nothing changed yet, then a custom scope without departments, then one.
    await byTestId('subuser-menu', row).click();
    await byTestId('subuser-edit').click();
    await byTestId('subuser-dialog').waitFor();
    expect(await byTestId('subuser-current-login').inputValue()).toBe(SUB_USER_EMAIL);
    await byTestId('subuser-submit').click();
    await expect.poll(() => byTestId('dialog-error').textContent()).toBe('没有做任何修改。');
    await byTestId('subuser-scope-Custom').check();
    await byTestId('subuser-submit').click();
    await expect.poll(() => fieldMessage('[data-testid="subuser-scope"]').textContent()).toBe('请至少选择一个组织');
    await byTestId('subuser-depts-search').fill('行政部');
    await byTestId('subuser-depts').locator('[data-name="行政部"] input[type="checkbox"]').check();
    await byTestId('subuser-submit').click();
    await toast('子账号已修改').waitFor();

    // The sub-user logs in again and now sees 行政部 (their custom scope) only.
    await sub.bringToFront();
    await logIn(sub, SUB_USER_EMAIL, SUB_USER_PASSWORD);
    await sub.waitForURL('**/dashboard');
    await sub.goto('/organization/staff-list');
    await expect.poll(() => staffNames(sub)).toEqual(['王五']);

    await page.bringToFront();
    await byTestId('subuser-menu', row).click();
    await byTestId('subuser-close').click();
    await byTestId('confirm-ok').click();
    await toast('子账号已关闭').waitFor();
    await expect.poll(() => byTestId('subuser-state', row).textContent()).toBe('未开通');

    await byTestId('staff-delete', staffRow('孙七')).click();
    expect(await byTestId('confirm-dialog').textContent()).toContain('确定要删除员工“孙七”吗？');
    await byTestId('confirm-ok').click();
    await toast('员工已删除').waitFor();
    await expect.poll(() => staffRow('孙七').count()).toBe(0);
  });

  it('speaks English: pages, the scope rule and the password rule', async () => {
    await setLanguage('en');
    await expect.poll(() => page.title()).toBe('Employee list - Assetmark');
    expect(await byTestId('subuser-state', staffRow('张三')).textContent()).toBe('Not opened');
    await shot('org-09-staff-en');

    await byTestId('subuser-open', staffRow('李四')).click();
    await page.locator('input[name="password"]').fill('abcdef1');
    await page.locator('input[name="confirm"]').fill('abcdef2');
    await byTestId('subuser-scope-Custom').check();
    await byTestId('subuser-submit').click();
    await expect.poll(() => fieldMessage('[name="confirm"]').textContent()).toBe('The passwords entered do not match. Please enter again.');
    expect(await fieldMessage('[data-testid="subuser-scope"]').textContent()).toBe('Choose at least one organization');
    await shot('org-10-subuser-dialog-en');
    await page.keyboard.press('Escape');

    await openFromMenu('Organization', '/organization/dept-list');
    await selectDept('技术部');
    expect(await byTestId('dept-move').isDisabled()).toBe(false);
    expect(await byTestId('dept-stat-total').textContent()).toBe('2');
    await shot('org-11-departments-en');
    await openFromMenu('Permissions', '/permission/role-list');
    await byTestId('role-editor').waitFor();
    expect(await byTestId('permission-group-asset').textContent()).toContain('Add assets');
    await shot('org-12-roles-en');
    await setLanguage('zh-CN');
  });

  it('logged no errors in either browser console', () => {
    expect(browser.errors).toEqual([]);
    expect(subErrors).toEqual([]);
  });
});
