/** How a site names itself: the English name in the English UI when it has one. */
import type { SiteInfo, UiLang } from '@mtp/proto';

export function siteDisplayName(site: Pick<SiteInfo, 'site_name' | 'site_config'>, lang: UiLang): string {
  const { name, english_name } = site.site_config;
  if (lang === 'en_US' && english_name.trim()) return english_name;
  return name.trim() || site.site_name;
}

/** document.title: the site's own name only when its config hides the product title. */
export function documentTitle(
  site: Pick<SiteInfo, 'site_name' | 'site_config'> | null | undefined,
  lang: UiLang,
  productName: string,
): string {
  return site?.site_config.hideTitle ? siteDisplayName(site, lang) : productName;
}
