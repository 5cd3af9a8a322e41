/**
 * The calls of proto/src/translation.ts: text translation (free users `try_translate`,
 * logged-in users `text/translate`), language detection, language/domain lists, the engine
 * list and the characters left.
 */
import {
  isWhitelisted,
  type DomainList,
  type EngineList,
  type LangidData,
  type LanguageAndDomainList,
  type LanguageList,
  type TranslateBody,
  type TranslateData,
} from '@mtp/proto';
import { hasAuthToken } from '../auth/session';
import { api } from './instance';

/** Text translation's `flag` for the language and domain lists. */
export const TEXT_FLAG = 0;

export const TRANSLATION_PATHS = {
  tryTranslate: 'try_translate',
  translate: 'text/translate',
  langid: 'langid',
  languagesAndDomains: 'site/get_all_language_and_domain',
  languages: 'site/sites_language_list',
  domains: 'site/sites_domain_list',
  engines: 'text/engine_list',
  remaining: 'user/remaining_str',
} as const;

/** Whether a call can be made now: with a token, or because it answers free users too. */
export function canCall(path: string): boolean {
  return hasAuthToken() || isWhitelisted(path);
}

export type TranslateOptions = {
  /** Logged-in users translate on their own quota; free users (and the mobile trial) use try_translate. */
  member: boolean;
  signal?: AbortSignal;
  /** Codes the page shows inline instead of as a toast (40016, same language). */
  expectedCodes?: readonly number[];
};

export function translateText(body: TranslateBody, opts: TranslateOptions): Promise<TranslateData> {
  const path = opts.member ? TRANSLATION_PATHS.translate : TRANSLATION_PATHS.tryTranslate;
  return api.post<TranslateData>(path, body, { signal: opts.signal, expectedCodes: opts.expectedCodes });
}

/** Early detection while typing; a failure only means no early hint, so it is quiet. */
export function detectLanguage(text: string, signal?: AbortSignal): Promise<LangidData> {
  return api.post<LangidData>(TRANSLATION_PATHS.langid, { text }, { signal, quiet: true });
}

/** Languages and domains in one call; names come in the Accept-Language language. */
export function fetchLanguagesAndDomains(flag: number = TEXT_FLAG): Promise<LanguageAndDomainList> {
  return api.get<LanguageAndDomainList>(TRANSLATION_PATHS.languagesAndDomains, { flag });
}

export function fetchLanguageList(flag: number = TEXT_FLAG): Promise<LanguageList> {
  return api.get<LanguageList>(TRANSLATION_PATHS.languages, { flag });
}

/** Domains offered for one pair (`language_pair` = `src_tgt`). */
export function fetchDomainList(languagePair: string, flag: number = TEXT_FLAG): Promise<DomainList> {
  return api.get<DomainList>(TRANSLATION_PATHS.domains, { flag, language_pair: languagePair });
}

export function fetchEngineList(): Promise<EngineList> {
  return api.get<EngineList>(TRANSLATION_PATHS.engines);
}

/** `user/remaining_str`: `total_left` is what the page needs; the other fields pass through. */
export type RemainingChars = { total_left: number } & Record<string, unknown>;

export function fetchRemainingChars(): Promise<RemainingChars> {
  return api.get<RemainingChars>(TRANSLATION_PATHS.remaining);
}
