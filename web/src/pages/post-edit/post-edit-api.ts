/**
 * The calls of proto/src/post-editing.ts (`/translationedit`, issue 21) and their queries, cached
 * per user. Codes the screen shows where the user is looking (the open's 44077, a save's 44073,
 * a memory refused with 44076) are expected: no generic toast, the screen says it.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CODES,
  type PeChangedSegments,
  type PeConcordance,
  type PeExportCreated,
  type PeExportFormat,
  type PeExportState,
  type PeMatches,
  type PeProject,
  type PeProjectList,
  type PeQaReport,
  type PeReplaceBody,
  type PeSaveBody,
  type PeSaved,
  type PeSegment,
  type PeSegmentList,
} from '@mtp/proto';
import { fetchBankList } from '../../api/bank-endpoints';
import { api } from '../../api/instance';
import { download } from '../../api/transfer';
import type { SessionUser } from '../../auth/session-user';
import { userKey } from '../../queries/query-keys';

export const PE_OPEN_FAILED = CODES.PE_OPEN_FAILED.code;
export const PE_STALE_REVISION = CODES.PE_STALE_REVISION.code;
export const PE_PROJECTS_PAGE_SIZE = 10;

/** A save's answer; `memory_message` says why a confirmed pair was not written to the memory. */
export type PeSaveAnswer = PeSaved & { memory_message?: string | null };

export const peKey = (user: SessionUser) => [...userKey(user), 'post-edit'] as const;

export const peProjectsQueryOptions = (user: SessionUser, page: number) =>
  queryOptions({
    queryKey: [...peKey(user), 'projects', page] as const,
    queryFn: () => api.get<PeProjectList>('post_edit/projects', { page, page_size: PE_PROJECTS_PAGE_SIZE }),
  });

/** Opening asks a worker for the document's sentences the first time: the screen shows a loader meanwhile. */
export const peOpenQueryOptions = (user: SessionUser, projectId: string) =>
  queryOptions({
    queryKey: [...peKey(user), 'open', projectId] as const,
    queryFn: () => api.post<PeProject>('post_edit/open', { project_id: projectId }, { expectedCodes: [PE_OPEN_FAILED] }),
    retry: false,
    staleTime: Infinity,
  });

/** The whole document at once: the table is virtualized, so 5,000 rows cost only what is on screen. */
export const peSegmentsQueryOptions = (user: SessionUser, projectId: string) =>
  queryOptions({
    queryKey: [...peKey(user), 'segments', projectId] as const,
    queryFn: () => api.get<PeSegmentList>('post_edit/segments', { project_id: projectId }),
    staleTime: Infinity,
  });

export const peMatchesQueryOptions = (user: SessionUser, projectId: string, segIndex: number) =>
  queryOptions({
    queryKey: [...peKey(user), 'matches', projectId, segIndex] as const,
    queryFn: () => api.get<PeMatches>('post_edit/matches', { project_id: projectId, seg_index: segIndex }),
    staleTime: 60_000,
  });

export const peQaQueryOptions = (user: SessionUser, projectId: string) =>
  queryOptions({
    queryKey: [...peKey(user), 'qa', projectId] as const,
    queryFn: () => api.get<PeQaReport>('post_edit/qa', { project_id: projectId }),
    staleTime: 0,
  });

/**
 * The memories a confirmed segment may go to: the user's own memories (flag 0) of the document's
 * pair. System memories are left out: only staff may write them, and they keep them elsewhere.
 */
export const peMemoriesQueryOptions = (user: SessionUser, src: string, tgt: string) =>
  queryOptions({
    queryKey: [...peKey(user), 'memories', src, tgt] as const,
    queryFn: async () =>
      (await fetchBankList(0, { system_or_individual: 1 })).bank_list.filter((b) => b.src_lang === src && b.tgt_lang === tgt),
  });

export const fetchSegment = async (projectId: string, segIndex: number): Promise<PeSegment | null> =>
  (await api.get<PeSegmentList>('post_edit/segments', { project_id: projectId, offset: segIndex, limit: 1 })).segments[0] ?? null;

export const saveSegment = (body: PeSaveBody) => api.post<PeSaveAnswer>('post_edit/save', body, { expectedCodes: [PE_STALE_REVISION] });

export const propagateSegment = (projectId: string, segIndex: number, to: number[]) =>
  api.post<PeChangedSegments>('post_edit/propagate', { project_id: projectId, seg_index: segIndex, to });

export const replaceInTargets = (body: PeReplaceBody) => api.post<PeChangedSegments>('post_edit/replace', body);

export const chooseMemory = (projectId: string, bankId: number | null) =>
  api.post<PeProject>('post_edit/settings', { project_id: projectId, bank_id: bankId });

export const searchConcordance = (projectId: string, text: string, side: 'source' | 'target') =>
  api.get<PeConcordance>('post_edit/concordance', { project_id: projectId, text: text.slice(0, 200), side });

export const startExport = (projectId: string, format: PeExportFormat) =>
  api.post<PeExportCreated>('post_edit/export', { project_id: projectId, format });

export const queryExport = (exportId: string) => api.get<PeExportState>('post_edit/export_query', { export_id: exportId });

export const downloadExport = (state: PeExportState) =>
  download(`post_edit/export_download/${encodeURIComponent(state.export_id)}`, { fallbackName: state.file_name });
