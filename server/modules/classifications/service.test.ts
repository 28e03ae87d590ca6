import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetClassifyInfo, AssetClassifyListResult, LoginResult, RoleInfo } from '../../../src/api/contract.ts';
import { login, openChildUser, payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'classes@example.com', 'pw', 'Classes Co');
});
afterAll(() => server?.close());

function call<T>(method: string, path: string, body?: unknown, token = admin.loginID, lang = 'en') {
  return server.call<T>(method, path, { token, body, lang });
}
const set = (body: unknown) => call<AssetClassifyInfo>('POST', '/api/AssetClassify', body);

describe('classifications', () => {
  it('creates one with attributes of the four types, trimmed, and lists it by name', async () => {
    const laptop = payload(
      await set({
        classifyName: '  Laptop ',
        attributes: [
          { name: ' Colour ', attributeType: 1, items: [' Black', 'Silver '] },
          { name: 'Warranty until', attributeType: 2 },
          { name: 'Serial', attributeType: 0, items: ['dropped for non-Select'] },
          { name: 'Checked at', attributeType: 3 },
        ],
      }),
    );
    expect(laptop).toEqual({
      id: expect.any(Number),
      classifyName: 'Laptop',
      attributes: [
        { name: 'Colour', attributeType: 1, items: ['Black', 'Silver'] },
        { name: 'Warranty until', attributeType: 2 },
        { name: 'Serial', attributeType: 0 },
        { name: 'Checked at', attributeType: 3 },
      ],
      assetCount: 0,
      version: 1,
      defaultTemplateId: null,
    });
    payload(await set({ classifyName: 'Desk' }));
    const list = payload(await call<AssetClassifyListResult>('GET', '/api/AssetClassify/List'));
    expect(list.assetClassifys.map((k) => k.classifyName)).toEqual(['Desk', 'Laptop']);
    const details = payload(await call<AssetClassifyInfo>('GET', `/api/AssetClassify/Details?assetClassifyId=${laptop.id}`));
    expect(details).toEqual(laptop);
  });

  it('refuses every broken rule with its message, in both languages, writing nothing', async () => {
    payload(await set({ classifyName: 'Printer' }));
    const before = await snapshot(server.db);
    const cases: [unknown, number, string, string][] = [
      [{ classifyName: '  ' }, 2, 'Please enter the classification name.', '请输入分类名称。'],
      [{}, 2, 'Please enter the classification name.', '请输入分类名称。'],
      [{ classifyName: 'printer' }, 29, 'Classification name already exists', '分类名称已存在'],
      [{ classifyName: 'X', attributes: [{ name: ' ', attributeType: 0 }] }, 2, 'Attribute names cannot be empty.', '参数名称不能为空。'],
      [
        { classifyName: 'X', attributes: [{ name: 'A', attributeType: 0 }, { name: 'A ', attributeType: 2 }] },
        2,
        'The attribute name "A" is duplicated.',
        '参数名称“A”重复。',
      ],
      [{ classifyName: 'X', attributes: [{ name: 'Size', attributeType: 1 }] }, 2, 'The Select attribute "Size" needs items.', '下拉类型的参数“Size”需要选项。'],
      [{ classifyName: 'X', attributes: [{ name: 'Size', attributeType: 1, items: [] }] }, 2, 'The Select attribute "Size" needs items.', '下拉类型的参数“Size”需要选项。'],
      [{ classifyName: 'X', attributes: [{ name: 'Size', attributeType: 1, items: ['S', ' '] }] }, 2, 'The items of "Size" cannot be empty.', '参数“Size”的选项不能为空。'],
      [
        { classifyName: 'X', attributes: [{ name: 'Size', attributeType: 1, items: ['S', 'S '] }] },
        2,
        'The item "S" of "Size" is duplicated.',
        '参数“Size”的选项“S”重复。',
      ],
      [
        { classifyName: 'X', attributes: [{ name: '供应商', attributeType: 0 }] },
        2,
        '"供应商" is a standard import/export column and cannot name an attribute.',
        '“供应商”是导入导出的标准列名，不能用作参数名称。',
      ],
      [
        { classifyName: 'X', attributes: [{ name: 'purchase price', attributeType: 0 }] },
        2,
        '"purchase price" is a standard import/export column and cannot name an attribute.',
        '“purchase price”是导入导出的标准列名，不能用作参数名称。',
      ],
    ];
    for (const [body, code, en, zh] of cases) {
      expect((await set(body)).body, JSON.stringify(body)).toEqual({ statusCode: code, resultInfo: en });
      expect((await call('POST', '/api/AssetClassify', body, admin.loginID, 'zh-CN')).body.resultInfo).toBe(zh);
    }
    for (const body of [
      { classifyName: 'X', attributes: [{ name: 'A', attributeType: 4 }] },
      { classifyName: 'X', attributes: [{ name: 'A' }] },
      { classifyName: 'X', attributes: 'A' },
      { classifyName: 'x'.repeat(51) },
    ]) {
      expect((await set(body)).body.statusCode, JSON.stringify(body)).toBe(2);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('updates name and attributes, keeping attributes when absent; unknown ids answer 28', async () => {
    const k = payload(await set({ classifyName: 'Phone', attributes: [{ name: 'IMEI', attributeType: 0 }] }));
    const renamed = payload(await set({ id: k.id, classifyName: 'Mobile phone' }));
    expect(renamed.attributes).toEqual([{ name: 'IMEI', attributeType: 0 }]);
    const changed = payload(await set({ id: k.id, classifyName: 'Mobile phone', attributes: [] }));
    expect(changed.attributes).toEqual([]);
    // Its own name again is no duplicate.
    expect((await set({ id: k.id, classifyName: 'MOBILE phone' })).body.statusCode).toBe(0);
    expect((await set({ id: 999_999_999, classifyName: 'Ghost' })).body).toEqual({ statusCode: 28, resultInfo: 'This classification does not exist.' });
    expect((await call('GET', '/api/AssetClassify/Details?assetClassifyId=999999999')).body.statusCode).toBe(28);
  });

  it('deletes an unused one, refuses one in use naming the count', async () => {
    const k = payload(await set({ classifyName: 'Chair' }));
    for (const code of ['C-1', 'C-2']) payload(await call('POST', '/api/Asset', { assetCoding: code, assetName: 'Chair', classify: k.id }));
    const before = await snapshot(server.db);
    expect((await call('DELETE', '/api/AssetClassify', { id: k.id })).body).toEqual({
      statusCode: 30,
      resultInfo: 'This classification is used by 2 assets and cannot be deleted.',
    });
    expect((await call('DELETE', `/api/AssetClassify?id=${k.id}`, undefined, admin.loginID, 'zh')).body.resultInfo).toBe(
      '该分类下还有 2 项资产，不能删除。',
    );
    expect(await snapshot(server.db)).toEqual(before);
    expect(payload(await call<AssetClassifyInfo>('GET', `/api/AssetClassify/Details?assetClassifyId=${k.id}`)).assetCount).toBe(2);
    const unused = payload(await set({ classifyName: 'Unused' }));
    expect((await call('DELETE', '/api/AssetClassify', { id: unused.id })).body).toEqual({ statusCode: 0, resultInfo: null });
    expect((await call('DELETE', '/api/AssetClassify', { id: unused.id })).body.statusCode).toBe(28);
  });

  it('lets 301 holders write, every user read, and keeps companies apart', async () => {
    // Sub-users need a role; roles need a VIP company.
    await server.db.query("UPDATE companies SET is_vip = true WHERE name = 'Classes Co'");
    const withPerm = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Classifier', permissions: [301] }));
    const without = payload(await call<RoleInfo>('POST', '/api/Role', { roleName: 'Reader', permissions: [101] }));
    const staff = async (name: string) => payload(await call<{ id: number }>('POST', '/api/Staff', { staffName: name })).id;
    payload(await openChildUser(server, admin.loginID, { staffId: await staff('K'), email: 'k@classes.example.com', password: 'pw', roleId: withPerm.id, authorizationType: 'All' }));
    payload(await openChildUser(server, admin.loginID, { staffId: await staff('R'), email: 'r@classes.example.com', password: 'pw', roleId: without.id, authorizationType: 'All' }));
    const classifier = (await login(server, 'k@classes.example.com', 'pw')).loginID;
    const reader = (await login(server, 'r@classes.example.com', 'pw')).loginID;

    expect((await call('POST', '/api/AssetClassify', { classifyName: 'By classifier' }, classifier)).body.statusCode).toBe(0);
    const other = await registerAndLogin(server, 'other-classes@example.com', 'pw', 'Other Co');
    const before = await snapshot(server.db);
    expect((await call('POST', '/api/AssetClassify', { classifyName: 'By reader' }, reader)).body.statusCode).toBe(5);
    const mine = payload(await call<AssetClassifyListResult>('GET', '/api/AssetClassify/List', undefined, reader)).assetClassifys;
    expect(mine.some((k) => k.classifyName === 'By classifier')).toBe(true);
    expect((await call('DELETE', '/api/AssetClassify', { id: mine[0].id }, reader)).body.statusCode).toBe(5);

    expect(payload(await call<AssetClassifyListResult>('GET', '/api/AssetClassify/List', undefined, other.loginID)).assetClassifys).toEqual([]);
    const missing = await call('DELETE', '/api/AssetClassify', { id: 999_999_999 }, other.loginID);
    expect((await call('DELETE', '/api/AssetClassify', { id: mine[0].id }, other.loginID)).body).toEqual(missing.body);
    expect((await call('GET', `/api/AssetClassify/Details?assetClassifyId=${mine[0].id}`, undefined, other.loginID)).body.statusCode).toBe(28);
    expect((await call('POST', '/api/AssetClassify', { id: mine[0].id, classifyName: 'Taken over' }, other.loginID)).body.statusCode).toBe(28);
    expect(await snapshot(server.db)).toEqual(before);
    expect((await server.call('GET', '/api/AssetClassify/List')).body.statusCode).toBe(19);
  });
});
