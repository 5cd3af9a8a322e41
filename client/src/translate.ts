/**
 * Translating a list of texts in order. A key session calls the native `open/translate` with up
 * to 50 segments at a time (one charge per call); a login session calls the web app's
 * `text/translate`, one text per call (that route takes one text), a few at a time. Blank texts
 * never reach the server. A token that died mid-way is renewed once per call (session.ts).
 */
import { callApi, ClientError, type UiLang } from './calls';
import { planBatches, textsDone, type Piece } from './batches';
import { renewSession, type ClientSession } from './session';

export type TranslateOptions = {
  uiLang?: UiLang;
  onProgress?: (done: number, total: number) => void;
  fetchFn?: typeof fetch;
  signal?: AbortSignal;
};

/** Login calls run this many at once: far below the frequency limit, enough to hide latency. */
const LOGIN_PARALLEL = 6;

/** One call with the session's token, renewing it once when the server says it died. */
async function withSession<T>(session: ClientSession, options: TranslateOptions, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(session.token);
  } catch (err) {
    if (!(err instanceof ClientError)) throw err;
    if (!(await renewSession(session, err, options.fetchFn, options.uiLang).catch(() => false))) throw err;
    return call(session.token);
  }
}

async function translateBatchWithKey(session: ClientSession, batch: Piece[], src: string, tgt: string, options: TranslateOptions) {
  const data = await withSession(session, options, (token) =>
    callApi<{ translations: { translated: string }[] }>(session.server, 'open/translate', {
      body: { text: batch.map((p) => p.value), src_lang: src, tgt_lang: tgt },
      token,
      uiLang: options.uiLang,
      fetchFn: options.fetchFn,
      signal: options.signal,
    }),
  );
  return data.translations.map((t) => t.translated);
}

async function translateOneWithLogin(session: ClientSession, text: string, src: string, tgt: string, options: TranslateOptions) {
  const data = await withSession(session, options, (token) =>
    callApi<{ translated: string }>(session.server, 'text/translate', {
      body: { text, src_lang: src, tgt_lang: tgt },
      token,
      uiLang: options.uiLang,
      fetchFn: options.fetchFn,
      signal: options.signal,
    }),
  );
  return data.translated;
}

/** Translates `texts` from `src` (or `auto`) into `tgt`, answering them in the same order. */
export async function translateTexts(
  session: ClientSession,
  texts: readonly string[],
  src: string,
  tgt: string,
  options: TranslateOptions = {},
): Promise<string[]> {
  const out = [...texts];
  const pieces = new Map<number, string[]>();
  const batches = session.kind === 'key' ? planBatches(texts) : planBatches(texts, LOGIN_PARALLEL, Number.MAX_SAFE_INTEGER);
  for (let i = 0; i < batches.length; i++) {
    options.signal?.throwIfAborted();
    const batch = batches[i]!;
    const translated =
      session.kind === 'key'
        ? await translateBatchWithKey(session, batch, src, tgt, options)
        : await Promise.all(batch.map((p) => translateOneWithLogin(session, p.value, src, tgt, options)));
    batch.forEach((piece, k) => {
      const list = pieces.get(piece.text) ?? [];
      list.push(translated[k] ?? '');
      pieces.set(piece.text, list);
    });
    options.onProgress?.(textsDone(texts, batches, i + 1), texts.length);
  }
  for (const [index, list] of pieces) out[index] = list.join('');
  return out;
}
