/**
 * The task pane's entry: waits for Office.js (loaded by index.html from Microsoft's CDN), then
 * starts the pane in Office's display language. Opened outside Office (Office.js missing, or it
 * answers no host), the pane says where to open it instead.
 */
import './pane.css';
import { uiLangOf } from './pane-i18n';
import { startPane, type PaneHost } from './pane';

function hostOf(host: unknown): PaneHost | null {
  if (String(host) === 'Word') return 'word';
  if (String(host) === 'Excel') return 'excel';
  return null;
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const root = document.querySelector<HTMLElement>('[data-testid="pane"]')!;
const base = { server: window.location.origin, storage: sessionStorageOrNull() };

if (typeof Office === 'undefined') {
  startPane(root, { ...base, host: null, inOffice: false, uiLang: uiLangOf(navigator.language) });
} else {
  void Office.onReady((info) => {
    const displayLanguage = Office.context?.displayLanguage || navigator.language;
    startPane(root, {
      ...base,
      host: hostOf(info.host),
      inOffice: info.host !== null && info.host !== undefined,
      uiLang: uiLangOf(displayLanguage),
    });
  });
}
