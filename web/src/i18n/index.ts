/**
 * i18next setup. Detection order: the stored choice (`lang`), then the browser; whatever is
 * found is folded onto zh_CN or en_US so nothing else ever becomes the active language.
 */
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { UiLang } from '@mtp/proto';
import { STORAGE_KEYS } from '../auth/tokens';
import { enUS } from './en-us';
import { bcp47, isUiLang, toUiLang } from './lang';
import { zhCN } from './zh-cn';

export const resources = {
  zh_CN: { translation: zhCN },
  en_US: { translation: enUS },
} as const;

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'en_US',
    // Only the exact codes exist; don't let i18next look for `zh` or `en` bundles.
    load: 'currentOnly',
    showSupportNotice: false,
    // Resources are bundled: initialise synchronously so the first render is already translated.
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: STORAGE_KEYS.lang,
      // Only an explicit choice is stored (changeLang); a detected default keeps following the browser.
      caches: [],
      convertDetectedLanguage: toUiLang,
    },
  });

function syncDocumentLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = bcp47(toUiLang(lng));
}
syncDocumentLang(i18n.language);
i18n.on('languageChanged', syncDocumentLang);

export function currentLang(): UiLang {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isUiLang(lng) ? lng : toUiLang(lng);
}

/** Switches the UI language and remembers the choice in localStorage `lang`. */
export function changeLang(lang: UiLang): Promise<unknown> {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // Storage may be blocked; the switch still applies to this page.
  }
  return i18n.changeLanguage(lang);
}

export { i18n };
