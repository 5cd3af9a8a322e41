/**
 * Who may do what with enterprises. The platform's administrator is role ADMIN on the main site
 * (a role-0 account of an enterprise site administers that site, not the platform). A manager
 * reaches their own enterprise only; any other one answers NOT_FOUND, exactly like an id that
 * does not exist, so a manager cannot learn which enterprises exist.
 */
import { AppError, isAdminRole, ROLES } from '@mtp/proto';
import type { Db } from '@mtp/platform';
import type pg from 'pg';
import type { AuthContext } from '../deps';

type Queryable = Db | pg.PoolClient;

async function onMainSite(db: Queryable, siteId: number): Promise<boolean> {
  const { rows } = await db.query<{ is_main: boolean }>('SELECT is_main FROM sites WHERE site_id = $1', [siteId]);
  return rows[0]?.is_main === true;
}

/** Fails with 42000 unless the caller administers the platform. */
export async function assertPlatformAdmin(db: Queryable, ctx: AuthContext): Promise<void> {
  if (ctx.role !== ROLES.ADMIN || !(await onMainSite(db, ctx.siteId))) throw new AppError('NO_PERMISSION');
}

/**
 * What the caller may do with enterprise `siteId`: 'admin' (everything), 'manager' (its own
 * display settings). NORMAL users get 42000 whatever the id; a manager asking for another
 * enterprise, or anyone for a missing one or the main site, gets 40400.
 */
export async function enterpriseAccess(db: Queryable, ctx: AuthContext, siteId: number): Promise<'admin' | 'manager'> {
  if (!isAdminRole(ctx.role)) throw new AppError('NO_PERMISSION');
  const { rows } = await db.query<{ is_main: boolean }>('SELECT is_main FROM sites WHERE site_id = $1', [siteId]);
  const target = rows[0];
  if (ctx.role === ROLES.ADMIN && (await onMainSite(db, ctx.siteId))) {
    if (!target || target.is_main) throw new AppError('NOT_FOUND');
    return 'admin';
  }
  if (!target || target.is_main || ctx.siteId !== siteId) throw new AppError('NOT_FOUND');
  return 'manager';
}
