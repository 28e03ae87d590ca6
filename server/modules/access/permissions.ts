/**
 * The permission catalogue (spec section 6): every code a role can list, with its names and
 * group in both languages. Static: GET api/Permission/List and /Details read it from here.
 */
import { Permission, type PermissionGroup, type PermissionInfo } from '../../../src/api/contract.ts';
import { AppError } from '../../errors.ts';

const GROUP_NAMES: Record<PermissionGroup, { zh: string; en: string }> = {
  asset: { zh: '资产管理', en: 'Assets' },
  inventory: { zh: '资产盘点', en: 'Inventory' },
  system: { zh: '系统设置', en: 'System' },
};

function entry(id: number, group: PermissionGroup, zh: string, en: string): PermissionInfo {
  return { id, name: { zh, en }, group, groupName: GROUP_NAMES[group] };
}

/** In code order. */
export const PERMISSIONS: readonly PermissionInfo[] = [
  entry(Permission.assetAdd, 'asset', '资产新增', 'Add assets'),
  entry(Permission.assetEdit, 'asset', '资产编辑', 'Edit assets'),
  entry(Permission.assetDelete, 'asset', '资产删除', 'Delete assets'),
  entry(Permission.assetAlter, 'asset', '资产变更', 'Alter assets'),
  entry(Permission.assetReceive, 'asset', '资产领用', 'Receive assets'),
  entry(Permission.assetBorrow, 'asset', '资产借用', 'Borrow assets'),
  entry(Permission.assetMaintain, 'asset', '资产维修', 'Maintain assets'),
  entry(Permission.assetScrap, 'asset', '资产报废', 'Scrap assets'),
  entry(Permission.inventory, 'inventory', '资产盘点', 'Inventory counts'),
  entry(Permission.systemClassification, 'system', '资产分类', 'Asset classification'),
  entry(Permission.systemOrganization, 'system', '组织架构', 'Organization'),
  entry(Permission.labelTemplates, 'system', '标签模板', 'Label templates'),
];

const BY_CODE = new Map(PERMISSIONS.map((p) => [p.id, p]));

export function isPermissionCode(code: number): boolean {
  return BY_CODE.has(code);
}

export function permissionDetails(code: number): PermissionInfo {
  const found = BY_CODE.get(code);
  if (!found) throw new AppError('permissionNotFound');
  return found;
}

/** A role's list, checked: unknown codes are refused by name; duplicates drop; ascending. */
export function checkPermissionCodes(codes: readonly number[]): number[] {
  const unknown = [...new Set(codes.filter((code) => !isPermissionCode(code)))];
  if (unknown.length > 0) throw new AppError('unknownPermission', { codes: unknown.join(', ') });
  return [...new Set(codes)].sort((a, b) => a - b);
}
