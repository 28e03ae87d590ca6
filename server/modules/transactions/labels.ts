/** Names of statuses and transaction types in both languages, for the refusal messages. */
import { AssetUseStatus, type BusinessType } from '../../../src/api/contract.ts';
import type { ErrorParam } from '../../errors.ts';
import type { AssetStatus } from './transitions.ts';

export const STATUS_LABELS: Record<AssetStatus, ErrorParam> = {
  [AssetUseStatus.unused]: { zh: '闲置', en: 'unused' },
  [AssetUseStatus.using]: { zh: '在用', en: 'in use' },
  [AssetUseStatus.borrowed]: { zh: '借用中', en: 'borrowed' },
  [AssetUseStatus.maintain]: { zh: '维修中', en: 'in maintenance' },
  [AssetUseStatus.discard]: { zh: '已报废', en: 'scrapped' },
};

/** What to do, after "return it first, then ...". */
export const TYPE_ACTIONS: Record<BusinessType, ErrorParam> = {
  Using: { zh: '办理领用', en: 'receive it' },
  Borrowed: { zh: '办理借用', en: 'borrow it' },
  Return: { zh: '办理归还', en: 'return it' },
  Maintain: { zh: '送修', en: 'send it for maintenance' },
  Discard: { zh: '报废', en: 'scrap it' },
  Alter: { zh: '办理变更', en: 'alter it' },
};

/** What a permission allows, after "You are not allowed to ...". */
export const TYPE_PERMISSIONS: Record<BusinessType, ErrorParam> = {
  Using: { zh: '资产领用', en: 'receive assets' },
  Borrowed: { zh: '资产借用', en: 'borrow assets' },
  Return: { zh: '归还这些资产', en: 'return these assets' },
  Maintain: { zh: '资产维修', en: 'send assets for maintenance' },
  Discard: { zh: '资产报废', en: 'scrap assets' },
  Alter: { zh: '资产变更', en: 'alter assets' },
};

export const FIELD_NAMES = {
  businessTime: { zh: '业务时间', en: 'The operation time' },
  planReturnTime: { zh: '计划归还时间', en: 'The planned return time' },
  repairCost: { zh: '维修费用', en: 'The repair cost' },
} as const;
