/**
 * The access matrix of the organisation issue: every route, called by
 *   admin   the company's admin (VIP company)
 *   all     a sub-user holding 302 with scope All
 *   dept    a sub-user holding 302 with scope Dept (own department A: sees A and A1)
 *   custom  a sub-user holding 302 with scope Custom [B]
 *   noPerm  a sub-user without 302 (role [101], scope All)
 *   other   the admin of another (VIP) company, aiming at this company's rows
 * Allowed calls succeed (writes change something, reads change nothing and return only what
 * the caller may see); every other call is refused with the expected code and changes no row
 * of any table. Another company's ids answer exactly like ids that do not exist.
 *
 * The company's tree:  R (root) ─ A ─ A1
 *                                └ B
 * Write routes run twice, on a target in A1 and in B, so each scope is seen both allowing
 * and refusing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChildUserListResult,
  DepartmentInfo,
  DepartmentListResult,
  LoginResult,
  RoleInfo,
  RoleListResult,
  StaffInfo,
  StaffListResult,
} from '../../../src/api/contract.ts';
import { setVip } from '../../scripts/set-vip.ts';
import {
  login,
  openChildUser,
  payload,
  registerAndLogin,
  snapshot,
  startTestServer,
  wirePassword,
  type TestServer,
} from '../../testing/harness.ts';

const ACTORS = ['admin', 'all', 'dept', 'custom', 'noPerm', 'other'] as const;
type ActorName = (typeof ACTORS)[number];
/** 'ok', or the status code of the refusal. */
type Outcome = 'ok' | number;
type Expectations = Record<ActorName, Outcome>;
type Where = 'A1' | 'B';
type Targets = Record<string, number | string>;

interface Request {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

interface Case {
  name: string;
  /** Write routes: run once per target department. */
  wheres?: Where[];
  /** Creates what the call aims at (as the admin); returns every id the request uses. */
  setup: (where: Where) => Promise<Targets>;
  request: (t: Targets) => Request;
  expect: (where: Where) => Expectations;
  /** Reads: what the caller must (and must not) see. */
  check?: (actor: ActorName, resultInfo: unknown) => void;
  write: boolean;
}

const MISSING = 999_999_999;
const NOT_FOUND = 28;
const FORBIDDEN = 5;

let server: TestServer;
const tokens = {} as Record<ActorName, string>;
const fx = {} as {
  R: number;
  A: number;
  A1: number;
  B: number;
  roleOrg: number;
  staff: Record<'sA' | 'sA1' | 'sB' | 'sNone', number>;
  users: Record<'uAll' | 'uDept' | 'uCustom' | 'uNoPerm', number>;
};
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

const asAdmin = <T>(method: string, path: string, body?: unknown) =>
  server.call<T>(method, path, { token: tokens.admin, body, lang: 'en' }).then(payload);

beforeAll(async () => {
  server = await startTestServer();
  const admin = await registerAndLogin(server, 'matrix@example.com', 'pw', 'Matrix Co');
  tokens.admin = admin.loginID;
  await setVip(server.db, 'matrix@example.com', true);
  const other = await registerAndLogin(server, 'intruder@example.com', 'pw', 'Intruder Co');
  await setVip(server.db, 'intruder@example.com', true);
  tokens.other = other.loginID;

  const departments = (await asAdmin<DepartmentListResult>('GET', '/api/Department/List')).departments;
  fx.R = departments[0].id;
  fx.A = (await asAdmin<DepartmentInfo>('POST', '/api/Department', { deptName: 'A' })).id;
  fx.A1 = (await asAdmin<DepartmentInfo>('POST', '/api/Department', { deptName: 'A1', affiliatedDept: fx.A })).id;
  fx.B = (await asAdmin<DepartmentInfo>('POST', '/api/Department', { deptName: 'B' })).id;
  const staff = async (staffName: string, dept: number | null) =>
    (await asAdmin<StaffInfo>('POST', '/api/Staff', { staffName, affiliatedDept: dept })).id;
  fx.staff = {
    sA: await staff('sA', fx.A),
    sA1: await staff('sA1', fx.A1),
    sB: await staff('sB', fx.B),
    sNone: await staff('sNone', null),
  };
  fx.roleOrg = (await asAdmin<RoleInfo>('POST', '/api/Role', { roleName: 'Org', permissions: [302] })).id;
  const roleAdd = (await asAdmin<RoleInfo>('POST', '/api/Role', { roleName: 'Add only', permissions: [101] })).id;

  const subUser = async (name: ActorName, dept: number, roleId: number, scope: 'All' | 'Dept' | 'Custom', custom: number[] = []) => {
    const staffId = await staff(`u-${name}`, dept);
    const email = `${name.toLowerCase()}@matrix.example.com`;
    const input = { staffId, email, password: 'pw', roleId, authorizationType: scope, authorizedDepts: custom };
    const opened = payload(await openChildUser(server, tokens.admin, input));
    tokens[name] = (await login(server, email, 'pw')).loginID;
    return opened.id;
  };
  fx.users = {
    uAll: await subUser('all', fx.A, fx.roleOrg, 'All'),
    uDept: await subUser('dept', fx.A, fx.roleOrg, 'Dept'),
    uCustom: await subUser('custom', fx.B, fx.roleOrg, 'Custom', [fx.B]),
    uNoPerm: await subUser('noPerm', fx.A, roleAdd, 'All'),
  };
});
afterAll(() => server?.close());

// ---- expectations --------------------------------------------------------------------------

const everyone: Expectations = { admin: 'ok', all: 'ok', dept: 'ok', custom: 'ok', noPerm: 'ok', other: 'ok' };

/** Organisation writes on a target in `where`: admin and 302 holders whose scope covers it. */
function organizers(where: Where): Expectations {
  return {
    admin: 'ok',
    all: 'ok',
    dept: where === 'A1' ? 'ok' : NOT_FOUND,
    custom: where === 'B' ? 'ok' : NOT_FOUND,
    noPerm: FORBIDDEN,
    other: NOT_FOUND,
  };
}

/** Role writes: an admin of a VIP company; the other company's admin finds no such role. */
const roleWrites: Expectations = { admin: 'ok', all: FORBIDDEN, dept: FORBIDDEN, custom: FORBIDDEN, noPerm: FORBIDDEN, other: NOT_FOUND };

// ---- what each reader sees ---------------------------------------------------------------

const deptNames = (r: unknown) => (r as DepartmentListResult).departments.map((d) => d.deptName).sort();
const staffIds = (r: unknown) => new Set(((r as StaffListResult).staffs ?? []).map((s) => s.id));
const ALL_DEPTS = ['A', 'A1', 'B', 'Matrix Co'];
const DEPT_VIEW: Record<ActorName, string[]> = {
  admin: ALL_DEPTS,
  all: ALL_DEPTS,
  dept: ['A', 'A1'],
  custom: ['B'],
  noPerm: ALL_DEPTS,
  other: ['Intruder Co'],
};
const STAFF_VIEW: Record<ActorName, (keyof typeof fx.staff)[]> = {
  admin: ['sA', 'sA1', 'sB', 'sNone'],
  all: ['sA', 'sA1', 'sB'],
  dept: ['sA', 'sA1'],
  custom: ['sB'],
  noPerm: ['sA', 'sA1', 'sB'],
  other: [],
};
function expectStaff(actor: ActorName, seen: Set<number>, among: (keyof typeof fx.staff)[]) {
  for (const key of among) {
    expect(seen.has(fx.staff[key]), `${actor} sees ${key}`).toBe(STAFF_VIEW[actor].includes(key));
  }
}

// ---- the routes ------------------------------------------------------------------------------

async function freshDept(where: Where): Promise<number> {
  return (await asAdmin<DepartmentInfo>('POST', '/api/Department', { deptName: unique('d'), affiliatedDept: fx[where] })).id;
}
async function freshStaff(where: Where): Promise<number> {
  return (await asAdmin<StaffInfo>('POST', '/api/Staff', { staffName: unique('s'), affiliatedDept: fx[where] })).id;
}
async function freshRole(): Promise<number> {
  return (await asAdmin<RoleInfo>('POST', '/api/Role', { roleName: unique('role'), permissions: [] })).id;
}
async function freshSubUser(where: Where): Promise<number> {
  const email = `${unique('sub')}@matrix.example.com`;
  return payload(await openChildUser(server, tokens.admin, { staffId: await freshStaff(where), email, password: 'pw' })).id;
}
/** A staff member without a sub-user, and a code requested for a new login. */
async function freshOpening(where: Where): Promise<Targets> {
  const email = `${unique('open')}@matrix.example.com`;
  payload(await server.call('GET', `/api/User?email=${email}&purpose=register`));
  return { staffId: await freshStaff(where), email, checkCode: server.lastCode(email) };
}

const fixed = (targets: () => Targets) => async () => targets();

const CASES: Case[] = [
  {
    name: 'GET Department/List',
    setup: fixed(() => ({})),
    request: () => ({ method: 'GET', path: '/api/Department/List' }),
    expect: () => everyone,
    check: (actor, r) => expect(deptNames(r)).toEqual(DEPT_VIEW[actor]),
    write: false,
  },
  {
    name: 'GET Department/ChildList of A',
    setup: fixed(() => ({ dept: fx.A })),
    request: (t) => ({ method: 'GET', path: `/api/Department/ChildList?affiliatedDept=${t.dept}` }),
    expect: () => ({ ...everyone, custom: NOT_FOUND, other: NOT_FOUND }),
    check: (_actor, r) => expect(deptNames(r)).toEqual(['A1']),
    write: false,
  },
  {
    name: 'GET Staff/List',
    setup: fixed(() => ({})),
    request: () => ({ method: 'GET', path: '/api/Staff/List?pageSize=200' }),
    expect: () => everyone,
    check: (actor, r) => expectStaff(actor, staffIds(r), ['sA', 'sA1', 'sB', 'sNone']),
    write: false,
  },
  {
    name: 'GET Staff/List filtered by A (with sub-departments) and searched',
    setup: fixed(() => ({ dept: fx.A })),
    request: (t) => ({ method: 'GET', path: `/api/Staff/List?affiliatedDept=${t.dept}&search=s&sortKey=staffName` }),
    expect: () => everyone,
    check: (actor, r) => {
      const seen = staffIds(r);
      expect(seen.has(fx.staff.sB) || seen.has(fx.staff.sNone)).toBe(false);
      expectStaff(actor, seen, ['sA', 'sA1']);
    },
    write: false,
  },
  {
    name: 'GET Staff/ChildList of B',
    setup: fixed(() => ({ dept: fx.B })),
    request: (t) => ({ method: 'GET', path: `/api/Staff/ChildList?affiliatedDept=${t.dept}` }),
    expect: () => everyone,
    check: (actor, r) => expectStaff(actor, staffIds(r), ['sB']),
    write: false,
  },
  {
    name: 'GET Role/List',
    setup: fixed(() => ({})),
    request: () => ({ method: 'GET', path: '/api/Role/List' }),
    expect: () => ({ ...everyone, noPerm: FORBIDDEN }),
    check: (actor, r) => expect((r as RoleListResult).roles.some((role) => role.id === fx.roleOrg)).toBe(actor !== 'other'),
    write: false,
  },
  {
    name: 'GET Role/Details',
    setup: fixed(() => ({ role: fx.roleOrg })),
    request: (t) => ({ method: 'GET', path: `/api/Role/Details?roleId=${t.role}` }),
    expect: () => ({ ...everyone, noPerm: FORBIDDEN, other: NOT_FOUND }),
    write: false,
  },
  {
    name: 'GET Permission/List',
    setup: fixed(() => ({})),
    request: () => ({ method: 'GET', path: '/api/Permission/List' }),
    expect: () => everyone,
    write: false,
  },
  {
    name: 'GET Permission/Details',
    setup: fixed(() => ({})),
    request: () => ({ method: 'GET', path: '/api/Permission/Details?permissionId=302' }),
    expect: () => everyone,
    write: false,
  },
  {
    name: 'GET ChildUser/List',
    setup: fixed(() => ({})),
    request: () => ({ method: 'GET', path: '/api/ChildUser/List' }),
    expect: () => ({ ...everyone, noPerm: FORBIDDEN }),
    check: (actor, r) => {
      const ids = new Set((r as ChildUserListResult).childUserInfos.map((u) => u.id));
      const view: Record<ActorName, (keyof typeof fx.users)[]> = {
        admin: ['uAll', 'uDept', 'uCustom', 'uNoPerm'],
        all: ['uAll', 'uDept', 'uCustom', 'uNoPerm'],
        dept: ['uAll', 'uDept', 'uNoPerm'],
        custom: ['uCustom'],
        noPerm: [],
        other: [],
      };
      for (const key of Object.keys(fx.users) as (keyof typeof fx.users)[]) {
        expect(ids.has(fx.users[key]), `${actor} sees ${key}`).toBe(view[actor].includes(key));
      }
    },
    write: false,
  },
  {
    name: 'GET ChildUser/ChildList of the Custom sub-user',
    setup: fixed(() => ({ user: fx.users.uCustom })),
    request: (t) => ({ method: 'GET', path: `/api/ChildUser/ChildList?childUserId=${t.user}` }),
    expect: () => ({ ...everyone, dept: NOT_FOUND, noPerm: FORBIDDEN, other: NOT_FOUND }),
    check: (_actor, r) => expect(deptNames(r)).toEqual(['B']),
    write: false,
  },
  {
    name: 'POST Department (create)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ parent: fx[where], name: unique('new') }),
    request: (t) => ({ method: 'POST', path: '/api/Department', body: { deptName: t.name, affiliatedDept: t.parent } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'POST Department (rename)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshDept(where) }),
    request: (t) => ({ method: 'POST', path: '/api/Department', body: { id: t.id, deptName: `Renamed ${t.id}` } }), // siblings' names differ (migration 009)
    expect: organizers,
    write: true,
  },
  {
    name: 'POST Department (move)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshDept(where), parent: await freshDept(where) }),
    request: (t) => ({ method: 'POST', path: '/api/Department', body: { id: t.id, affiliatedDept: t.parent } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'DELETE Department',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshDept(where) }),
    request: (t) => ({ method: 'DELETE', path: '/api/Department', body: { id: t.id } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'POST Staff (create)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ dept: fx[where] }),
    request: (t) => ({ method: 'POST', path: '/api/Staff', body: { staffName: 'New', affiliatedDept: t.dept } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'POST Staff (update)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshStaff(where) }),
    request: (t) => ({ method: 'POST', path: '/api/Staff', body: { id: t.id, staffName: 'Changed', position: 'Lead' } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'DELETE Staff',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshStaff(where) }),
    request: (t) => ({ method: 'DELETE', path: `/api/Staff?id=${t.id}` }),
    expect: organizers,
    write: true,
  },
  {
    name: 'POST Role (create)',
    setup: async () => ({ name: unique('role') }),
    request: (t) => ({ method: 'POST', path: '/api/Role', body: { roleName: t.name, permissions: [101, 201] } }),
    // The other company's admin creates the role in their own company: allowed, and this
    // company's rows stay as they were (checked below).
    expect: () => ({ ...roleWrites, other: 'ok' }),
    write: true,
  },
  {
    name: 'POST Role (update)',
    setup: async () => ({ id: await freshRole() }),
    request: (t) => ({ method: 'POST', path: '/api/Role', body: { id: t.id, roleName: unique('renamed'), permissions: [302] } }),
    expect: () => roleWrites,
    write: true,
  },
  {
    name: 'DELETE Role',
    setup: async () => ({ id: await freshRole() }),
    request: (t) => ({ method: 'DELETE', path: `/api/Role?id=${t.id}` }),
    expect: () => roleWrites,
    write: true,
  },
  {
    name: 'POST User/ChildRegister (open)',
    wheres: ['A1', 'B'],
    setup: freshOpening,
    request: (t) => ({
      method: 'POST',
      path: '/api/User/ChildRegister',
      body: { staffId: t.staffId, email: t.email, checkCode: t.checkCode, password: wirePassword('pw'), authorizationType: 'Dept' },
    }),
    expect: organizers,
    write: true,
  },
  {
    name: 'POST User/ChildRegister (change password and scope)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshSubUser(where) }),
    request: (t) => ({
      method: 'POST',
      path: '/api/User/ChildRegister',
      body: { id: t.id, password: wirePassword('changed'), authorizationType: 'Dept' },
    }),
    expect: organizers,
    write: true,
  },
  {
    name: 'POST User/Enable (disable)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshSubUser(where) }),
    request: (t) => ({ method: 'POST', path: '/api/User/Enable', body: { id: t.id, enable: 1 } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'DELETE User (close)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshSubUser(where) }),
    request: (t) => ({ method: 'DELETE', path: '/api/User', body: { id: t.id } }),
    expect: organizers,
    write: true,
  },
  {
    name: 'DELETE ChildUser (close)',
    wheres: ['A1', 'B'],
    setup: async (where) => ({ id: await freshSubUser(where) }),
    request: (t) => ({ method: 'DELETE', path: `/api/ChildUser?id=${t.id}` }),
    expect: organizers,
    write: true,
  },
];

// ---- running it --------------------------------------------------------------------------------

function send(actor: ActorName, req: Request) {
  return server.call(req.method, req.path, { token: tokens[actor], body: req.body, lang: 'en' });
}

/** The same request with every id replaced by one that exists nowhere. */
function withMissingIds(t: Targets): Targets {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'number' ? MISSING : v]));
}

/** This company's rows only: what another company's allowed call must leave alone. */
async function matrixCompanyRows(): Promise<string> {
  const parts: unknown[] = [];
  for (const sql of [
    "SELECT * FROM companies WHERE name = 'Matrix Co'",
    'SELECT * FROM departments WHERE company_id = (SELECT id FROM companies WHERE name = $1) ORDER BY id',
    'SELECT * FROM staff WHERE company_id = (SELECT id FROM companies WHERE name = $1) ORDER BY id',
    'SELECT * FROM roles WHERE company_id = (SELECT id FROM companies WHERE name = $1) ORDER BY id',
    'SELECT * FROM users WHERE company_id = (SELECT id FROM companies WHERE name = $1) ORDER BY id',
  ]) {
    parts.push((await server.db.query(sql, sql.includes('$1') ? ['Matrix Co'] : [])).rows);
  }
  return JSON.stringify(parts);
}

describe('access matrix', () => {
  for (const route of CASES) {
    for (const where of route.wheres ?? (['A1'] as Where[])) {
      const title = route.wheres ? `${route.name} on a target in ${where}` : route.name;
      describe(title, () => {
        for (const actor of ACTORS) {
          const expected = route.expect(where)[actor];
          it(`${actor}: ${expected === 'ok' ? 'allowed' : `refused (${expected})`}`, async () => {
            const targets = await route.setup(where);
            const before = await snapshot(server.db);
            const ownRows = await matrixCompanyRows();
            const result = await send(actor, route.request(targets));
            const after = await snapshot(server.db);
            if (expected === 'ok') {
              expect(result.body.statusCode, JSON.stringify(result.body)).toBe(0);
              route.check?.(actor, result.body.resultInfo);
              if (!route.write) expect(after).toEqual(before);
              else if (actor === 'other') expect(await matrixCompanyRows()).toEqual(ownRows);
              else expect(after).not.toEqual(before);
            } else {
              expect(result.body.statusCode, JSON.stringify(result.body)).toBe(expected);
              expect(after).toEqual(before);
              if (actor === 'other' && expected === NOT_FOUND) {
                // Exactly the reply to an id that exists nowhere: nothing reveals the row.
                const missing = await send(actor, route.request(withMissingIds(targets)));
                expect(result.body).toEqual(missing.body);
              }
            }
          });
        }
      });
    }
  }
});

describe('the role area of a company that is not VIP', () => {
  it('refuses role writes even to the admin, and changes nothing', async () => {
    const role = await freshRole();
    await setVip(server.db, 'matrix@example.com', false);
    try {
      const before = await snapshot(server.db);
      for (const req of [
        { method: 'POST', path: '/api/Role', body: { roleName: unique('role') } },
        { method: 'POST', path: '/api/Role', body: { id: role, roleName: unique('role') } },
        { method: 'DELETE', path: '/api/Role', body: { id: role } },
      ] as Request[]) {
        const result = await send('admin', req);
        expect(result.body).toEqual({ statusCode: 5, resultInfo: 'Roles and permissions are available to VIP companies only.' });
      }
      expect(await snapshot(server.db)).toEqual(before);
      // Reads stay open: the sub-user form still picks roles.
      expect((await send('admin', { method: 'GET', path: '/api/Role/List' })).body.statusCode).toBe(0);
    } finally {
      await setVip(server.db, 'matrix@example.com', true);
    }
  });

  it('answers 19 to every route without a session, and changes nothing', async () => {
    const requests: Request[] = [];
    for (const route of CASES) requests.push(route.request(await route.setup('A1')));
    const before = await snapshot(server.db);
    for (const req of requests) {
      const result = await server.call(req.method, req.path, { body: req.body, lang: 'en' });
      expect(result.body.statusCode, `${req.method} ${req.path}`).toBe(19);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});
