/**
 * Asset labels through the real app (contract "Asset labels"): label rows (fields, custom
 * attributes, links, keyset pages, filter or selection, scope, company isolation), the
 * record of printing, a classification's default template, and asset links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetClassifyInfo,
  AssetInfo,
  AssetLabelPrintedResult,
  AssetLabelRowsResult,
  AssetListResult,
  DepartmentInfo,
  DepartmentListResult,
  LoginResult,
  RoleInfo,
  StaffInfo,
  TemplateInfo,
} from '../../../src/api/contract.ts';
import { Permission } from '../../../src/api/contract.ts';
import { fieldHeaders } from '../../../src/label/asset-fields.ts';
import { setVip } from '../../scripts/set-vip.ts';
import { fingerprint } from '../../testing/db-fingerprint.ts';
import { login, openChildUser, payload, registerAndLogin, startTestServer, type TestServer } from '../../testing/harness.ts';
import { closeThumbnailWorker } from '../templates/thumbnail.ts';

const LABEL = '<LPAPI version="1.3" labelName="Asset" labelWidth="40" labelHeight="30"><Page><Text x="2" y="2" width="30" height="5" content="A"/></Page></LPAPI>';

let server: TestServer;
let owner: LoginResult;
let other: LoginResult;
/** Scope Dept (department A), every permission but 303: no template user. */
let scoped: LoginResult;
/** Scope All, 301 only: may set defaults, but reads general templates alone. */
let classifier: LoginResult;
let deptA: number;
let deptB: number;
let staffA: number;
let klass: AssetClassifyInfo;
let assets: AssetInfo[];
let otherAsset: AssetInfo;
let template: TemplateInfo;
let otherTemplate: TemplateInfo;
let generalTemplateId: number;

function call<T>(method: string, path: string, user: LoginResult | null, body?: unknown, lang = 'en') {
  return server.call<T>(method, path, { token: user?.loginID, body, lang });
}
const as = async <T>(user: LoginResult, method: string, path: string, body?: unknown) => payload(await call<T>(method, path, user, body));
const rows = (user: LoginResult, query: string) => as<AssetLabelRowsResult>(user, 'GET', `/api/AssetLabel/Rows?${query}`);

async function tokenOf(assetId: number): Promise<string> {
  return (await server.db.query<{ link_token: string }>('SELECT link_token FROM assets WHERE id = $1', [assetId])).rows[0].link_token;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerAndLogin(server, 'labels-owner@example.com', 'pw', 'Label Co');
  await setVip(server.db, 'labels-owner@example.com', true);
  other = await registerAndLogin(server, 'labels-other@example.com', 'pw', 'Other Co');
  const root = (await as<DepartmentListResult>(owner, 'GET', '/api/Department/List')).departments[0].id;
  deptA = (await as<DepartmentInfo>(owner, 'POST', '/api/Department', { deptName: '研发部', affiliatedDept: root })).id;
  deptB = (await as<DepartmentInfo>(owner, 'POST', '/api/Department', { deptName: 'Sales', affiliatedDept: root })).id;
  staffA = (await as<StaffInfo>(owner, 'POST', '/api/Staff', { staffName: '张三', affiliatedDept: deptA })).id;
  klass = await as<AssetClassifyInfo>(owner, 'POST', '/api/AssetClassify', {
    classifyName: '电脑',
    attributes: [
      { name: '颜色', attributeType: 1, items: ['黑', '白'] },
      { name: 'CPU', attributeType: 0 },
    ],
  });
  assets = [];
  assets.push(
    await as<AssetInfo>(owner, 'POST', '/api/Asset', {
      assetCoding: 'PC-001', assetName: '笔记本', specifications: 'X1', unit: '台', supplier: 'Lenovo',
      buyDate: '2024-03-05', buyPrice: '6999.5', lossCycle: 36, affiliatedDept: deptA, affiliatedStaff: staffA,
      depositSite: 'Room 3', classify: klass.id, attributeValues: { 颜色: '黑' },
    }),
  );
  for (let i = 2; i <= 5; i++) {
    assets.push(await as<AssetInfo>(owner, 'POST', '/api/Asset', { assetCoding: `PC-00${i}`, assetName: `Desk ${i}`, affiliatedDept: i % 2 ? deptA : deptB }));
  }
  otherAsset = await as<AssetInfo>(other, 'POST', '/api/Asset', { assetCoding: 'PC-001', assetName: 'Foreign' });

  const role = async (permissions: number[]) => (await as<RoleInfo>(owner, 'POST', '/api/Role', { roleName: `r${permissions.length}`, permissions })).id;
  const subUser = async (roleId: number, email: string, scope: 'All' | 'Dept') => {
    const staff = await as<StaffInfo>(owner, 'POST', '/api/Staff', { staffName: email, affiliatedDept: deptA });
    payload(await openChildUser(server, owner.loginID, { staffId: staff.id, email, password: 'sub-pw', roleId, authorizationType: scope }));
    return login(server, email, 'sub-pw');
  };
  const allButTemplates = Object.values(Permission).filter((p) => p !== Permission.labelTemplates);
  scoped = await subUser(await role(allButTemplates), 'scoped@example.com', 'Dept');
  classifier = await subUser(await role([Permission.systemClassification]), 'classifier@example.com', 'All');

  template = await as<TemplateInfo>(owner, 'POST', '/api/Template', { templateName: 'Asset label', templateContent: LABEL });
  otherTemplate = await as<TemplateInfo>(other, 'POST', '/api/Template', { templateName: 'Theirs', templateContent: LABEL });
  const general = await server.db.query<{ id: number }>(
    `INSERT INTO label_templates (company_id, name, width_mm, height_mm, content, content_size)
     VALUES (NULL, 'General', 40, 30, $1, $2) RETURNING id`,
    [LABEL, LABEL.length],
  );
  generalTemplateId = general.rows[0].id;
}, 120_000);
afterAll(async () => {
  await closeThumbnailWorker();
  await server?.close();
});

describe('label rows', () => {
  it('gives each asset its fields by key, its custom attributes by name, and its link', async () => {
    const page = await rows(owner, `assetIds=${assets[0].id}`);
    expect(page.total).toBe(1);
    expect(page.nextAfterId).toBeNull();
    const [row] = page.rows;
    expect(row.assetId).toBe(assets[0].id);
    expect(row.classifyId).toBe(klass.id);
    expect(row.fields).toEqual({
      assetCoding: 'PC-001',
      assetName: '笔记本',
      specifications: 'X1',
      unit: '台',
      supplier: 'Lenovo',
      buyDate: '2024-03-05',
      buyPrice: '6999.50',
      lossCycle: '36',
      department: '研发部',
      user: '张三',
      depositSite: 'Room 3',
      classification: '电脑',
      颜色: '黑',
      CPU: '',
    });
    // Keys in the export's column order, then the attributes in the classification's order.
    expect(Object.keys(row.fields).slice(0, fieldHeaders('en').length)).toEqual([
      'assetCoding', 'assetName', 'specifications', 'unit', 'supplier', 'buyDate', 'buyPrice', 'lossCycle',
      'department', 'user', 'depositSite', 'classification',
    ]);
    expect(row.link).toBe(`http://localhost/a/${await tokenOf(assets[0].id)}`);
    expect(row.link).toMatch(/^http:\/\/localhost\/a\/[A-Za-z0-9_-]{22}$/);
  });

  it('gives empty fields as empty text', async () => {
    const [row] = (await rows(owner, `assetIds=${assets[1].id}`)).rows;
    expect(row.fields).toMatchObject({ buyDate: '', buyPrice: '', lossCycle: '', user: '', classification: '', department: 'Sales' });
    expect(row.classifyId).toBeNull();
  });

  it('pages by keyset in id order, to the end, with the total on every page', async () => {
    const seen: number[] = [];
    let afterId: number | null | undefined;
    let pages = 0;
    do {
      const page = await rows(owner, `search=PC-00&limit=2${afterId ? `&afterId=${afterId}` : ''}`);
      expect(page.total).toBe(5);
      expect(page.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.rows.map((r) => r.assetId));
      afterId = page.nextAfterId;
      pages++;
    } while (afterId !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(assets.map((a) => a.id));
  });

  it('takes the asset list’s filters (sortKey and isASC accepted), as the list counts them', async () => {
    const query = `affiliatedDept=${deptB}&sortKey=assetName&isASC=false`;
    const list = await as<AssetListResult>(owner, 'GET', `/api/Asset?${query}`);
    const page = await rows(owner, query);
    expect(page.total).toBe(list.filterAssetCount);
    expect(page.rows.map((r) => r.assetId)).toEqual(list.assets.map((a) => a.id).sort((a, b) => a - b));
    expect((await rows(owner, `classify=${klass.id}`)).rows.map((r) => r.assetId)).toEqual([assets[0].id]);
  });

  it('keeps to the caller’s scope and company: others’ assets are left out, never shown', async () => {
    const inA = assets.filter((a) => a.affiliatedDept === deptA).map((a) => a.id);
    expect((await rows(scoped, 'limit=100')).rows.map((r) => r.assetId)).toEqual(inA);
    const selected = await rows(scoped, `assetIds=${assets.map((a) => a.id).join(',')},${otherAsset.id}`);
    expect(selected.rows.map((r) => r.assetId)).toEqual(inA);
    expect(selected.total).toBe(inA.length);
    const foreign = await rows(owner, `assetIds=${otherAsset.id}`);
    expect(foreign).toEqual({ total: 0, rows: [], nextAfterId: null });
    expect((await rows(other, 'limit=100')).rows.map((r) => r.assetId)).toEqual([otherAsset.id]);
  });

  it('refuses a bad query with a message in the caller’s language', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    const zh = await call('GET', `/api/AssetLabel/Rows?assetIds=${ids}`, owner, undefined, 'zh-CN');
    expect(zh.body).toEqual({ statusCode: 2, resultInfo: '一次最多处理 1000 项资产，当前为 1001 项。' });
    const en = await call('GET', `/api/AssetLabel/Rows?assetIds=${ids}`, owner);
    expect(en.body).toEqual({ statusCode: 2, resultInfo: 'At most 1000 assets at a time; this names 1001.' });
    for (const query of ['limit=5001', 'limit=0', 'afterId=abc', 'assetIds=1,x', 'assetIds=,', 'status=3', 'expiryBand=soon']) {
      const reply = await call('GET', `/api/AssetLabel/Rows?${query}`, owner);
      expect(reply.body.statusCode, query).toBe(2);
    }
    expect((await call('GET', '/api/AssetLabel/Rows?assetIds=,', owner, undefined, 'zh-CN')).body.resultInfo).toBe('请至少选择一项资产。');
  });

  it('starts links with PUBLIC_ORIGIN when it is set', async () => {
    const behindProxy = await startTestServer({ config: { publicOrigin: 'https://assets.example.com' } });
    try {
      const user = await registerAndLogin(behindProxy, 'proxy@example.com', 'pw', 'Proxy Co');
      const made = payload(await behindProxy.call<AssetInfo>('POST', '/api/Asset', { token: user.loginID, body: { assetName: 'Chair' } }));
      const page = payload(await behindProxy.call<AssetLabelRowsResult>('GET', `/api/AssetLabel/Rows?assetIds=${made.id}`, { token: user.loginID }));
      expect(page.rows[0].link).toMatch(/^https:\/\/assets\.example\.com\/a\/[A-Za-z0-9_-]{22}$/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('last printed', () => {
  it('records the server’s time on each asset, counts prints, and leaves the version alone', async () => {
    const ids = [assets[2].id, assets[3].id];
    const before = await as<AssetInfo>(owner, 'GET', `/api/Asset/details?id=${ids[0]}`);
    expect(before.labelPrintedAt).toBeNull();
    expect(before.labelPrintCount).toBe(0);
    // Sessions end after 12 idle hours: the clock moves by minutes.
    server.clock.advance(60_000);
    const first = server.clock.now().toISOString();
    const done = await as<AssetLabelPrintedResult>(owner, 'POST', '/api/AssetLabel/Printed', { assetIds: [...ids, ids[0]], templateId: template.templateID });
    expect(done).toEqual({ recorded: 2, printedAt: first });
    server.clock.advance(60_000);
    const second = server.clock.now().toISOString();
    await as(owner, 'POST', '/api/AssetLabel/Printed', { assetIds: [ids[0]], templateId: generalTemplateId });

    const after = await as<AssetInfo>(owner, 'GET', `/api/Asset/details?id=${ids[0]}`);
    expect(after).toMatchObject({ labelPrintedAt: second, labelPrintCount: 2, version: before.version, updatedAt: before.updatedAt });
    const list = await as<AssetListResult>(owner, 'GET', '/api/Asset?pageSize=20');
    const byId = new Map(list.assets.map((a) => [a.id, a]));
    expect(byId.get(ids[1])).toMatchObject({ labelPrintedAt: first, labelPrintCount: 1 });
    expect(byId.get(assets[4].id)).toMatchObject({ labelPrintedAt: null, labelPrintCount: 0 });
  });

  it('records all or nothing: an asset of another company, out of scope, or missing changes none', async () => {
    const cases: [LoginResult, number[]][] = [
      [owner, [assets[4].id, otherAsset.id]],
      [scoped, [assets[2].id, assets[1].id]], // assets[1] is in department B
      [owner, [assets[4].id, 999_999_999]],
    ];
    for (const [user, assetIds] of cases) {
      const before = await fingerprint(server.db);
      const reply = await call('POST', '/api/AssetLabel/Printed', user, { assetIds, templateId: generalTemplateId });
      expect(reply.body).toEqual({ statusCode: 28, resultInfo: 'This asset does not exist or is outside your authorized scope.' });
      expect(await fingerprint(server.db)).toEqual(before);
    }
  });

  it('refuses a template the caller may not read, and bad input, in the caller’s language', async () => {
    const before = await fingerprint(server.db);
    const foreign = await call('POST', '/api/AssetLabel/Printed', owner, { assetIds: [assets[4].id], templateId: otherTemplate.templateID }, 'zh-CN');
    expect(foreign.body).toEqual({ statusCode: 28, resultInfo: '模板不存在或已被删除。' });
    // A private template of the company, by a sub-user without a template user.
    const privateOne = await call('POST', '/api/AssetLabel/Printed', scoped, { assetIds: [assets[2].id], templateId: template.templateID });
    expect(privateOne.body.statusCode).toBe(5);
    const many = await call('POST', '/api/AssetLabel/Printed', owner, { assetIds: Array.from({ length: 5001 }, (_, i) => i + 1), templateId: generalTemplateId });
    expect(many.body).toEqual({ statusCode: 2, resultInfo: 'At most 5000 assets at a time; this names 5001.' });
    const none = await call('POST', '/api/AssetLabel/Printed', owner, { assetIds: [], templateId: generalTemplateId }, 'zh-CN');
    expect(none.body).toEqual({ statusCode: 2, resultInfo: '请至少选择一项资产。' });
    for (const body of [{ assetIds: [assets[4].id] }, { assetIds: ['x'], templateId: generalTemplateId }, { assetIds: assets[4].id, templateId: 1 }]) {
      expect((await call('POST', '/api/AssetLabel/Printed', owner, body)).body.statusCode).toBe(2);
    }
    expect(await fingerprint(server.db)).toEqual(before);
  });
});

describe('default template of a classification', () => {
  const setDefault = (user: LoginResult, templateId: number | null, classifyId = klass.id, lang = 'en') =>
    call<AssetClassifyInfo>('POST', '/api/AssetClassify/DefaultTemplate', user, { classifyId, templateId }, lang);

  it('is set, shown with the classification, and cleared, without touching its version', async () => {
    const set = payload(await setDefault(owner, template.templateID));
    expect(set).toMatchObject({ id: klass.id, defaultTemplateId: template.templateID, version: klass.version });
    const list = await as<{ assetClassifys: AssetClassifyInfo[] }>(owner, 'GET', '/api/AssetClassify/List');
    expect(list.assetClassifys.find((k) => k.id === klass.id)?.defaultTemplateId).toBe(template.templateID);
    expect(payload(await setDefault(owner, null)).defaultTemplateId).toBeNull();
  });

  it('refuses a template the caller may not read, and another company’s classification, changing nothing', async () => {
    payload(await setDefault(owner, generalTemplateId));
    const foreignClass = payload(await call<AssetClassifyInfo>('POST', '/api/AssetClassify', other, { classifyName: 'Theirs' }));
    const before = await fingerprint(server.db);
    expect((await setDefault(owner, otherTemplate.templateID, klass.id, 'zh-CN')).body).toEqual({ statusCode: 28, resultInfo: '模板不存在或已被删除。' });
    // 301 without a template user: the company's private templates are not the caller's to pick.
    expect((await setDefault(classifier, template.templateID)).body.statusCode).toBe(5);
    expect((await setDefault(owner, generalTemplateId, foreignClass.id)).body).toEqual({ statusCode: 28, resultInfo: 'This classification does not exist.' });
    expect((await setDefault(owner, generalTemplateId, 999_999_999)).body.statusCode).toBe(28);
    expect((await call('POST', '/api/AssetClassify/DefaultTemplate', owner, { classifyId: klass.id })).body.statusCode).toBe(2);
    expect(await fingerprint(server.db)).toEqual(before);
    // ...but a general template it reads.
    expect(payload(await setDefault(classifier, generalTemplateId)).defaultTemplateId).toBe(generalTemplateId);
  });

  it('is cleared when its template is deleted', async () => {
    const doomed = await as<TemplateInfo>(owner, 'POST', '/api/Template', { templateName: 'Doomed', templateContent: LABEL });
    payload(await setDefault(owner, doomed.templateID));
    await as(owner, 'DELETE', `/api/Template?templateID=${doomed.templateID}`);
    expect((await as<AssetClassifyInfo>(owner, 'GET', `/api/AssetClassify/Details?assetClassifyId=${klass.id}`)).defaultTemplateId).toBeNull();
  });
});

describe('asset links', () => {
  it('gives every asset its own random token', async () => {
    const { rows: tokens } = await server.db.query<{ link_token: string }>('SELECT link_token FROM assets');
    expect(tokens.length).toBeGreaterThanOrEqual(6);
    expect(new Set(tokens.map((t) => t.link_token)).size).toBe(tokens.length);
    for (const { link_token } of tokens) expect(link_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('names the asset to a session of its company, within scope', async () => {
    const token = await tokenOf(assets[0].id);
    expect(await as(owner, 'GET', `/api/AssetLink/${token}`)).toEqual({ assetId: assets[0].id });
    expect(await as(scoped, 'GET', `/api/AssetLink/${token}`)).toEqual({ assetId: assets[0].id });
  });

  it('tells anyone else nothing: another company, out of scope, a made-up token, no session', async () => {
    const token = await tokenOf(assets[0].id);
    const unknown = (await call('GET', '/api/AssetLink/AAAAAAAAAAAAAAAAAAAAAA', owner)).body;
    expect(unknown).toEqual({ statusCode: 28, resultInfo: 'This asset does not exist or is outside your authorized scope.' });
    expect((await call('GET', `/api/AssetLink/${token}`, other)).body).toEqual(unknown);
    expect((await call('GET', `/api/AssetLink/${await tokenOf(assets[1].id)}`, scoped)).body).toEqual(unknown);
    expect((await call('GET', '/api/AssetLink/..%2F..%2Fetc', owner)).body).toEqual(unknown);
    // Without a session: the same answer for a real link as for a made-up one.
    const anonymous = await call('GET', `/api/AssetLink/${token}`, null);
    expect(anonymous.body).toEqual({ statusCode: 19, resultInfo: 'Login information is invalid. Please log out and log in again!' });
    expect((await call('GET', '/api/AssetLink/AAAAAAAAAAAAAAAAAAAAAA', null)).body).toEqual(anonymous.body);
  });
});
