/**
 * Who may enter which area (spec sections 2 and 6), as pure decisions the route guards apply.
 * Each answers the path to redirect to, or null to let the user in.
 */
import { ROLES, isAdminRole, type Rank } from '@mtp/proto';

export type Viewer = { hasToken: boolean; rank: Rank; role: number | null };

/** User center: free users (no token, or rank FREE) go to the engine page. */
export function userCenterRedirect(v: Viewer): '/' | null {
  return !v.hasToken || v.rank === 'FREE' ? '/' : null;
}

/** Admin area: NORMAL and free users get the 403 page. */
export function adminRedirect(v: Viewer): '/403' | null {
  return v.hasToken && v.rank !== 'FREE' && isAdminRole(v.role) ? null : '/403';
}

/** Member and order history are hidden from NORMAL users of a non-main site. */
export function mainSiteOnlyRedirect(v: Viewer, onMainSite: boolean): '/account' | null {
  return !onMainSite && !isAdminRole(v.role) ? '/account' : null;
}

/** Enterprise management: on a non-main site the account named admin works from the user list. */
export function managementRedirect(username: string, onMainSite: boolean): '/alluser' | null {
  return !onMainSite && username === 'admin' ? '/alluser' : null;
}

export type LoginMode = 'main' | 'admin' | 'site';

/** Where a fresh login lands: the admin entry sends NORMAL users to 403, others go home. */
export function afterLoginPath(mode: LoginMode, role: number | null, redirect?: string): string {
  if (mode === 'admin') return isAdminRole(role) ? '/home' : '/403';
  return safeRedirect(redirect) ?? '/';
}

/** Only same-origin absolute paths; `//host` and `/\host` would leave the site. */
export function safeRedirect(redirect: string | undefined): string | null {
  return redirect && /^\/(?![/\\])/.test(redirect) ? redirect : null;
}

export type RoleLabelKey = 'account.roles.normal' | 'account.roles.admin' | 'account.roles.superAdmin' | 'account.roles.manager';

/** Role 0 is the super administrator on the main site and an administrator on an enterprise site. */
export function roleLabelKey(role: number | null, onMainSite: boolean): RoleLabelKey {
  if (role === ROLES.ADMIN) return onMainSite ? 'account.roles.superAdmin' : 'account.roles.admin';
  if (role === ROLES.MANAGER) return 'account.roles.manager';
  return 'account.roles.normal';
}
