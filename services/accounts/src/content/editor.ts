/**
 * Who may edit content, and over what. Administrators (role 0) edit everything: bulletins of
 * any site or of every site, the FAQ and the terms. Managers (role 1) edit their own site's
 * bulletins only; another site's bulletin does not exist for them (404, as a missing one).
 */
import { AppError, ROLES } from '@mtp/proto';
import type { AuthContext } from '../deps';
import type { LogActor } from '../system-log/record';

/** The signed-in editor and how their changes are written to the system log. */
export type ContentEditor = { ctx: AuthContext; actor: LogActor };

/** The site a manager is confined to; null: an administrator, confined to nothing. */
export function bulletinScope(ctx: AuthContext): number | null {
  if (ctx.role === ROLES.ADMIN) return null;
  if (ctx.role === ROLES.MANAGER) return ctx.siteId;
  throw new AppError('NO_PERMISSION');
}

/** Fails with 42000 unless the caller is an administrator (the FAQ and the terms are everyone's). */
export function assertContentAdmin(ctx: AuthContext): void {
  if (ctx.role !== ROLES.ADMIN) throw new AppError('NO_PERMISSION');
}
