/**
 * The calls of proto/src/term-extraction.ts (`/docScan`), and their query options under the
 * account's key (a logout drops them). The upload reports progress and can be aborted, as the
 * document page's does (api/progress-upload.ts).
 */
import {
  TERM_EXTRACTION_LIMITS,
  type BankItem,
  type BankList,
  type TermCandidate,
  type TermExtractionAdded,
  type TermExtractionCreated,
  type TermExtractionResult,
  type TermExtractionUpdateBody,
  type TermLanguageList,
  type UiLang,
} from '@mtp/proto';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/instance';
import { uploadWithProgress } from '../../api/progress-upload';
import type { SessionUser } from '../../auth/session-user';
import { userKey } from '../../queries/query-keys';

export const SCAN_PATHS = {
  languages: 'saas/sites_term_language_list',
  create: 'saas/term_extraction_create',
  query: 'saas/term_extraction_query',
  latest: 'saas/term_extraction_latest',
  update: 'saas/term_extraction_update',
  toTermbase: 'saas/term_extraction_to_termbase',
  deleteAll: 'saas/term_extraction_deleteall',
} as const;

/** How often a working scan is asked about (the spec's document polling). */
export const SCAN_POLL_MS = 2_000;

export type CandidateFilter = { page: number; chosenOnly: boolean };

export const scanKeys = {
  all: (user: SessionUser) => [...userKey(user), 'doc-scan'] as const,
  latest: (user: SessionUser) => [...userKey(user), 'doc-scan', 'latest'] as const,
  page: (user: SessionUser, taskId: string, filter: CandidateFilter) => [...userKey(user), 'doc-scan', 'page', taskId, filter] as const,
  termbases: (user: SessionUser) => [...userKey(user), 'doc-scan', 'termbases'] as const,
  // Not data: a marker whose removal (logout, login) clears the upload store (doc-scan-upload.ts).
  session: (user: SessionUser) => [...userKey(user), 'doc-scan-session'] as const,
};

export const termLanguagesQueryOptions = (lang: UiLang) =>
  queryOptions({
    queryKey: ['site', 'term-languages', lang] as const,
    queryFn: () => api.get<TermLanguageList>(SCAN_PATHS.languages),
    staleTime: 10 * 60_000,
  });

/** The caller's newest scan (null: none): the page's kept state, polled while it is extracted. */
export const latestScanQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: scanKeys.latest(user),
    queryFn: () => api.get<TermExtractionResult | null>(SCAN_PATHS.latest),
    refetchInterval: (query) => (query.state.data?.status === 'working' ? SCAN_POLL_MS : false),
  });

export const candidatePageQueryOptions = (user: SessionUser, taskId: string, filter: CandidateFilter) =>
  queryOptions({
    queryKey: scanKeys.page(user, taskId, filter),
    queryFn: () =>
      api.get<TermExtractionResult>(SCAN_PATHS.query, {
        task_id: taskId,
        page: filter.page,
        page_size: TERM_EXTRACTION_LIMITS.pageSize,
        ...(filter.chosenOnly ? { chosen: true } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** The caller's termbases (own and system ones), for "Add to termbase". */
export const termbasesQueryOptions = (user: SessionUser) =>
  queryOptions({
    queryKey: scanKeys.termbases(user),
    queryFn: async () => (await api.get<BankList>('tm_term_library/get_list/1')).bank_list,
  });

/** The termbases a scan's terms can go to: its pair (either way in a two-way one), own ones first. */
export function termbasesOfPair(banks: readonly BankItem[], src: string, tgt: string): BankItem[] {
  return banks.filter((b) => (b.src_lang === src && b.tgt_lang === tgt) || (b.tow_way === 1 && b.src_lang === tgt && b.tgt_lang === src));
}

export function updateCandidate(body: TermExtractionUpdateBody): Promise<TermCandidate> {
  return api.post<TermCandidate>(SCAN_PATHS.update, body);
}

export function addToTermbase(taskId: string, bankId: number): Promise<TermExtractionAdded> {
  return api.post<TermExtractionAdded>(SCAN_PATHS.toTermbase, { task_id: taskId, bank_id: bankId });
}

export function deleteScan(taskId: string): Promise<unknown> {
  return api.get(SCAN_PATHS.deleteAll, { task_id: taskId });
}

/** Uploads the document for a scan; `onProgress` gets 0..100 (100 once accepted); aborting aborts it. */
export async function uploadScan(
  file: File,
  pair: { src: string; tgt: string },
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<TermExtractionCreated> {
  const form = new FormData();
  form.set('src_lang', pair.src);
  form.set('tgt_lang', pair.tgt);
  form.append('file', file, file.name);
  return uploadWithProgress<TermExtractionCreated>(SCAN_PATHS.create, form, onProgress, signal);
}
