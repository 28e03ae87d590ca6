import { describe, expect, it, vi, type Mock } from 'vitest';
import type { ApiResult } from '../../api/client';
import type { ChildUserApi } from '../../api/childUser';
import type { ChildUserInfo, DepartmentInfo, RoleInfo, StaffInfo } from '../../api/contract';
import type { DepartmentApi } from '../../api/department';
import type { RoleApi } from '../../api/role';
import type { StaffApi } from '../../api/staff';
import { createOrgStore, type OrgApis } from './orgStore';

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data });
const refused = (message: string, code = 30): ApiResult<never> => ({ ok: false, kind: 'response', code, message });

const dept = (id: number, deptName: string, affiliatedDept: number | null, staffCount = 0): DepartmentInfo => ({
  id,
  deptName,
  affiliatedDept,
  staffCount,
  version: 1,
});

const staff = (id: number, staffName: string, affiliatedDept: number | null, extra: Partial<StaffInfo> = {}): StaffInfo => ({
  id,
  staffName,
  position: '',
  jobNumber: '',
  affiliatedDept,
  deptName: affiliatedDept === null ? null : `dept ${affiliatedDept}`,
  workingStatus: 'active',
  userId: null,
  userEnabled: null,
  version: 1,
  ...extra,
});

const subUser = (id: number, staffId: number, extra: Partial<ChildUserInfo> = {}): ChildUserInfo => ({
  id,
  staffId,
  staffName: `staff ${staffId}`,
  affiliatedDept: 2,
  phoneNumber: null,
  email: `u${id}@x.test`,
  enabled: true,
  roleId: null,
  roleName: null,
  permissions: [],
  authorizationType: 'Dept',
  authorizedDepts: [2],
  version: 1,
  ...extra,
});

const role = (id: number, roleName: string, permissions: number[] = [], userCount = 0): RoleInfo => ({
  id,
  roleName,
  permissions,
  userCount,
  version: 1,
});

type Fake<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? Mock<T[K]> : never };

/** A fake API object: every call is a vi.fn the test sets up; an unset one fails loudly. */
function fake<T>(name: string, keys: Array<keyof T>): Fake<T> {
  const entries = keys.map((key) => [
    key,
    vi.fn(async () => {
      throw new Error(`unexpected call ${name}.${String(key)}`);
    }),
  ]);
  return Object.fromEntries(entries) as Fake<T>;
}

function fakeApis() {
  return {
    departments: fake<DepartmentApi>('departments', ['list', 'children', 'create', 'rename', 'move', 'remove']),
    staff: fake<StaffApi>('staff', ['list', 'children', 'save', 'remove']),
    childUsers: fake<ChildUserApi>('childUsers', ['list', 'departments', 'open', 'change', 'setEnabled', 'close']),
    roles: fake<RoleApi>('roles', ['list', 'details', 'save', 'remove', 'permissions']),
  } satisfies OrgApis;
}

async function loadedStore() {
  const apis = fakeApis();
  apis.departments.list.mockResolvedValue(ok({ departments: [dept(1, 'ACME', null, 1), dept(2, '技术部', 1, 2), dept(3, '行政部', 1, 0)] }));
  apis.staff.list.mockResolvedValue(ok({ staffs: [staff(10, '张三', 2), staff(11, '李四', 2, { userId: 50, userEnabled: true })], total: 2 }));
  apis.childUsers.list.mockResolvedValue(ok({ childUserInfos: [subUser(50, 11, { roleId: 7, roleName: '管理员', permissions: [302] })] }));
  apis.roles.list.mockResolvedValue(ok({ roles: [role(7, '管理员', [302], 1)] }));
  const store = createOrgStore(apis);
  await store.loadDepartments();
  await store.fetchStaffPage({ pageIndex: 1 });
  await store.loadChildUsers();
  await store.loadRoles();
  return { apis, store, state: store.state };
}

const countOf = (state: { departments: DepartmentInfo[] | null }, id: number) => state.departments!.find((d) => d.id === id)!.staffCount;

describe('organisation cache', () => {
  it('loads a collection once and shares a call in flight', async () => {
    const apis = fakeApis();
    apis.departments.list.mockResolvedValue(ok({ departments: [dept(1, 'ACME', null)] }));
    const store = createOrgStore(apis);
    await Promise.all([store.loadDepartments(), store.loadDepartments()]);
    await store.loadDepartments();
    expect(apis.departments.list).toHaveBeenCalledTimes(1);
    await store.loadDepartments(true);
    expect(apis.departments.list).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing from a failed load and reports its message', async () => {
    const apis = fakeApis();
    apis.departments.list.mockResolvedValue(refused('网络异常！', 0));
    const store = createOrgStore(apis);
    expect(await store.loadDepartments()).toMatchObject({ ok: false, message: '网络异常！' });
    expect(store.state.departments).toBeNull();
  });

  it('drops answers that arrive after a reset (another user signed in)', async () => {
    const apis = fakeApis();
    let answer!: (r: ApiResult<{ departments: DepartmentInfo[] }>) => void;
    apis.departments.list.mockReturnValue(new Promise((r) => (answer = r)));
    const store = createOrgStore(apis);
    const pending = store.loadDepartments();
    store.reset();
    answer(ok({ departments: [dept(1, 'Old company', null)] }));
    await pending;
    expect(store.state.departments).toBeNull();
  });

  it('adds, renames, moves and removes departments in the cached list', async () => {
    const { apis, store, state } = await loadedStore();
    apis.departments.create.mockResolvedValue(ok(dept(4, '研发组', 2)));
    await store.createDepartment(' 研发组 ', 2);
    expect(apis.departments.create).toHaveBeenCalledWith('研发组', 2);
    expect(state.departments!.map((d) => d.id)).toEqual([1, 2, 3, 4]);

    const revision = state.staffRevision;
    apis.departments.rename.mockResolvedValue(ok(dept(2, '研发中心', 1, 2)));
    await store.renameDepartment(2, 1, '研发中心');
    expect(apis.departments.rename).toHaveBeenCalledWith(2, 1, '研发中心'); // the version it was loaded at
    expect(state.departments!.find((d) => d.id === 2)!.deptName).toBe('研发中心');
    expect(state.staff[10].deptName).toBe('研发中心'); // the staff rows show the new name at once
    expect(state.staffRevision).toBe(revision + 1);

    apis.departments.move.mockResolvedValue(ok(dept(4, '研发组', 3)));
    await store.moveDepartment(4, 1, 3);
    expect(state.departments!.find((d) => d.id === 4)!.affiliatedDept).toBe(3);
    expect(state.staffRevision).toBe(revision + 2); // department filters keep other staff now

    apis.departments.remove.mockResolvedValueOnce(refused('该部门下还有 2 名员工，不能删除。'));
    expect(await store.deleteDepartment(2, 1)).toMatchObject({ ok: false, message: '该部门下还有 2 名员工，不能删除。' });
    expect(state.departments!.some((d) => d.id === 2)).toBe(true);
    apis.departments.remove.mockResolvedValueOnce(ok(null));
    await store.deleteDepartment(4, 1);
    expect(state.departments!.some((d) => d.id === 4)).toBe(false);
  });

  it('tells the session when the root (the company) is renamed', async () => {
    const apis = fakeApis();
    apis.departments.list.mockResolvedValue(ok({ departments: [dept(1, 'ACME', null)] }));
    apis.departments.rename.mockResolvedValue(ok(dept(1, 'ACME Group', null)));
    const onCompanyRenamed = vi.fn();
    const store = createOrgStore(apis, { onCompanyRenamed });
    await store.loadDepartments();
    await store.renameDepartment(1, 1, 'ACME Group');
    expect(onCompanyRenamed).toHaveBeenCalledWith('ACME Group');
  });

  it('keeps staff counts right as staff are added, moved and deleted', async () => {
    const { apis, store, state } = await loadedStore();
    const revision = state.staffRevision;
    apis.staff.save.mockResolvedValueOnce(ok(staff(12, '王五', 3)));
    await store.saveStaff({ staffName: '王五', affiliatedDept: 3 });
    expect(countOf(state, 3)).toBe(1);
    expect(state.staff[12].staffName).toBe('王五');
    expect(state.staffRevision).toBe(revision + 1);

    apis.staff.save.mockResolvedValueOnce(ok(staff(10, '张三', 3)));
    await store.saveStaff({ id: 10, staffName: '张三', affiliatedDept: 3 });
    expect(countOf(state, 2)).toBe(1);
    expect(countOf(state, 3)).toBe(2);

    apis.staff.remove.mockResolvedValueOnce(ok(null));
    await store.deleteStaff(10, 1);
    expect(countOf(state, 3)).toBe(1);
    expect(state.staff[10]).toBeUndefined();
  });

  it('reloads the counts when an edited record was never seen', async () => {
    const { apis, store } = await loadedStore();
    apis.staff.save.mockResolvedValueOnce(ok(staff(99, '赵六', 3)));
    await store.saveStaff({ id: 99, staffName: '赵六', affiliatedDept: 3 });
    expect(apis.departments.list).toHaveBeenCalledTimes(2);
  });

  it('renames a staff member in their sub-user, and deleting them closes it', async () => {
    const { apis, store, state } = await loadedStore();
    apis.staff.save.mockResolvedValueOnce(ok(staff(11, '李四四', 3, { userId: 50, userEnabled: true })));
    await store.saveStaff({ id: 11, staffName: '李四四', affiliatedDept: 3 });
    expect(state.childUsers![0]).toMatchObject({ staffName: '李四四', affiliatedDept: 3 });

    apis.staff.remove.mockResolvedValueOnce(ok(null));
    await store.deleteStaff(11, 1);
    expect(state.childUsers).toEqual([]);
    expect(apis.roles.list).toHaveBeenCalledTimes(2); // the role's user count changed on the server
  });

  it('shows a sub-user opened, disabled, enabled and closed on its staff row', async () => {
    const { apis, store, state } = await loadedStore();
    apis.childUsers.open.mockResolvedValue(ok(subUser(51, 10, { roleId: 7 })));
    await store.openSubUser({ staffId: 10, account: { email: 'z@x.test' }, checkCode: '123456', password: 'secret1', roleId: 7, authorizationType: 'Dept', authorizedDepts: [] });
    expect(state.staff[10]).toMatchObject({ userId: 51, userEnabled: true });
    expect(store.subUserOf(10)?.id).toBe(51);
    expect(apis.roles.list).toHaveBeenCalledTimes(2);

    apis.childUsers.setEnabled.mockResolvedValueOnce(ok(subUser(51, 10, { enabled: false })));
    await store.setSubUserEnabled(51, 1, false);
    expect(apis.childUsers.setEnabled).toHaveBeenCalledWith(51, 1, false);
    expect(state.staff[10].userEnabled).toBe(false);
    expect(store.subUserOf(10)?.enabled).toBe(false);

    apis.childUsers.setEnabled.mockResolvedValueOnce(refused('没有权限执行此操作。', 5));
    await store.setSubUserEnabled(51, 2, true);
    expect(state.staff[10].userEnabled).toBe(false); // a refusal changes nothing

    apis.childUsers.close.mockResolvedValue(ok(null));
    await store.closeSubUser(51, 3, 10);
    expect(state.staff[10]).toMatchObject({ userId: null, userEnabled: null });
    expect(store.subUserOf(10)).toBeUndefined();
  });

  it('passes role changes on to the sub-users holding the role', async () => {
    const { apis, store, state } = await loadedStore();
    apis.roles.save.mockResolvedValueOnce(ok(role(7, '部门管理员', [101, 302], 1)));
    await store.saveRole({ id: 7, roleName: ' 部门管理员 ', permissions: [101, 302] });
    expect(apis.roles.save).toHaveBeenCalledWith({ id: 7, roleName: '部门管理员', permissions: [101, 302] });
    expect(state.roles![0].roleName).toBe('部门管理员');
    expect(state.childUsers![0]).toMatchObject({ roleName: '部门管理员', permissions: [101, 302] });

    apis.roles.save.mockResolvedValueOnce(refused('角色名称已存在', 29));
    expect(await store.saveRole({ roleName: '部门管理员' })).toMatchObject({ ok: false, code: 29 });
    expect(state.roles).toHaveLength(1);

    apis.roles.remove.mockResolvedValueOnce(ok(null));
    await store.deleteRole(7, 1);
    expect(state.roles).toEqual([]);
  });

  it('keeps the records of fetched pages and bounds how many it keeps', async () => {
    const apis = fakeApis();
    const many = Array.from({ length: 200 }, (_, i) => staff(i + 1, `s${i}`, 1));
    apis.staff.list.mockResolvedValue(ok({ staffs: many, total: 5000 }));
    const store = createOrgStore(apis);
    for (let i = 0; i < 12; i++) {
      const page = await store.fetchStaffPage({ pageIndex: i + 1, pageSize: 200 });
      expect(page).toMatchObject({ ok: true, data: { total: 5000 } });
      many.forEach((s) => (s.id += 200));
    }
    const kept = Object.keys(store.state.staff).length;
    expect(kept).toBeLessThanOrEqual(2000);
    expect(kept).toBeGreaterThanOrEqual(200);
  });
});
