/**
 * The department tree built from the flat list the server sends (parents first, each row
 * naming its parent). The root is the company itself; a scoped sub-user's list holds only
 * the sub-trees of their scope, so a department whose parent is absent is a top of their
 * tree. Pure functions: the cache keeps the flat list, views build the tree when it changes.
 */
import type { DepartmentInfo } from '../../api/contract';

export interface DeptNode {
  dept: DepartmentInfo;
  parent: DeptNode | null;
  children: DeptNode[];
  /** 0 for a top of the tree. */
  depth: number;
  /** Staff in this department and all its sub-departments. */
  totalStaff: number;
}

export interface DeptTree {
  /** The tops: the root for most users; several for a scoped sub-user. */
  roots: DeptNode[];
  byId: ReadonlyMap<number, DeptNode>;
}

const collator = new Intl.Collator(['zh-CN', 'en'], { numeric: true, sensitivity: 'base' });

/** Children in name order (then id), whatever order the list arrives in. */
function byName(a: DeptNode, b: DeptNode): number {
  return collator.compare(a.dept.deptName, b.dept.deptName) || a.dept.id - b.dept.id;
}

export function buildDeptTree(list: readonly DepartmentInfo[]): DeptTree {
  const byId = new Map<number, DeptNode>();
  for (const dept of list) {
    if (!byId.has(dept.id)) byId.set(dept.id, { dept, parent: null, children: [], depth: 0, totalStaff: 0 });
  }
  const roots: DeptNode[] = [];
  for (const node of byId.values()) {
    const parentId = node.dept.affiliatedDept;
    const parent = parentId === null ? undefined : byId.get(parentId);
    if (parent && parent !== node) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  // Depths and totals from the tops down. A corrupt list with a cycle never reaches the
  // nodes of that cycle from a top: they are cut loose and shown as tops.
  const reached = new Set<DeptNode>();
  const visit = (node: DeptNode, depth: number): number => {
    reached.add(node);
    node.depth = depth;
    node.children.sort(byName);
    node.totalStaff = node.dept.staffCount;
    for (const child of node.children) node.totalStaff += visit(child, depth + 1);
    return node.totalStaff;
  };
  roots.sort(byName);
  for (const root of roots) visit(root, 0);
  for (const node of byId.values()) {
    if (reached.has(node)) continue;
    node.parent?.children.splice(node.parent.children.indexOf(node), 1);
    node.parent = null;
    roots.push(node);
    visit(node, 0);
  }
  return { roots, byId };
}

/** Every node, depth first in display order. */
export function flattenTree(tree: DeptTree): DeptNode[] {
  const out: DeptNode[] = [];
  const walk = (node: DeptNode) => {
    out.push(node);
    node.children.forEach(walk);
  };
  tree.roots.forEach(walk);
  return out;
}

/** The department and all of its sub-departments. */
export function subtreeIds(tree: DeptTree, id: number): Set<number> {
  const out = new Set<number>();
  const start = tree.byId.get(id);
  if (!start) return out;
  const stack = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.add(node.dept.id);
    stack.push(...node.children);
  }
  return out;
}

/** Ancestors from the top down to the parent (not the department itself). */
export function ancestorIds(tree: DeptTree, id: number): number[] {
  const out: number[] = [];
  for (let node = tree.byId.get(id)?.parent ?? null; node; node = node.parent) out.unshift(node.dept.id);
  return out;
}

/** "总部 / 技术部 / 研发组": the names from the top of the user's tree down to the department. */
export function deptPathName(tree: DeptTree, id: number, separator = ' / '): string {
  const node = tree.byId.get(id);
  if (!node) return '';
  return [...ancestorIds(tree, id).map((a) => tree.byId.get(a)!.dept.deptName), node.dept.deptName].join(separator);
}

/** Why a department cannot move under `targetId` (spec section 5), or null when it can. */
export type MoveProblem = 'root' | 'intoOwnBranch' | 'chooseAnother' | 'unknown';

export function moveProblem(tree: DeptTree, id: number, targetId: number): MoveProblem | null {
  const node = tree.byId.get(id);
  if (!node || !tree.byId.has(targetId)) return 'unknown';
  if (node.dept.affiliatedDept === null) return 'root';
  if (subtreeIds(tree, id).has(targetId)) return 'intoOwnBranch';
  if (node.dept.affiliatedDept === targetId) return 'chooseAnother';
  return null;
}

/**
 * Departments to show for a name filter: those whose name contains `query` (any case), with
 * their ancestors (to keep the path) and their sub-trees. Null when the query is empty
 * (show everything).
 */
export function filterTree(tree: DeptTree, query: string): Set<number> | null {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return null;
  const out = new Set<number>();
  for (const node of tree.byId.values()) {
    if (!node.dept.deptName.toLocaleLowerCase().includes(q)) continue;
    for (const id of subtreeIds(tree, node.dept.id)) out.add(id);
    for (const id of ancestorIds(tree, node.dept.id)) out.add(id);
  }
  return out;
}

/** Ids of the departments with children: what "expand all" opens. */
export function branchIds(tree: DeptTree): number[] {
  return [...tree.byId.values()].filter((n) => n.children.length > 0).map((n) => n.dept.id);
}
