/**
 * The save that must outlive the page (`pagehide`: a reload, a closed tab): a plain `fetch` with
 * `keepalive`, since the API client's promise chain dies with the page. Its answer is never read;
 * the local copy stays until the next load finds the server has the text.
 */
import type { PeSaveBody } from '@mtp/proto';
import { acceptLanguage, API_BASE } from '../../api/client';
import { storage } from '../../api/instance';
import { STORAGE_KEYS } from '../../auth/tokens';
import { currentLang } from '../../i18n';

export function saveOnExit(body: PeSaveBody): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Accept-Language': acceptLanguage(currentLang()) };
  const token = storage.getItem(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    void fetch(`${API_BASE}post_edit/save`, { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // keepalive's 64 KB budget spent: the local copy is restored on the next load instead.
  }
}
