/** The messages between the plug-in's parts: content script, service worker, popup. */

/** Content script or popup -> service worker. */
export type TranslateRequest = { type: 'translate'; texts: string[] };
export type TranslateAnswer = { ok: true; texts: string[] } | { ok: false; message: string };

/** Service worker or popup -> content script of a tab. */
export type PageCommand = { type: 'translate-page' } | { type: 'undo-page' } | { type: 'page-state' };
export type PageState = 'idle' | 'running' | 'translated';

/** At most this many texts in one message (the content script sends 50). */
export const MAX_TEXTS_PER_MESSAGE = 200;

export function isTranslateRequest(value: unknown): value is TranslateRequest {
  const v = value as TranslateRequest | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.type === 'translate' &&
    Array.isArray(v.texts) &&
    v.texts.length <= MAX_TEXTS_PER_MESSAGE &&
    v.texts.every((s) => typeof s === 'string')
  );
}

export function isPageCommand(value: unknown): value is PageCommand {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'translate-page' || type === 'undo-page' || type === 'page-state';
}

/** Asks the service worker to translate `texts` with the stored settings and session. */
export function translateThroughWorker(texts: string[]): Promise<TranslateAnswer> {
  return chrome.runtime.sendMessage<TranslateRequest, TranslateAnswer>({ type: 'translate', texts });
}
