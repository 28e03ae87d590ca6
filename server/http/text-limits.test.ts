/**
 * Names over a field's limit are refused at that field, never cut to fit (issue 14): code 2
 * naming the request's field and its limit in characters (not bytes: CJK text counts the
 * same), in both languages, with nothing written; a text exactly at the limit is kept whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepartmentInfo, LoginResult } from '../../src/api/contract.ts';
import { setVip } from '../scripts/set-vip.ts';
import { ACCOUNT_FIELD_MAX } from '../modules/accounts/identity.ts';
import { ATTRIBUTE_NAME_MAX, CLASSIFY_NAME_MAX, ITEM_MAX } from '../modules/classifications/service.ts';
import { DEPT_NAME_MAX } from '../modules/departments/service.ts';
import { ROLE_NAME_MAX } from '../modules/roles/service.ts';
import { STAFF_TEXT_MAX } from '../modules/staff/service.ts';
import { payload, registerAndLogin, snapshot, startTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
let admin: LoginResult;
let dept: DepartmentInfo;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registerAndLogin(server, 'limits@example.com', 'pw', 'Limits Co');
  await setVip(server.db, 'limits@example.com', true); // roles need a VIP company (tests run the paid model)
  dept = payload(await server.call<DepartmentInfo>('POST', '/api/Department', { token: admin.loginID, body: { deptName: 'Base' } }));
});
afterAll(() => server?.close());

interface Case {
  route: string;
  field: string;
  max: number;
  body: (text: string) => Record<string, unknown>;
}

const CASES: Case[] = [
  { route: '/api/Department', field: 'deptName', max: DEPT_NAME_MAX, body: (t) => ({ deptName: t }) },
  { route: '/api/Staff', field: 'staffName', max: STAFF_TEXT_MAX, body: (t) => ({ staffName: t, affiliatedDept: dept.id }) },
  { route: '/api/Staff', field: 'position', max: STAFF_TEXT_MAX, body: (t) => ({ staffName: 'P', position: t }) },
  { route: '/api/Staff', field: 'jobNumber', max: STAFF_TEXT_MAX, body: (t) => ({ staffName: 'J', jobNumber: t }) },
  { route: '/api/Role', field: 'roleName', max: ROLE_NAME_MAX, body: (t) => ({ roleName: t, permissions: [] }) },
  { route: '/api/AssetClassify', field: 'classifyName', max: CLASSIFY_NAME_MAX, body: (t) => ({ classifyName: t }) },
  {
    route: '/api/AssetClassify',
    field: 'attributes.0.name',
    max: ATTRIBUTE_NAME_MAX,
    body: (t) => ({ classifyName: `A ${t.length}`, attributes: [{ name: t, attributeType: 0 }] }),
  },
  {
    route: '/api/AssetClassify',
    field: 'attributes.0.items.1',
    max: ITEM_MAX,
    body: (t) => ({ classifyName: `I ${t.length}`, attributes: [{ name: 'Colour', attributeType: 1, items: ['Black', t] }] }),
  },
  { route: '/api/User/ChildRegister', field: 'email', max: ACCOUNT_FIELD_MAX, body: (t) => ({ email: t }) },
];

describe('text limits', () => {
  for (const c of CASES) {
    it(`POST ${c.route} refuses ${c.field} over ${c.max} characters, naming both`, async () => {
      const before = await snapshot(server.db);
      const over = '字'.repeat(c.max + 1);
      const en = await server.call('POST', c.route, { token: admin.loginID, body: c.body(over), lang: 'en' });
      expect(en.body).toEqual({ statusCode: 2, resultInfo: `Parameter error: ${c.field} cannot be longer than ${c.max} characters.` });
      const zh = await server.call('POST', c.route, { token: admin.loginID, body: c.body(over), lang: 'zh-CN' });
      expect(zh.body).toEqual({ statusCode: 2, resultInfo: `参数错误：${c.field} 不能超过 ${c.max} 个字符。` });
      expect(await snapshot(server.db)).toEqual(before);
    });
  }

  it('keeps names exactly at the limit whole', async () => {
    const atLimit = '字'.repeat(DEPT_NAME_MAX);
    const made = payload(await server.call<DepartmentInfo>('POST', '/api/Department', { token: admin.loginID, body: { deptName: atLimit } }));
    expect(made.deptName).toBe(atLimit);
    const staffName = 'n'.repeat(STAFF_TEXT_MAX);
    const staff = payload(await server.call<{ staffName: string }>('POST', '/api/Staff', { token: admin.loginID, body: { staffName } }));
    expect(staff.staffName).toBe(staffName);
  });
});
