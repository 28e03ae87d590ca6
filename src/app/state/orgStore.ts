/**
 * The shared client cache of the organisation (spec section 1): departments, staff,
 * sub-users, and the roles and permission catalogue they refer to, in one valtio store.
 *
 * Every write goes through this store: it calls the API and, on success, brings every
 * cached collection the change touches up to date, so each page reading the store sees it:
 *
 *   department created / renamed / moved / deleted   the list; staff rows show the new name;
 *                                                    a rename (sort order) or a move (what a
 *                                                    department filter keeps) refetches the
 *                                                    paged staff lists; renaming the root
 *                                                    renames the company (the session)
 *   staff saved / deleted                            the record; staff counts of the old and
 *                                                    new department; the staff member's
 *                                                    sub-user (name, department; gone on delete)
 *   sub-user opened / changed / enabled / closed     the sub-user list; the staff row's state
 *   role saved / deleted                             the roles; sub-users holding the role
 *
 * Paged staff lists are fetched per query (SWR, keyed with `staffRevision`); their rows are
 * kept here by id, so a change to one record shows at once, and `staffRevision` moves on
 * each staff change so the pages refetch (a new member may now fall on another page).
 *
 * A server-side effect the client cannot derive (a role's user count) is refetched.
 * The factory takes the API objects, so tests drive the store against fakes.
 */
import { proxy } from 'valtio';
import type { ApiResult } from '../../api/client';
import type { ChangeSubUserInput, ChildUserApi, OpenSubUserInput } from '../../api/childUser';
import type {
  ChildUserInfo,
  DepartmentInfo,
  PermissionInfo,
  RoleInfo,
  RoleSetRequest,
  StaffInfo,
  StaffListQuery,
  StaffSetRequest,
} from '../../api/contract';
import type { DepartmentApi } from '../../api/department';
import type { RoleApi } from '../../api/role';
import type { StaffApi } from '../../api/staff';

export interface OrgApis {
  departments: DepartmentApi;
  staff: StaffApi;
  childUsers: ChildUserApi;
  roles: RoleApi;
}

export interface OrgStoreOptions {
  /** The root department was renamed: it is the company, whose name the session shows. */
  onCompanyRenamed?: (name: string) => void;
}

export interface OrgState {
  /** Every department the user sees, as the server lists them; null until loaded. */
  departments: DepartmentInfo[] | null;
  /** Staff records seen so far (pages of the staff list, saved records), by id. */
  staff: Record<number, StaffInfo>;
  /** Moves on every staff change: paged staff lists key on it and refetch. */
  staffRevision: number;
  childUsers: ChildUserInfo[] | null;
  roles: RoleInfo[] | null;
  permissions: PermissionInfo[] | null;
}

/** One page of the staff list: ids into `state.staff`, in the server's order. */
export interface StaffPage {
  ids: number[];
  total: number;
}

/** Staff records kept at most; beyond it, records not on the newest page are dropped. */
export const STAFF_CACHE_LIMIT = 2000;

type Collection = 'departments' | 'childUsers' | 'roles' | 'permissions';

function emptyState(): OrgState {
  return { departments: null, staff: {}, staffRevision: 0, childUsers: null, roles: null, permissions: null };
}

/** Replaces the item with the same id, or appends it. */
function upsert<T extends { id: number }>(list: T[], item: T): void {
  const at = list.findIndex((x) => x.id === item.id);
  if (at >= 0) list[at] = item;
  else list.push(item);
}

function removeWhere<T>(list: T[], drop: (item: T) => boolean): void {
  for (let i = list.length - 1; i >= 0; i--) if (drop(list[i])) list.splice(i, 1);
}

export function createOrgStore(apis: OrgApis, options: OrgStoreOptions = {}) {
  const state = proxy<OrgState>(emptyState());
  /** Bumped by reset(): answers to calls made before it are dropped. */
  let generation = 0;
  const inFlight = new Map<Collection, Promise<ApiResult<unknown>>>();

  /** Loads a whole collection once (again with force); concurrent callers share the call. */
  function load<T>(
    name: Collection,
    force: boolean,
    call: () => Promise<ApiResult<T>>,
    store: (data: T) => void,
  ): Promise<ApiResult<null>> {
    if (!force && state[name] !== null) return Promise.resolve({ ok: true, data: null });
    const pending = inFlight.get(name);
    if (pending && !force) return pending.then((r) => (r.ok ? { ok: true, data: null } : r));
    const started = generation;
    const request = call().then((result) => {
      if (result.ok && started === generation) store(result.data);
      return result;
    });
    const shared = request.finally(() => {
      if (inFlight.get(name) === shared) inFlight.delete(name);
    });
    inFlight.set(name, shared);
    return shared.then((r) => (r.ok ? { ok: true, data: null } : r));
  }

  const loadDepartments = (force = false) =>
    load('departments', force, apis.departments.list, (d) => (state.departments = d.departments));
  const loadChildUsers = (force = false) =>
    load('childUsers', force, apis.childUsers.list, (d) => (state.childUsers = d.childUserInfos));
  const loadRoles = (force = false) => load('roles', force, apis.roles.list, (d) => (state.roles = d.roles));
  const loadPermissions = (force = false) =>
    load('permissions', force, apis.roles.permissions, (d) => (state.permissions = d.permissions));

  /** Reloads a collection only if some page has loaded it (its counts changed on the server). */
  const refreshIfLoaded = (name: Collection) => {
    const loaders = { departments: loadDepartments, childUsers: loadChildUsers, roles: loadRoles, permissions: loadPermissions };
    if (state[name] !== null) void loaders[name](true);
  };

  /** Moves one staff member between departments in the departments' direct counts. */
  function shiftStaffCount(from: number | null, to: number | null): void {
    if (!state.departments || from === to) return;
    for (const dept of state.departments) {
      if (dept.id === from) dept.staffCount = Math.max(0, dept.staffCount - 1);
      if (dept.id === to) dept.staffCount += 1;
    }
  }

  /** The staff row's view of its sub-user. */
  function setStaffSubUser(staffId: number, userId: number | null, enabled: boolean | null): void {
    const record = state.staff[staffId];
    if (!record) return;
    record.userId = userId;
    record.userEnabled = enabled;
  }

  return {
    state,

    /** Forgets everything (another user signed in, or nobody). */
    reset(): void {
      generation += 1;
      inFlight.clear();
      Object.assign(state, emptyState());
    },

    loadDepartments,
    loadChildUsers,
    loadRoles,
    loadPermissions,

    // ---- reloading one record (a form's save was refused: someone else changed it) ------
    // Each answers the record as it is now, null when it is gone, or the call's refusal.

    async reloadDepartment(id: number): Promise<ApiResult<DepartmentInfo | null>> {
      const result = await loadDepartments(true);
      if (!result.ok) return result;
      return { ok: true, data: state.departments?.find((d) => d.id === id) ?? null };
    },

    /** Looks in `deptId` first (the staff member's department when loaded), then everywhere. */
    async reloadStaff(id: number, deptId: number | null): Promise<ApiResult<StaffInfo | null>> {
      for (const where of deptId === null ? [undefined] : [deptId, undefined]) {
        const result = await apis.staff.children(where);
        if (!result.ok) return result;
        const found = result.data.staffs.find((s) => s.id === id);
        if (found) {
          state.staff[id] = found;
          state.staffRevision += 1;
          return { ok: true, data: found };
        }
      }
      return { ok: true, data: null };
    },

    async reloadSubUser(id: number): Promise<ApiResult<ChildUserInfo | null>> {
      const result = await loadChildUsers(true);
      if (!result.ok) return result;
      return { ok: true, data: state.childUsers?.find((c) => c.id === id) ?? null };
    },

    async reloadRole(id: number): Promise<ApiResult<RoleInfo | null>> {
      const result = await loadRoles(true);
      if (!result.ok) return result;
      return { ok: true, data: state.roles?.find((r) => r.id === id) ?? null };
    },

    // ---- departments -------------------------------------------------------------------

    async createDepartment(deptName: string, parentId: number | null): Promise<ApiResult<DepartmentInfo>> {
      const result = await apis.departments.create(deptName.trim(), parentId);
      if (result.ok && state.departments) upsert(state.departments, result.data);
      return result;
    },

    async renameDepartment(id: number, version: number, deptName: string): Promise<ApiResult<DepartmentInfo>> {
      const result = await apis.departments.rename(id, version, deptName.trim());
      if (!result.ok) return result;
      const dept = result.data;
      if (state.departments) upsert(state.departments, dept);
      for (const record of Object.values(state.staff)) if (record.affiliatedDept === dept.id) record.deptName = dept.deptName;
      // Lists sorted by department name may change order.
      state.staffRevision += 1;
      if (dept.affiliatedDept === null) options.onCompanyRenamed?.(dept.deptName);
      return result;
    },

    async moveDepartment(id: number, version: number, parentId: number): Promise<ApiResult<DepartmentInfo>> {
      const result = await apis.departments.move(id, version, parentId);
      if (!result.ok) return result;
      if (state.departments) upsert(state.departments, result.data);
      state.staffRevision += 1;
      return result;
    },

    async deleteDepartment(id: number, version: number): Promise<ApiResult<null>> {
      const result = await apis.departments.remove(id, version);
      if (result.ok && state.departments) removeWhere(state.departments, (d) => d.id === id);
      return result;
    },

    // ---- staff -------------------------------------------------------------------------

    /** Fetches one page of the staff list and keeps its records. */
    async fetchStaffPage(query: StaffListQuery): Promise<ApiResult<StaffPage>> {
      const started = generation;
      const result = await apis.staff.list(query);
      if (!result.ok) return result;
      if (started === generation) {
        if (Object.keys(state.staff).length + result.data.staffs.length > STAFF_CACHE_LIMIT) state.staff = {};
        for (const record of result.data.staffs) state.staff[record.id] = record;
      }
      return { ok: true, data: { ids: result.data.staffs.map((s) => s.id), total: result.data.total } };
    },

    async saveStaff(request: StaffSetRequest): Promise<ApiResult<StaffInfo>> {
      const previous = request.id === undefined ? undefined : state.staff[request.id];
      const before = previous ? { ...previous } : undefined;
      const result = await apis.staff.save(request);
      if (!result.ok) return result;
      const saved = result.data;
      state.staff[saved.id] = saved;
      if (request.id === undefined) shiftStaffCount(null, saved.affiliatedDept);
      else if (before) shiftStaffCount(before.affiliatedDept, saved.affiliatedDept);
      else refreshIfLoaded('departments');
      const subUser = state.childUsers?.find((c) => c.staffId === saved.id);
      if (subUser) {
        subUser.staffName = saved.staffName;
        subUser.affiliatedDept = saved.affiliatedDept;
      }
      state.staffRevision += 1;
      return result;
    },

    /** Deletes a staff member; the server closes their sub-user with them. */
    async deleteStaff(id: number, version: number): Promise<ApiResult<null>> {
      const previous = state.staff[id] ? { ...state.staff[id] } : undefined;
      const result = await apis.staff.remove(id, version);
      if (!result.ok) return result;
      delete state.staff[id];
      if (previous) shiftStaffCount(previous.affiliatedDept, null);
      else refreshIfLoaded('departments');
      const hadSubUser = previous?.userId != null || state.childUsers?.some((c) => c.staffId === id);
      if (state.childUsers) removeWhere(state.childUsers, (c) => c.staffId === id);
      if (hadSubUser) refreshIfLoaded('roles');
      state.staffRevision += 1;
      return result;
    },

    // ---- sub-users ---------------------------------------------------------------------

    /** The sub-user of a staff member, when the list is loaded and holds one. */
    subUserOf(staffId: number): ChildUserInfo | undefined {
      return state.childUsers?.find((c) => c.staffId === staffId);
    },

    async openSubUser(input: OpenSubUserInput): Promise<ApiResult<ChildUserInfo>> {
      const result = await apis.childUsers.open(input);
      if (!result.ok) return result;
      if (state.childUsers) upsert(state.childUsers, result.data);
      setStaffSubUser(result.data.staffId, result.data.id, result.data.enabled);
      if (result.data.roleId !== null) refreshIfLoaded('roles');
      return result;
    },

    async changeSubUser(id: number, version: number, input: ChangeSubUserInput): Promise<ApiResult<ChildUserInfo>> {
      const before = state.childUsers?.find((c) => c.id === id)?.roleId;
      const result = await apis.childUsers.change(id, version, input);
      if (!result.ok) return result;
      if (state.childUsers) upsert(state.childUsers, result.data);
      setStaffSubUser(result.data.staffId, result.data.id, result.data.enabled);
      if (before !== result.data.roleId) refreshIfLoaded('roles');
      return result;
    },

    async setSubUserEnabled(id: number, version: number, enabled: boolean): Promise<ApiResult<ChildUserInfo>> {
      const result = await apis.childUsers.setEnabled(id, version, enabled);
      if (!result.ok) return result;
      if (state.childUsers) upsert(state.childUsers, result.data);
      setStaffSubUser(result.data.staffId, result.data.id, result.data.enabled);
      return result;
    },

    /** Closes a sub-user; `staffId` is its staff member (whose row then shows "not opened"). */
    async closeSubUser(id: number, version: number, staffId: number): Promise<ApiResult<null>> {
      const result = await apis.childUsers.close(id, version);
      if (!result.ok) return result;
      if (state.childUsers) removeWhere(state.childUsers, (c) => c.id === id);
      setStaffSubUser(staffId, null, null);
      refreshIfLoaded('roles');
      return result;
    },

    // ---- roles -------------------------------------------------------------------------

    async saveRole(request: RoleSetRequest): Promise<ApiResult<RoleInfo>> {
      const result = await apis.roles.save({ ...request, roleName: request.roleName.trim() });
      if (!result.ok) return result;
      const role = result.data;
      if (state.roles) upsert(state.roles, role);
      for (const subUser of state.childUsers ?? []) {
        if (subUser.roleId !== role.id) continue;
        subUser.roleName = role.roleName;
        subUser.permissions = [...role.permissions];
      }
      return result;
    },

    async deleteRole(id: number, version: number): Promise<ApiResult<null>> {
      const result = await apis.roles.remove(id, version);
      if (result.ok && state.roles) removeWhere(state.roles, (r) => r.id === id);
      return result;
    },
  };
}

export type OrgStore = ReturnType<typeof createOrgStore>;
