/**
 * My Documents: a page of the account's translated documents, searched by file name. Keyed
 * under the account, so the next account on the tab never sees the previous one's files.
 */
import { queryOptions } from '@tanstack/react-query';
import { TIMINGS } from '@mtp/proto';
import type { MyFilesData } from '@mtp/proto';
import { fetchMyFiles, MY_FILES_PAGE_SIZE } from '../api/document-endpoints';
import { GUEST, type SessionUser } from '../auth/session-user';
import { queryKeys, type PageFilter } from './query-keys';

export const myFilesQueryOptions = (user: SessionUser, filter: PageFilter) =>
  queryOptions({
    // queryKeys.myFiles(user) covers every page, for invalidation (a finished task, a deletion).
    queryKey: [...queryKeys.myFiles(user), filter] as const,
    // A visitor without a token has no documents; asking would only earn a 401.
    queryFn: (): Promise<MyFilesData> =>
      user === GUEST
        ? Promise.resolve({ list: [], total: 0, page: 1, page_size: MY_FILES_PAGE_SIZE })
        : fetchMyFiles({ page: filter.page, page_size: MY_FILES_PAGE_SIZE, ...(filter.keyword ? { keyword: filter.keyword } : {}) }),
    // A file started again (or still working) moves on by itself: the page follows it like /file does.
    refetchInterval: (query) =>
      query.state.data?.list.some((f) => f.status === 'queued' || f.status === 'translating') ? TIMINGS.docPollMs : false,
  });

/** How many pages the list has; the answer carries totals rather than a page count. */
export function myFilesPages(data: MyFilesData): number {
  return Math.max(1, Math.ceil(data.total / (data.page_size || MY_FILES_PAGE_SIZE)));
}
