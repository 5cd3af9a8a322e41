/**
 * Every string the user sees comes from `_locales/<lang>/messages.json` through
 * `chrome.i18n.getMessage` (the browser picks zh_CN or en). The keys are typed from the English
 * file, so a missing key fails the typecheck; locales.test.ts keeps both files in step.
 */
import type { UiLang } from '@mtp/client';
import type english from '../../public/_locales/en/messages.json';

export type MessageKey = keyof typeof english;

export function t(key: MessageKey, ...substitutions: string[]): string {
  return chrome.i18n.getMessage(key, substitutions) || key;
}

/** The interface language the server should answer in: the browser's, Chinese or English. */
export function uiLang(): UiLang {
  return /^zh/i.test(chrome.i18n.getUILanguage()) ? 'zh_CN' : 'en_US';
}

/** A language code's name (`en-us` -> "English"), the code itself for one we have no name for. */
export function languageName(code: string): string {
  return chrome.i18n.getMessage(`lang_${code.replace(/-/g, '_')}`) || code;
}
