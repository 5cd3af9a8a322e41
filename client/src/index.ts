/**
 * @mtp/client: a small browser-side client of the platform's own API, shared by the browser
 * plug-in and the Office add-in (README). No dependencies: fetch and WebCrypto only.
 */
export { ClientError, NO_ANSWER, type UiLang } from './calls';
export { signIn, renewSession, storableSession, RENEWABLE_CODES, type ClientAuth, type ClientSession } from './session';
export { translateTexts, type TranslateOptions } from './translate';
export { listLanguages } from './languages';
export { encryptWithSubtle } from './password';
export { MAX_SEGMENTS, MAX_SEGMENT_CHARS } from './batches';
