/** Query options of /alluser and /user-data, keyed under the signed-in account. */
import { queryOptions } from '@tanstack/react-query';
import type { AdminUsersQuery } from '@mtp/proto';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';
import { fetchUserAdminData, fetchUsers } from './user-admin-endpoints';

export const userAdminKeys = {
  all: (user: SessionUser) => [...userKey(user), 'user-admin'] as const,
};

export const usersQueryOptions = (user: SessionUser, query: AdminUsersQuery) =>
  queryOptions({ queryKey: [...userAdminKeys.all(user), 'list', query] as const, queryFn: () => fetchUsers(query) });

export const userAdminDataQueryOptions = (user: SessionUser, userId: number) =>
  queryOptions({ queryKey: [...userAdminKeys.all(user), 'data', userId] as const, queryFn: () => fetchUserAdminData(userId) });
