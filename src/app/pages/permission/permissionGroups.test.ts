import { describe, expect, it } from 'vitest';
import type { PermissionInfo } from '../../../api/contract';
import { groupState, permissionSections, samePermissions, toggleGroup } from './permissionGroups';

const entry = (id: number, group: PermissionInfo['group'], zh: string, en: string): PermissionInfo => ({
  id,
  group,
  name: { zh, en },
  groupName: { zh: `${group}组`, en: `${group} group` },
});

describe('permission matrix', () => {
  it('groups every code of spec section 6 as asset / inventory / system without a catalogue', () => {
    const sections = permissionSections(null, 'zh-CN');
    expect(sections.map((s) => [s.group, s.entries.map((e) => e.code)])).toEqual([
      ['asset', [101, 102, 103, 104, 105, 106, 107, 108]],
      ['inventory', [201]],
      ['system', [301, 302, 303]],
    ]);
    expect(sections[0].name).toBeNull();
  });

  it('names codes and groups from the catalogue in the UI language', () => {
    const catalogue = [entry(101, 'asset', '资产新增', 'Add assets'), entry(302, 'system', '组织架构', 'Organization')];
    const en = permissionSections(catalogue, 'en');
    expect(en[0].entries[0]).toEqual({ code: 101, name: 'Add assets' });
    expect(en[0].entries[1]).toEqual({ code: 102, name: null });
    expect(en[2]).toMatchObject({ name: 'system group', entries: [{ code: 301, name: null }, { code: 302, name: 'Organization' }, { code: 303, name: null }] });
    expect(permissionSections(catalogue, 'zh-CN')[2].entries[1].name).toBe('组织架构');
  });

  it('ticks a group as all, some or none, and toggles it whole', () => {
    const [asset, inventory, system] = permissionSections(null, 'en');
    const held = new Set([101, 302]);
    expect(groupState(asset, held)).toBe('mixed');
    expect(groupState(inventory, held)).toBe(false);
    expect(groupState(system, new Set([301, 302, 303]))).toBe(true);
    expect(toggleGroup(system, held, true)).toEqual([101, 301, 302, 303]);
    expect(toggleGroup(asset, held, false)).toEqual([302]);
  });

  it('compares permission lists as sets', () => {
    expect(samePermissions([302, 101], [101, 302, 302])).toBe(true);
    expect(samePermissions([101], [101, 102])).toBe(false);
  });
});
