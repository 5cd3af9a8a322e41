/**
 * What the user administration screens show from billing, composed here because accounts does
 * not import billing: the plan column and plan filter of `admin/users`, and `/user-data`'s plan,
 * balance, usage and orders, beside the recent documents of the tasks service and the user's
 * banks from the language service.
 */
import { loadVisibleUser, siteNameOf, type ListedUser, type PlanFilter, type StaffCaller } from '@mtp/accounts';
import { billingEnabled, currentOrders, expiredOrders, livePlansByUser, memberInfo, remaining, usageByDay } from '@mtp/billing';
import { listUserBanks } from '@mtp/language';
import type { Db } from '@mtp/platform';
import type { AdminUserData, AdminUserItem, PlanCode, UiLang } from '@mtp/proto';
import { listMyFiles } from '@mtp/tasks';

/** The ids a plan filter keeps: a paid plan's holders, or (free) everyone but the paid ones. */
export async function planFilterOf(db: Db, plan: PlanCode | undefined, now: Date): Promise<PlanFilter | undefined> {
  if (!plan) return undefined;
  // BILLING=off: every account has the unlimited allowance, which ranks as enterprise.
  if (!(await billingEnabled(db))) return plan === 'enterprise' ? undefined : { only: [] };
  const plans = await livePlansByUser(db, now);
  const holders = [...plans].filter(([, p]) => p === plan).map(([id]) => id);
  return plan === 'free' ? { except: [...plans.keys()] } : { only: holders };
}

/** A listed user with their plan (memberInfo: the plan in use, its name and expiry). */
export async function withPlan(db: Db, user: ListedUser, lang: UiLang, now: Date): Promise<AdminUserItem> {
  const member = await memberInfo(db, { userId: user.user_id, lang, now });
  return {
    user_id: user.user_id,
    account: user.account,
    username: user.username,
    role: user.role,
    site_id: user.site_id,
    site_name: user.site_name,
    activated: user.activated,
    must_change_password: user.must_change_password,
    created_at: user.created_at.toISOString(),
    plan_code: member.plan_code,
    plan_name: member.plan_name,
    expiration_time: member.expiration_time,
  };
}

const RECENT_TASKS = 10;

/** One user's page; `loadVisibleUser` scopes it (a manager's answer for another site's user is 40020). */
export async function userAdminData(db: Db, caller: StaffCaller, userId: number, lang: UiLang, now: Date): Promise<AdminUserData> {
  const user = await loadVisibleUser(db, caller, userId);
  const listed = { ...user, site_name: await siteNameOf(db, user.site_id) };
  const [profile, member, balance, usage, current, expired, tasks, banks] = await Promise.all([
    withPlan(db, listed, lang, now),
    memberInfo(db, { userId, lang, now }),
    remaining(db, userId, now),
    usageByDay(db, { userId, days: 30, now }),
    currentOrders(db, { userId, lang, now }),
    expiredOrders(db, { userId, lang, now, page: 1, page_size: 10 }),
    listMyFiles(db, userId, { page: 1, page_size: RECENT_TASKS }, lang),
    listUserBanks(db, userId),
  ]);
  return { profile, member, balance, usage, orders: { current, expired }, tasks: tasks.list, banks };
}
