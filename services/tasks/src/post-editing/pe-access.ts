/**
 * Who may post-edit (spec sections 2 and 6): a signed-in user whose site enables CAT
 * (`site_config.do_cat`), or staff (administrators and managers see the page everywhere), else
 * 42000; and a plan with post-editing (professional or enterprise; staff exempt), else 42005,
 * whose detail names the plan so the web's 42005 handling (the purchase dialog) makes sense.
 * The gateway reads the site and the plan (this package imports neither accounts nor billing).
 */
import { AppError, isAdminRole, PLAN_ENTITLEMENTS, type PlanCode } from '@mtp/proto';

export type PeAccess = { role: number; siteDoCat: boolean; plan: PlanCode };

export const PE_PLAN_DETAIL = {
  zh_CN: '译后编辑是专业版套餐的功能',
  en_US: 'Post-editing is part of the professional plan',
} as const;

export function assertPostEditAllowed(access: PeAccess): void {
  const staff = isAdminRole(access.role);
  if (!staff && !access.siteDoCat) throw new AppError('NO_PERMISSION');
  if (!staff && !PLAN_ENTITLEMENTS[access.plan].postEditing) throw new AppError('PLAN_LIMIT', PE_PLAN_DETAIL);
}
