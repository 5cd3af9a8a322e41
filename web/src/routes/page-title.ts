/**
 * Each page's browser title, "<page> – <site>" in the UI language (e.g. "Log in – MT Platform").
 * A route names its page with `staticData: { titleKey }`; a route that does not (one built by a
 * feature's own module) is named by its navigation entry, so every page of the nav has a title
 * without each screen setting one. The deepest match that names its page wins.
 */
import type { ParseKeys } from 'i18next';
import { ADMIN_NAV, MAIN_NAV, USER_CENTER_NAV } from '../nav/nav-items';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The i18n key of the page's name, shown in the browser tab. */
    titleKey?: ParseKeys;
  }
}

export type TitledMatch = { pathname: string; staticData?: { titleKey?: ParseKeys } };

const NAV_TITLES = new Map<string, ParseKeys>([...MAIN_NAV, ...USER_CENTER_NAV, ...ADMIN_NAV].map((item) => [item.to, item.labelKey]));

/** The i18n key naming the page the matches lead to, or null (the site's name alone). */
export function pageTitleKey(matches: readonly TitledMatch[]): ParseKeys | null {
  const named = matches.findLast((m) => m.staticData?.titleKey)?.staticData?.titleKey;
  if (named) return named;
  // Only the page itself: its layouts match `/` too, which would name every page "Text translation".
  const leaf = matches.at(-1);
  return leaf ? (NAV_TITLES.get(leaf.pathname.replace(/(.)\/$/, '$1')) ?? null) : null;
}

/** The site's title (product or site name) behind the page's, with an en dash between. */
export function joinTitle(page: string | null, siteTitle: string): string {
  return page ? `${page} – ${siteTitle}` : siteTitle;
}
