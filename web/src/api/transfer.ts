/**
 * File transfers the JSON client does not cover: `download` (a file, or an envelope when the
 * server refuses) and `upload` (multipart with progress, so XMLHttpRequest). Same bearer token,
 * Accept-Language and envelope reactions as the client: 41005 and 42005 open the purchase dialog
 * (42005 with "please upgrade your plan"), other codes toast their `msg`, 401 asks the user to
 * log in again.
 */
import { CODES, TIMINGS } from '@mtp/proto';
import { STORAGE_KEYS } from '../auth/tokens';
import { purchaseDialog } from '../commerce/browser-wiring';
import { showError } from '../components/toast';
import { currentLang, i18n } from '../i18n';
import { ApiError } from './api-error';
import { acceptLanguage, buildUrl, type QueryValue } from './client';
import { api, storage } from './instance';

type Envelope = { code: number; msg: string; data: unknown };

function asEnvelope(value: unknown): Envelope | null {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number' ? (value as Envelope) : null;
}

/** The message a failed envelope shows (pure; the client's wording). */
export function envelopeMessage(env: { code: number; msg: string }, t: (key: 'api.upgradePlan' | 'api.requestFailed') => string): string {
  if (env.code === CODES.PLAN_LIMIT.code) return env.msg + t('api.upgradePlan');
  return env.msg || t('api.requestFailed');
}

/** The file name of a `Content-Disposition` header (RFC 5987 `filename*` first), else null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'Accept-Language': acceptLanguage(currentLang()) };
  const token = storage.getItem(STORAGE_KEYS.authToken);
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

const tr = (key: 'api.upgradePlan' | 'api.requestFailed' | 'api.sessionExpired' | 'api.networkFailed' | 'api.serverAbnormal') =>
  i18n.t(key);

function showRefusal(env: Envelope): void {
  if (env.code === CODES.CHARS_NOT_ENOUGH.code) purchaseDialog.request({ reason: 'quota', message: env.msg });
  else if (env.code === CODES.PLAN_LIMIT.code) purchaseDialog.request({ reason: 'planLimit', message: envelopeMessage(env, tr) });
  else showError(envelopeMessage(env, tr), TIMINGS.errorToastMs);
}

function failEnvelope(env: Envelope, status: number, quiet = false): ApiError {
  // Quiet: the caller shows the refusal itself.
  if (!quiet) showRefusal(env);
  return new ApiError({ kind: 'envelope', code: env.code, status, msg: env.msg, data: env.data, handled: !quiet });
}

function failHttp(status: number): ApiError {
  const key = status === 401 ? 'api.sessionExpired' : status === 502 ? 'api.serverAbnormal' : 'api.requestFailed';
  showError(tr(key), TIMINGS.errorToastMs);
  return new ApiError({ kind: 'http', code: status, status, handled: true });
}

/**
 * Makes sure the token is fresh before a raw transfer: an ordinary call, so an expired access
 * token gets the client's refresh (a quiet call would skip it) and a dead session logs out.
 */
async function touchSession(): Promise<void> {
  await api.get('user/get_user_data').catch(() => undefined);
}

export type DownloadInit = {
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Used when the answer names no file. */
  fallbackName?: string;
};

/** Fetches a file and saves it through a temporary link; an envelope answer is an error. */
export async function download(path: string, init: DownloadInit = {}): Promise<void> {
  await touchSession();
  const h = headers();
  let body: string | undefined;
  if (init.body !== undefined) {
    h['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, init.query), { method: init.method ?? 'GET', headers: h, body });
  } catch (err) {
    showError(tr('api.networkFailed'), TIMINGS.errorToastMs);
    throw new ApiError({ kind: 'network', msg: err instanceof Error ? err.message : String(err), handled: true });
  }
  if (!res.ok) throw failHttp(res.status);
  const type = res.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const env = asEnvelope(await res.json().catch(() => null));
    if (!env) throw failHttp(res.status);
    throw failEnvelope(env, res.status);
  }
  const blob = await res.blob();
  const name = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? init.fallbackName ?? 'export';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Posts a multipart form; `onProgress` gets 0..100. Resolves with the envelope's `data`. With
 * `quiet`, a refusal in the envelope is not toasted (`handled: false`): the caller shows it
 * where the user is looking (the import dialog); session and network failures still toast.
 */
export async function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
  options: { quiet?: boolean } = {},
): Promise<T> {
  await touchSession();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => {
      showError(tr('api.networkFailed'), TIMINGS.errorToastMs);
      reject(new ApiError({ kind: 'network', handled: true }));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        // An error status may still carry an envelope (validation); show its message.
        const env = asEnvelope(safeJson(xhr.responseText));
        reject(env && xhr.status !== 401 && xhr.status !== 502 ? failEnvelope(env, xhr.status, options.quiet) : failHttp(xhr.status));
        return;
      }
      const env = asEnvelope(safeJson(xhr.responseText));
      if (!env) return reject(failHttp(xhr.status));
      if (env.code === CODES.OK.code) {
        onProgress?.(100);
        resolve(env.data as T);
      } else reject(failEnvelope(env, xhr.status, options.quiet));
    };
    xhr.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
