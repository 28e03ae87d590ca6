/**
 * VIP, the paid features (spec section 6: the role area). A hosted installation that sells
 * them runs the paid model (ASSETMARK_PAID_MODEL=on, config.paidModel): a company has them
 * when its VIP flag (companies.is_vip, server/scripts/set-vip.ts) is on. A self-hosted
 * installation sells nothing, so by default every company is VIP: otherwise a new company's
 * owner could never give his sub-users a permission.
 */
export interface PaidModelSetting {
  paidModel?: boolean;
}

/** Whether a company has the VIP features: its flag under the paid model, always otherwise. */
export function effectiveVip(companyFlag: boolean, setting: PaidModelSetting | undefined): boolean {
  return companyFlag || !(setting?.paidModel ?? false);
}
