/**
 * Language choice on the translation pages: the source may be `auto` (detect), the swap rules,
 * the remembered choice, pair availability from the engine list, domains and display names.
 */
import {
  DOMAINS,
  DOMAIN_NAMES,
  LANGUAGES,
  LANGUAGE_NAMES,
  type Domain,
  type DomainItem,
  type EnginePair,
  type LanguageCode,
  type LanguageItem,
  type UiLang,
} from '@mtp/proto';
import type { KeyValueStore } from '../auth/tokens';

export const AUTO = 'auto';
export type SourceLang = LanguageCode | typeof AUTO;

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isSourceLang(value: unknown): value is SourceLang {
  return value === AUTO || isLanguageCode(value);
}

/** The language the text is in as far as we know: the chosen one, or the detected one under `auto`. */
export function effectiveSource(src: SourceLang, detected: LanguageCode | null): LanguageCode | null {
  return src === AUTO ? detected : src;
}

/** Swapping needs a concrete source: a chosen one, or under `auto` one that was detected. */
export function canSwap(src: SourceLang, detected: LanguageCode | null): boolean {
  return effectiveSource(src, detected) !== null;
}

/** The languages after a swap (the detected language becomes the target), or null when not allowed. */
export function swapLanguages(
  src: SourceLang,
  tgt: LanguageCode,
  detected: LanguageCode | null,
): { src: LanguageCode; tgt: LanguageCode } | null {
  const from = effectiveSource(src, detected);
  return from === null ? null : { src: tgt, tgt: from };
}

/**
 * Spec section 5: source and target must differ. Under `auto` that is known once the text's
 * language was detected; before that the server decides (40016).
 */
export function isSameLanguage(src: SourceLang, tgt: LanguageCode, detected: LanguageCode | null = null): boolean {
  return effectiveSource(src, detected) === tgt;
}

// --- the remembered choice --------------------------------------------------------------------

export const LANG_PREFS_KEY = 'textTranslateLangs';

export type LangPrefs = { src: SourceLang; tgt: LanguageCode };

/** First visit: detect the source; translate into English for a Chinese UI, into Chinese otherwise. */
export function defaultLangPrefs(uiLang: UiLang): LangPrefs {
  return { src: AUTO, tgt: uiLang === 'zh_CN' ? 'en-us' : 'zh-cn' };
}

export function loadLangPrefs(store: KeyValueStore, uiLang: UiLang): LangPrefs {
  const fallback = defaultLangPrefs(uiLang);
  try {
    const raw: unknown = JSON.parse(store.getItem(LANG_PREFS_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return fallback;
    const { src, tgt } = raw as Record<string, unknown>;
    return { src: isSourceLang(src) ? src : fallback.src, tgt: isLanguageCode(tgt) ? tgt : fallback.tgt };
  } catch {
    return fallback;
  }
}

export function saveLangPrefs(store: KeyValueStore, prefs: LangPrefs): void {
  try {
    store.setItem(LANG_PREFS_KEY, JSON.stringify({ src: prefs.src, tgt: prefs.tgt }));
  } catch {
    // A full or blocked storage only costs the memory of the choice.
  }
}

// --- availability from the engine list ---------------------------------------------------------

export type PairStatus = EnginePair['kind'] | 'unknown';

/** How a pair is served; `unknown` when the list is missing, empty or silent about it (never blocks). */
export function pairStatus(engines: readonly EnginePair[] | undefined, src: LanguageCode | null, tgt: LanguageCode): PairStatus {
  if (!engines || src === null) return 'unknown';
  return engines.find((e) => e.src_lang === src && e.tgt_lang === tgt)?.kind ?? 'unknown';
}

/** Targets the engine list marks unavailable for this source (shown disabled with a hint). */
export function unavailableTargets(engines: readonly EnginePair[] | undefined, src: LanguageCode | null): Set<LanguageCode> {
  if (!engines || src === null) return new Set();
  return new Set(engines.filter((e) => e.src_lang === src && e.kind === 'unavailable').map((e) => e.tgt_lang));
}

// --- domains ------------------------------------------------------------------------------------

export const DEFAULT_DOMAIN: Domain = 'general';

export function isDomain(value: unknown): value is Domain {
  return typeof value === 'string' && (DOMAINS as readonly string[]).includes(value);
}

/** `language_pair` of sites_domain_list: `src_tgt`, e.g. `en-us_zh-cn`. */
export function languagePair(src: LanguageCode, tgt: LanguageCode): string {
  return `${src}_${tgt}`;
}

/** Keeps the chosen domain while the pair offers it, else general, else the pair's first one. */
export function pickDomain(chosen: Domain, available: readonly Domain[] | undefined): Domain {
  if (!available || available.length === 0 || available.includes(chosen)) return chosen;
  return available.includes(DEFAULT_DOMAIN) ? DEFAULT_DOMAIN : available[0]!;
}

// --- names --------------------------------------------------------------------------------------

/** The server's name (it answers in the Accept-Language language), else the built-in one. */
export function languageName(code: LanguageCode, list: readonly LanguageItem[] | undefined, uiLang: UiLang): string {
  return list?.find((l) => l.language_code === code)?.language || LANGUAGE_NAMES[code][uiLang];
}

/** The languages to offer: the server's list when it has one, else all the platform knows. */
export function languageCodes(list: readonly LanguageItem[] | undefined): LanguageCode[] {
  const fromServer = (list ?? []).map((l) => l.language_code).filter(isLanguageCode);
  return fromServer.length > 0 ? [...new Set(fromServer)] : [...LANGUAGES];
}

/** A domain's name from the server's list, else the built-in one. */
export function domainName(code: Domain, list: readonly DomainItem[] | undefined, uiLang: UiLang): string {
  return list?.find((d) => d.domain_code === code)?.domain || DOMAIN_NAMES[code][uiLang];
}
