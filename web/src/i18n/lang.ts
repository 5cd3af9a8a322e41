/**
 * The interface-language rules (spec section 1): Chinese when the browser is Chinese, otherwise
 * English; the user's choice wins and is kept in localStorage `lang`. Pure, so tests need no DOM.
 */
import type { UiLang } from '@mtp/proto';

export const UI_LANGS: readonly UiLang[] = ['zh_CN', 'en_US'];

/** Maps any tag (a stored choice, `zh-TW`, `en-GB`, `zh_CN`) onto one of the two UI languages. */
export function toUiLang(tag: string | null | undefined): UiLang {
  return tag && /^\s*zh/i.test(tag) ? 'zh_CN' : 'en_US';
}

export function isUiLang(value: unknown): value is UiLang {
  return value === 'zh_CN' || value === 'en_US';
}

/** The BCP 47 tag for `<html lang>` and the Accept-Language header. */
export function bcp47(lang: UiLang): string {
  return lang === 'zh_CN' ? 'zh-CN' : 'en-US';
}
