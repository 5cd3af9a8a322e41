/** React glue for the site the user belongs to: its config, and the page title it implies. */
import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '@mtp/proto';
import { currentSiteCode } from '../auth/session';
import { toUiLang } from '../i18n/lang';
import { loginConfigQueryOptions } from '../queries/login-config-query-options';
import { joinTitle, pageTitleKey } from '../routes/page-title';
import { documentTitle } from './site-display';

/** The remembered site's config (main site when none); undefined while loading or on failure. */
export function useCurrentSite(): SiteInfo | undefined {
  return useQuery(loginConfigQueryOptions(currentSiteCode())).data;
}

/** document.title: the page's name (routes/page-title.ts), then the site's or product's name. */
export function useDocumentTitle(site: SiteInfo | null | undefined): void {
  const { t, i18n } = useTranslation();
  const pageKey = useRouterState({ select: (state) => pageTitleKey(state.matches) });
  const title = joinTitle(pageKey ? t(pageKey) : null, documentTitle(site, toUiLang(i18n.language), t('app.productName')));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Whether the user belongs to the main site (no remembered site code, or one marked is_main). */
export function useOnMainSite(): boolean {
  const code = currentSiteCode();
  const site = useQuery({ ...loginConfigQueryOptions(code), enabled: code !== null }).data;
  return code === null || site?.is_main === true;
}

/** The same answer for route guards; an unreadable site counts as not main, the safer side. */
export async function isOnMainSite(queryClient: QueryClient): Promise<boolean> {
  const code = currentSiteCode();
  if (code === null) return true;
  const site = await queryClient.ensureQueryData(loginConfigQueryOptions(code)).catch(() => null);
  return site?.is_main === true;
}
