import { describe, expect, it } from 'vitest';
import type { DepartmentInfo } from '../../api/contract';
import {
  ancestorIds,
  branchIds,
  buildDeptTree,
  deptPathName,
  filterTree,
  flattenTree,
  moveProblem,
  subtreeIds,
} from './departmentTree';

const d = (id: number, deptName: string, affiliatedDept: number | null, staffCount = 0): DepartmentInfo => ({
  id,
  deptName,
  affiliatedDept,
  staffCount,
  version: 1,
});

// 公司 > 总部 > (行政部, 技术部 > 研发组); 公司 > 销售部. Given children-first on purpose.
const list = [
  d(5, '研发组', 4, 3),
  d(4, '技术部', 2, 2),
  d(3, '行政部', 2, 1),
  d(2, '总部', 1, 0),
  d(6, '销售部', 1, 4),
  d(1, 'ACME', null, 1),
];
const names = (nodes: { dept: DepartmentInfo }[]) => nodes.map((n) => n.dept.deptName);

describe('department tree from the flat list', () => {
  const tree = buildDeptTree(list);

  it('hangs each department under its parent, whatever the order of the list', () => {
    expect(names(tree.roots)).toEqual(['ACME']);
    const root = tree.roots[0];
    expect(names(root.children).sort()).toEqual(['总部', '销售部'].sort());
    expect(names(tree.byId.get(2)!.children).sort()).toEqual(['技术部', '行政部'].sort());
    expect(names(tree.byId.get(4)!.children)).toEqual(['研发组']);
    expect(tree.byId.get(5)!.depth).toBe(3);
    expect(flattenTree(tree)).toHaveLength(6);
  });

  it('sorts siblings by name (Chinese by pinyin) and counts staff of whole sub-trees', () => {
    // 销售部 xiāoshòu before 总部 zǒngbù; 行政部 xíngzhèng after 技术部 jìshù.
    expect(names(tree.roots[0].children)).toEqual(['销售部', '总部']);
    expect(names(tree.byId.get(2)!.children)).toEqual(['技术部', '行政部']);
    expect(tree.byId.get(4)!.totalStaff).toBe(5);
    expect(tree.byId.get(2)!.totalStaff).toBe(6);
    expect(tree.roots[0].totalStaff).toBe(11);
  });

  it('makes a department whose parent is not listed a top (a scoped sub-user sees sub-trees)', () => {
    const scoped = buildDeptTree([d(4, '技术部', 2), d(5, '研发组', 4), d(6, '销售部', 1)]);
    expect(names(scoped.roots)).toEqual(['技术部', '销售部']);
    expect(scoped.byId.get(5)!.depth).toBe(1);
  });

  it('survives a corrupt list with a cycle or a self-parent', () => {
    const broken = buildDeptTree([d(1, 'A', 2), d(2, 'B', 1), d(3, 'C', 3)]);
    expect(flattenTree(broken).map((n) => n.dept.id).sort()).toEqual([1, 2, 3]);
    expect(broken.roots.length).toBe(2);
  });

  it('lists sub-trees, ancestors and paths', () => {
    expect([...subtreeIds(tree, 2)].sort()).toEqual([2, 3, 4, 5]);
    expect([...subtreeIds(tree, 99)]).toEqual([]);
    expect(ancestorIds(tree, 5)).toEqual([1, 2, 4]);
    expect(deptPathName(tree, 5)).toBe('ACME / 总部 / 技术部 / 研发组');
    expect(branchIds(tree).sort()).toEqual([1, 2, 4]);
  });

  it('refuses the moves spec section 5 forbids', () => {
    expect(moveProblem(tree, 1, 6)).toBe('root');
    expect(moveProblem(tree, 2, 2)).toBe('intoOwnBranch');
    expect(moveProblem(tree, 2, 5)).toBe('intoOwnBranch');
    expect(moveProblem(tree, 4, 2)).toBe('chooseAnother');
    expect(moveProblem(tree, 4, 6)).toBeNull();
    expect(moveProblem(tree, 4, 99)).toBe('unknown');
  });

  it('filters by name keeping the path to each match and its sub-tree', () => {
    expect(filterTree(tree, '  ')).toBeNull();
    expect([...filterTree(tree, '技术')!].sort()).toEqual([1, 2, 4, 5]);
    expect([...filterTree(tree, 'acme')!].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(filterTree(tree, 'nothing')!.size).toBe(0);
  });
});
