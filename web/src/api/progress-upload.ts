/**
 * A multipart upload with progress and abort (documents, document scan). It is its own
 * XMLHttpRequest rather than transfer.ts `upload`, which cannot report progress nor be aborted;
 * it keeps that helper's conventions (bearer, Accept-Language, envelope messages), so the user
 * sees the same messages for the same failures.
 */
import { CODES, TIMINGS } from '@mtp/proto';
import { STORAGE_KEYS } from '../auth/tokens';
import { showError } from '../components/toast';
import { currentLang, i18n } from '../i18n';
import { ApiError } from './api-error';
import { acceptLanguage, buildUrl } from './client';
import { api, storage } from './instance';
import { envelopeMessage } from './transfer';

type Envelope = { code: number; msg: string; data: unknown };

function parseEnvelope(text: string): Envelope | null {
  try {
    const v = JSON.parse(text) as Envelope;
    return typeof v === 'object' && v !== null && typeof v.code === 'number' ? v : null;
  } catch {
    return null;
  }
}

const tr = (key: 'api.upgradePlan' | 'api.requestFailed' | 'api.sessionExpired' | 'api.networkFailed' | 'api.serverAbnormal') =>
  i18n.t(key);

/** Posts `form` to `path`; `onProgress` gets 0..100 (100 once the server accepted it); aborting the signal aborts it. */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<T> {
  // A cheap call first, so the client refreshes an expired access token before the upload (the
  // XHR cannot). Not `quiet`: a quiet call skips the refresh. Its failure was already shown.
  await api.get('user/get_user_data', undefined, { signal });
  if (signal.aborted) throw new ApiError({ kind: 'aborted', handled: true });
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept-Language', acceptLanguage(currentLang()));
    const token = storage.getItem(STORAGE_KEYS.authToken);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      // The last percent waits for the server's answer, so 100 means "uploaded and accepted".
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    const fail = (err: ApiError, message: string | null) => {
      if (message) showError(message, TIMINGS.errorToastMs);
      reject(err);
    };
    xhr.onabort = () => reject(new ApiError({ kind: 'aborted', handled: true }));
    xhr.onerror = () => fail(new ApiError({ kind: 'network', handled: true }), tr('api.networkFailed'));
    xhr.onload = () => {
      const env = parseEnvelope(xhr.responseText);
      if (env && env.code === CODES.OK.code && xhr.status < 300) {
        onProgress(100);
        return resolve(env.data as T);
      }
      if (env && xhr.status !== 401 && xhr.status !== 502) {
        const err = new ApiError({ kind: 'envelope', code: env.code, status: xhr.status, msg: env.msg, data: env.data, handled: true });
        return fail(err, envelopeMessage(env, tr));
      }
      const key = xhr.status === 401 ? 'api.sessionExpired' : xhr.status === 502 ? 'api.serverAbnormal' : 'api.requestFailed';
      fail(new ApiError({ kind: 'http', code: xhr.status, status: xhr.status, handled: true }), tr(key));
    };
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
