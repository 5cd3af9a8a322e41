/**
 * The one API client: fetch around `/api/v1.0/...` answering the `{code, msg, data}` envelope,
 * with the reactions of spec section 8 in one place. Every side effect (storage, toasts,
 * navigation, timers, cache resets) comes in through `deps` so the rules are unit-testable.
 */
import { CODES, TIMINGS, isWhitelisted, type UiLang } from '@mtp/proto';
import { crossTabRefreshLock, type RefreshLock } from '../auth/refresh-lock';
import { STORAGE_KEYS, clearTokens, storeTokens, type KeyValueStore } from '../auth/tokens';
import { ApiError } from './api-error';

export const API_BASE = '/api/v1.0/';

/** The i18n keys the client itself shows; the resources must define each one. */
export type ApiMessageKey =
  | 'api.sessionExpired'
  | 'api.loggedInElsewhere'
  | 'api.serverAbnormal'
  | 'api.siteDisabled'
  | 'api.networkFailed'
  | 'api.upgradePlan'
  | 'api.requestFailed';

export type ApiClientDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  storage: KeyValueStore;
  language: () => UiLang;
  t: (key: ApiMessageKey) => string;
  toast: (message: string, durationMs: number) => void;
  navigate: (path: string) => void;
  /** The login page of the site the user came through (`/login` or `/{siteCode}`). */
  loginPath: () => string;
  /** Where the user is now (path and search): a forced logout sends them back here after login. */
  currentPath?: () => string;
  /** After a successful refresh: reload permissions and user data. */
  onTokenRefreshed: () => void;
  /** After a forced logout: drop every cached query. */
  onLoggedOut: () => void;
  /** 41005: opens the purchase dialog with the server's message (commerce/purchase-dialog-store.ts). */
  onQuotaExceeded: (msg: string) => void;
  /** 42005: as above, with "please upgrade your plan" already appended; the dialog opens on the plans. */
  onPlanLimit: (msg: string) => void;
  delay: (fn: () => void, ms: number) => void;
  /** Serialises refreshes across tabs (default: the browser's Web Locks; auth/refresh-lock.ts). */
  refreshLock?: RefreshLock;
};

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Envelope codes the caller handles itself: rejected without the generic toast. */
  expectedCodes?: readonly number[];
  /** No refresh, toast or navigation at all; just reject (used by logout). */
  quiet?: boolean;
  /**
   * A call the user did not ask for (the session check): a network failure or a 502 is not
   * theirs to hear about every few seconds, so it rejects silently. Session answers (401, 403)
   * still log out as usual: telling the user at once is what such a call is for.
   */
  background?: boolean;
  signal?: AbortSignal;
};

export type ApiClient = ReturnType<typeof createApiClient>;

type Envelope = { code: number; msg: string; data: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

export function acceptLanguage(lang: UiLang): string {
  return lang === 'zh_CN' ? 'zh-CN' : 'en-US';
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return API_BASE + path.replace(/^\/+/, '') + (qs ? `?${qs}` : '');
}

export function createApiClient(deps: ApiClientDeps) {
  // One refresh at a time: concurrent 401s wait on the same promise (spec section 8).
  let refreshing: Promise<boolean> | null = null;
  let logoutScheduled = false;

  const token = () => deps.storage.getItem(STORAGE_KEYS.authToken);

  function forceLogout(message: string): void {
    // Concurrent failures all land here; only the first, which still holds tokens, says so.
    const hadSession = token() !== null || deps.storage.getItem(STORAGE_KEYS.refreshToken) !== null;
    if (hadSession) deps.toast(message, TIMINGS.errorToastMs);
    clearTokens(deps.storage);
    deps.onLoggedOut();
    deps.navigate(loginPathBack());
  }

  /** The login page with `?redirect=` to where the user was, unless they were on a login page. */
  function loginPathBack(): string {
    const login = deps.loginPath();
    const here = deps.currentPath?.();
    if (!here || here === '/' || here.split('?')[0] === login) return login;
    return `${login}?redirect=${encodeURIComponent(here)}`;
  }

  /** Exchanges the stored refresh token for a new pair, unless another tab already did. */
  async function tryRefresh(staleAccess: string | null): Promise<boolean> {
    // Another tab refreshed while this one waited for the lock: its tokens are the live ones.
    if (token() !== null && token() !== staleAccess) return true;
    const refreshToken = deps.storage.getItem(STORAGE_KEYS.refreshToken);
    if (!refreshToken) return false;
    try {
      const res = await deps.fetch(buildUrl('user/refresh_token'), {
        method: 'GET',
        headers: { Authorization: `Bearer ${refreshToken}`, 'Accept-Language': acceptLanguage(deps.language()) },
      });
      if (!res.ok) return false;
      const env: unknown = await res.json();
      const data = isEnvelope(env) && env.code === CODES.OK.code ? (env.data as { access_token?: unknown; refresh_token?: unknown }) : null;
      const access = data?.access_token;
      if (typeof access !== 'string' || !access) return false;
      // The used refresh token is retired by the server: keep the one that replaces it.
      const rotated = typeof data?.refresh_token === 'string' && data.refresh_token ? data.refresh_token : undefined;
      storeTokens(deps.storage, access, rotated);
      deps.onTokenRefreshed();
      return true;
    } catch {
      return false;
    }
  }

  function refreshOrExpire(staleAccess: string | null): Promise<boolean> {
    refreshing ??= (deps.refreshLock ?? crossTabRefreshLock)(() => tryRefresh(staleAccess))
      .then((ok) => {
        if (!ok) forceLogout(deps.t('api.sessionExpired'));
        return ok;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function scheduleLogoutElsewhere(): void {
    if (logoutScheduled) return;
    logoutScheduled = true;
    deps.delay(() => {
      logoutScheduled = false;
      forceLogout(deps.t('api.loggedInElsewhere'));
    }, TIMINGS.logoutDelayMs);
  }

  /** Reacts to a non-success envelope code and answers the error to reject with. */
  function handleCode(env: Envelope, status: number, opts: RequestOptions): ApiError {
    const fail = (handled: boolean) => new ApiError({ kind: 'envelope', code: env.code, status, msg: env.msg, data: env.data, handled });
    if (opts.quiet) return fail(false);
    switch (env.code) {
      case CODES.SITE_DISABLED.code:
        deps.toast(deps.t('api.siteDisabled'), TIMINGS.errorToastMs);
        clearTokens(deps.storage);
        deps.delay(() => {
          deps.onLoggedOut();
          deps.navigate(deps.loginPath());
        }, TIMINGS.logoutDelayMs);
        return fail(true);
      case CODES.NO_PERMISSION.code:
        deps.navigate('/403');
        return fail(true);
      case CODES.CHARS_NOT_ENOUGH.code:
        deps.onQuotaExceeded(env.msg);
        return fail(true);
      case CODES.PLAN_LIMIT.code:
        deps.onPlanLimit(env.msg + deps.t('api.upgradePlan'));
        return fail(true);
      default:
        if (opts.expectedCodes?.includes(env.code)) return fail(false);
        deps.toast(env.msg || deps.t('api.requestFailed'), TIMINGS.errorToastMs);
        return fail(true);
    }
  }

  async function request<T>(path: string, opts: RequestOptions = {}, retried = false): Promise<T> {
    const sentToken = token();
    // Spec section 7: a non-whitelisted call without a token is rejected silently.
    if (!sentToken && !isWhitelisted(path)) throw new ApiError({ kind: 'no-token', handled: true });

    const headers: Record<string, string> = { 'Accept-Language': acceptLanguage(deps.language()) };
    if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }

    let res: Response;
    try {
      res = await deps.fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
    } catch (err) {
      if (opts.signal?.aborted) throw new ApiError({ kind: 'aborted', handled: true });
      const tell = !opts.quiet && !opts.background;
      if (tell) deps.toast(deps.t('api.networkFailed'), TIMINGS.errorToastMs);
      throw new ApiError({ kind: 'network', msg: err instanceof Error ? err.message : String(err), handled: tell });
    }

    const httpFail = (handled: boolean) => new ApiError({ kind: 'http', code: res.status, status: res.status, handled });
    if (opts.quiet && (res.status === 401 || res.status === 403 || res.status === 502)) throw httpFail(false);
    if (res.status === 401) {
      // The retried call is refused too: the fresh token is no good either, so log out.
      if (retried) {
        forceLogout(deps.t('api.sessionExpired'));
        throw httpFail(true);
      }
      // A 401 for a token that another call already replaced needs no second refresh.
      const fresh = token() !== sentToken && token() !== null;
      if (fresh || (await refreshOrExpire(sentToken))) return request<T>(path, opts, true);
      throw httpFail(true);
    }
    if (res.status === 403) {
      scheduleLogoutElsewhere();
      throw httpFail(true);
    }
    if (res.status === 502) {
      if (opts.background) throw httpFail(false);
      deps.toast(deps.t('api.serverAbnormal'), TIMINGS.errorToastMs);
      throw httpFail(true);
    }

    const env: unknown = await res.json().catch(() => null);
    if (!isEnvelope(env)) {
      if (!opts.quiet) deps.toast(deps.t('api.requestFailed'), TIMINGS.errorToastMs);
      throw httpFail(!opts.quiet);
    }
    if (env.code === CODES.OK.code) return env.data as T;
    throw handleCode(env, res.status, opts);
  }

  return {
    request,
    get: <T>(path: string, query?: Record<string, QueryValue>, opts: Omit<RequestOptions, 'method' | 'query'> = {}) =>
      request<T>(path, { ...opts, method: 'GET', query }),
    post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request<T>(path, { ...opts, method: 'POST', body }),
  };
}
