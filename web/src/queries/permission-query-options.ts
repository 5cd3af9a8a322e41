import { queryOptions } from '@tanstack/react-query';
import { fetchLoginPermission } from '../api/endpoints';
import { queryKeys } from './query-keys';

/** Rank, role and the feature-key map that decides what the navigation shows. */
export const permissionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.permission,
    queryFn: fetchLoginPermission,
  });
