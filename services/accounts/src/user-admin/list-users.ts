/**
 * `GET admin/users`: live users filtered by account, name, role, site, state and registration
 * date, newest first, paged. The plan filter and column come from billing, which accounts does
 * not import: the gateway passes the user ids a plan filter keeps (`planFilter`) and adds the plan
 * to each row it answers.
 */
import type { AdminUsersQuery } from '@mtp/proto';
import { assertStaff, siteScopeOf, type ManagedUser, type Queryable, type StaffCaller } from './scope';

export type ListedUser = ManagedUser & { site_name: string };

/** Only these ids (`only`), or all but these (`except`). */
export type PlanFilter = { only: number[] } | { except: number[] };

export type ListedUsers = { list: ListedUser[]; total: number; pages: number; page: number; page_size: number };

export const USER_PAGE_SIZE = 10;

/** `%...%` with LIKE's own characters escaped, so a user's `_` or `%` matches itself. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(
  db: Queryable,
  caller: StaffCaller,
  query: Omit<AdminUsersQuery, 'plan'>,
  planFilter?: PlanFilter,
): Promise<ListedUsers> {
  assertStaff(caller);
  const where: string[] = ['u.deleted_at IS NULL'];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const scope = siteScopeOf(caller);
  if (scope !== null) add((p) => `u.site_id = ${p}`, scope);
  else if (query.site_id !== undefined) add((p) => `u.site_id = ${p}`, query.site_id);
  const keyword = query.keyword?.trim();
  if (keyword) add((p) => `(u.account ILIKE ${p} OR u.username ILIKE ${p})`, containing(keyword));
  if (query.account?.trim()) add((p) => `u.account ILIKE ${p}`, containing(query.account.trim().toLowerCase()));
  if (query.username?.trim()) add((p) => `u.username ILIKE ${p}`, containing(query.username.trim()));
  if (query.role !== undefined) add((p) => `u.role = ${p}`, query.role);
  if (query.state) add((p) => `u.activated = ${p}`, query.state === 'active');
  // Dates are UTC days, both ends inclusive.
  if (query.from) add((p) => `u.created_at >= ${p}::date`, query.from);
  if (query.to) add((p) => `u.created_at < ${p}::date + 1`, query.to);
  if (planFilter && 'only' in planFilter) add((p) => `u.user_id = ANY(${p}::int[])`, planFilter.only);
  if (planFilter && 'except' in planFilter) add((p) => `NOT (u.user_id = ANY(${p}::int[]))`, planFilter.except);

  const page = query.page ?? 1;
  const pageSize = query.page_size ?? USER_PAGE_SIZE;
  const from = `FROM users u JOIN sites s ON s.site_id = u.site_id WHERE ${where.join(' AND ')}`;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params)).rows[0]!.n;
  const { rows } = await db.query<ListedUser>(
    `SELECT u.user_id, u.account, u.username, u.role, u.site_id, u.activated, u.must_change_password, u.created_at, s.site_name
     ${from} ORDER BY u.created_at DESC, u.user_id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return { list: rows, total, pages: Math.ceil(total / pageSize), page, page_size: pageSize };
}

/** One visible user with their site's name (the `/user-data` profile). */
export async function siteNameOf(db: Queryable, siteId: number): Promise<string> {
  const { rows } = await db.query<{ site_name: string }>('SELECT site_name FROM sites WHERE site_id = $1', [siteId]);
  return rows[0]?.site_name ?? '';
}
