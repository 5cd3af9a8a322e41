/**
 * The calls of proto/src/web-translation.ts (`/webpage`). The page's HTML is fetched with the
 * caller's token and shown through an iframe's `srcdoc` (an `src` could not carry the token);
 * the iframe is sandboxed with no permissions, so the page's scripts never run.
 */
import { WEB_PAGE_LIMITS, type WebTaskStatus, type WebTranslateBody, type WebTranslateCreated } from '@mtp/proto';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE } from '../../api/client';
import { api, storage } from '../../api/instance';
import { STORAGE_KEYS } from '../../auth/tokens';
import type { SessionUser } from '../../auth/session-user';
import { userKey } from '../../queries/query-keys';

export const WEB_PATHS = { translate: 'web/translate', query: 'web/query', page: (taskId: string) => `web/page/${taskId}` } as const;

/** How often a working task is asked about (the spec's document polling). */
export const WEB_POLL_MS = 2_000;

export type PageVersion = 'translated' | 'original';
/** Which translated page: the partial one (first screen) while working, then the whole one. */
export type PageStage = 'partial' | 'done';

export function startWebTranslation(body: WebTranslateBody): Promise<WebTranslateCreated> {
  return api.post<WebTranslateCreated>(WEB_PATHS.translate, body);
}

export const webTaskQueryOptions = (user: SessionUser, taskId: string) =>
  queryOptions({
    queryKey: [...userKey(user), 'web-task', taskId] as const,
    queryFn: () => api.get<WebTaskStatus>(WEB_PATHS.query, { task_id: taskId }),
    refetchInterval: (query) => (query.state.data?.status === 'working' || !query.state.data ? WEB_POLL_MS : false),
  });

async function fetchPageHtml(taskId: string, version: PageVersion): Promise<string> {
  const token = storage.getItem(STORAGE_KEYS.authToken);
  const res = await fetch(`${API_BASE}${WEB_PATHS.page(taskId)}?version=${version}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/html')) throw new Error(`page ${version}: ${res.status}`);
  return res.text();
}

export const webPageHtmlQueryOptions = (user: SessionUser, taskId: string, version: PageVersion, stage: PageStage) =>
  queryOptions({
    // The stage is in the key: the whole page is fetched again once the partial one is outgrown.
    queryKey: [...userKey(user), 'web-page', taskId, version, version === 'original' ? 'done' : stage] as const,
    queryFn: () => fetchPageHtml(taskId, version),
    staleTime: Infinity,
  });

/** The form's URL check (the server checks again): required, at most 2,048 characters, and an http or https address. */
export function urlProblem(raw: string): 'urlRequired' | 'urlInvalid' | 'urlTooLong' | null {
  const value = raw.trim();
  if (!value) return 'urlRequired';
  if (value.length > WEB_PAGE_LIMITS.urlChars) return 'urlTooLong';
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? null : 'urlInvalid';
  } catch {
    return 'urlInvalid';
  }
}
