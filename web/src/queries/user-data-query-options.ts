import { queryOptions } from '@tanstack/react-query';
import { fetchUserData } from '../api/endpoints';
import type { SessionUser } from '../auth/session-user';
import { queryKeys } from './query-keys';

/** The current user; without a token the server answers the free user (user_id null, rank FREE). */
export const userDataQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: queryKeys.userData(user),
    queryFn: fetchUserData,
  });
