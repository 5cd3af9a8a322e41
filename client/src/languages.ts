/**
 * The languages the server translates: the web app's own list (`site/sites_language_list`, on
 * the no-login whitelist), so an options page can fill its lists before anyone signs in.
 */
import { callApi, type UiLang } from './calls';

export async function listLanguages(server: string, fetchFn?: typeof fetch, uiLang?: UiLang): Promise<string[]> {
  const data = await callApi<{ language_list: { language_code: string }[] }>(server, 'site/sites_language_list', { fetchFn, uiLang });
  return data.language_list.map((l) => l.language_code);
}
