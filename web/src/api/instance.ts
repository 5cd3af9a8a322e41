/**
 * The app's single API client, wired to the browser. Navigation and the query cache are bound
 * later by main.tsx (`bindApi`) because the router is built from modules that import `api`.
 */
import { showError } from '../components/toast';
import { i18n, currentLang } from '../i18n';
import { browserStorage, loginPathFor, rememberedSite } from '../auth/tokens';
import { purchaseDialog } from '../commerce/browser-wiring';
import { createApiClient, type ApiClientDeps } from './client';

export type ApiBindings = Pick<ApiClientDeps, 'navigate' | 'onTokenRefreshed' | 'onLoggedOut' | 'onQuotaExceeded' | 'onPlanLimit'>;

const bindings: ApiBindings = {
  navigate: (path) => window.location.assign(path),
  onTokenRefreshed: () => {},
  onLoggedOut: () => {},
  // Spec section 8: 41005 opens the purchase dialog with the server's message (packages for a
  // paying member), 42005 with "please upgrade your plan" (plans). Where no dialog can open
  // (no header mounted, nothing sold) the store shows the message instead.
  onQuotaExceeded: (msg) => purchaseDialog.request({ reason: 'quota', message: msg }),
  onPlanLimit: (msg) => purchaseDialog.request({ reason: 'planLimit', message: msg }),
};

export function bindApi(partial: Partial<ApiBindings>): void {
  Object.assign(bindings, partial);
}

export const storage = browserStorage();

export const api = createApiClient({
  fetch: (url, init) => fetch(url, init),
  storage,
  language: currentLang,
  t: (key) => i18n.t(key),
  toast: showError,
  navigate: (path) => bindings.navigate(path),
  loginPath: () => loginPathFor(rememberedSite(storage)),
  currentPath: () => window.location.pathname + window.location.search,
  onTokenRefreshed: () => bindings.onTokenRefreshed(),
  onLoggedOut: () => bindings.onLoggedOut(),
  onQuotaExceeded: (msg) => bindings.onQuotaExceeded(msg),
  onPlanLimit: (msg) => bindings.onPlanLimit(msg),
  delay: (fn, ms) => void setTimeout(fn, ms),
});
