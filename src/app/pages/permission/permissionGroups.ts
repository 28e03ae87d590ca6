/**
 * The permission matrix's layout (spec section 6): groups asset / inventory / system, each
 * with its codes, named from the server's catalogue in the UI language, else from the
 * app's own texts. Pure, so the grouping and the group check state are unit-tested.
 */
import { ALL_PERMISSIONS, type PermissionGroup, type PermissionInfo } from '../../../api/contract';

export const GROUP_ORDER: readonly PermissionGroup[] = ['asset', 'inventory', 'system'];

export interface PermissionEntry {
  code: number;
  /** From the catalogue; null: use the app's text for the code. */
  name: string | null;
}

export interface PermissionSection {
  group: PermissionGroup;
  /** From the catalogue; null: use the app's text for the group. */
  name: string | null;
  entries: PermissionEntry[];
}

/** The group of a code when the catalogue is not loaded: by its hundreds (1xx asset, ...). */
function groupOfCode(code: number): PermissionGroup {
  return code < 200 ? 'asset' : code < 300 ? 'inventory' : 'system';
}

export function permissionSections(
  catalogue: readonly PermissionInfo[] | null,
  language: 'zh-CN' | 'en',
): PermissionSection[] {
  const lang = language === 'en' ? 'en' : 'zh';
  const known = new Map((catalogue ?? []).map((p) => [p.id, p]));
  const codes = [...new Set([...ALL_PERMISSIONS, ...known.keys()])].sort((a, b) => a - b);
  return GROUP_ORDER.map((group) => {
    const entries = codes
      .filter((code) => (known.get(code)?.group ?? groupOfCode(code)) === group)
      .map((code) => ({ code, name: known.get(code)?.name[lang] ?? null }));
    const first = (catalogue ?? []).find((p) => p.group === group);
    return { group, name: first?.groupName[lang] ?? null, entries };
  }).filter((s) => s.entries.length > 0);
}

/** A group's checkbox: all of its codes held, some, or none. */
export function groupState(section: PermissionSection, held: ReadonlySet<number>): boolean | 'mixed' {
  const n = section.entries.filter((e) => held.has(e.code)).length;
  return n === 0 ? false : n === section.entries.length ? true : 'mixed';
}

/** Ticks or unticks every code of a group; the result is ascending. */
export function toggleGroup(section: PermissionSection, held: ReadonlySet<number>, on: boolean): number[] {
  const next = new Set(held);
  for (const e of section.entries) {
    if (on) next.add(e.code);
    else next.delete(e.code);
  }
  return [...next].sort((a, b) => a - b);
}

export function samePermissions(a: readonly number[], b: readonly number[]): boolean {
  const x = [...new Set(a)].sort((p, q) => p - q);
  const y = [...new Set(b)].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
