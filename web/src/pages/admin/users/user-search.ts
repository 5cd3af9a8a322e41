/**
 * /alluser's place in the URL (`?keyword=&role=1&site_id=&plan=pro&state=active&from=&to=&page=`):
 * a bad value falls back to "any", defaults are left out, as the other admin tables do.
 */
import { PLAN_CODES, type AdminUsersQuery, type PlanCode, type UserState } from '@mtp/proto';
import { validateTableSearch } from '../../../routes/table-search';

export type UserSearch = {
  keyword?: string;
  role?: 0 | 1 | 2;
  site_id?: number;
  plan?: PlanCode;
  state?: UserState;
  from?: string;
  to?: string;
  page?: number;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
const numberOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

export function validateUserSearch(search: Record<string, unknown>): UserSearch {
  const { page, keyword } = validateTableSearch(search);
  const role = numberOf(search.role);
  const site = numberOf(search.site_id);
  return {
    keyword,
    role: role === 0 || role === 1 || role === 2 ? role : undefined,
    site_id: typeof site === 'number' && Number.isInteger(site) && site > 0 ? site : undefined,
    plan: PLAN_CODES.includes(search.plan as PlanCode) ? (search.plan as PlanCode) : undefined,
    state: search.state === 'active' || search.state === 'inactive' ? search.state : undefined,
    from: dateOf(search.from),
    to: dateOf(search.to),
    page,
  };
}

/** The call's query for a place of the table. */
export function usersQueryOf(search: UserSearch): AdminUsersQuery {
  const query: AdminUsersQuery = { page: search.page ?? 1 };
  for (const key of ['keyword', 'role', 'site_id', 'plan', 'state', 'from', 'to'] as const) {
    if (search[key] !== undefined && search[key] !== '') (query as Record<string, unknown>)[key] = search[key];
  }
  return query;
}
