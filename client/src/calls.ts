/**
 * One call of the platform's API and its envelope `{code, msg, data}` (proto/src/envelope.ts).
 * The site's routes answer a failure with an HTTP status and the envelope, the native public API
 * with HTTP 200 and the envelope: both are read the same way, so `code` is the only judge.
 * `Accept-Language` is sent only when the caller names an interface language: a browser sends
 * its own otherwise, and the gateway answers messages in it (proto `uiLangFrom`).
 */

export type UiLang = 'zh_CN' | 'en_US';

/** A refusal or failure, with the server's code and message (in the language asked for). */
export class ClientError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

/** `code` of a ClientError raised before the server answered (no connection, not our server). */
export const NO_ANSWER = 0;

/** The code of every successful answer. */
export const OK_CODE = 20000;

const OWN_MESSAGES = {
  badServer: {
    zh_CN: '服务器地址无效（需以 http:// 或 https:// 开头）',
    en_US: 'Invalid server address (it must start with http:// or https://)',
  },
  unreachable: { zh_CN: '无法连接服务器，请检查服务器地址和网络', en_US: 'Cannot reach the server; check its address and your network' },
  notOurs: { zh_CN: '服务器的回答无法识别（HTTP {status}）', en_US: 'The server gave an answer this client cannot read (HTTP {status})' },
  noSubtle: { zh_CN: '此环境无法加密密码，请改用 API 密钥', en_US: 'Passwords cannot be encrypted here; use an API key instead' },
} as const;

/** A message of the client's own in the asked language (the browser's or English otherwise). */
export function ownMessage(key: keyof typeof OWN_MESSAGES, lang: UiLang | undefined, status = 0): string {
  const which = lang ?? (typeof navigator !== 'undefined' && /^zh/i.test(navigator.language) ? 'zh_CN' : 'en_US');
  return OWN_MESSAGES[key][which].replace('{status}', String(status));
}

/** `https://host[:port][/prefix]` without a trailing slash; anything but http(s) is refused. */
export function normalizeServer(server: string, lang?: UiLang): string {
  let url: URL;
  try {
    url = new URL(server.trim());
  } catch {
    throw new ClientError(NO_ANSWER, ownMessage('badServer', lang));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ClientError(NO_ANSWER, ownMessage('badServer', lang));
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export type CallOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  uiLang?: UiLang | undefined;
  fetchFn?: typeof fetch | undefined;
  signal?: AbortSignal | undefined;
};

type Envelope<T> = { code: number; msg: string; data: T };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Envelope<unknown>).code === 'number';
}

/** Calls `{server}/api/v1.0/{call}`; answers `data` on 20000, throws ClientError otherwise. */
export async function callApi<T>(server: string, call: string, options: CallOptions = {}): Promise<T> {
  const base = normalizeServer(server, options.uiLang);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.uiLang) headers['accept-language'] = options.uiLang === 'zh_CN' ? 'zh-CN' : 'en-US';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const doFetch = options.fetchFn ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${base}/api/v1.0/${call}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      // The server is named by the user, never the page: no cookies or referrer of anyone's.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (err) {
    if (options.signal?.aborted) throw options.signal.reason ?? err;
    throw new ClientError(NO_ANSWER, ownMessage('unreachable', options.uiLang));
  }
  let answer: unknown;
  try {
    answer = await res.json();
  } catch {
    answer = undefined;
  }
  if (!isEnvelope(answer)) throw new ClientError(NO_ANSWER, ownMessage('notOurs', options.uiLang, res.status));
  if (answer.code !== OK_CODE) throw new ClientError(answer.code, String(answer.msg ?? ''));
  return answer.data as T;
}
