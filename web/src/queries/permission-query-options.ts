import { queryOptions } from '@tanstack/react-query';
import { fetchLoginPermission } from '../api/endpoints';
import type { SessionUser } from '../auth/session-user';
import { queryKeys } from './query-keys';

/** Rank, role and the feature-key map that decides what the navigation shows. */
export const permissionQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: queryKeys.permission(user),
    queryFn: fetchLoginPermission,
  });
