/**
 * The toolbar popup: translate the current tab or show its original, the languages in use, and
 * the way to the options page. The tab's content script does the work; a tab without one (a
 * browser page, a tab opened before the plug-in) is told so.
 */
import { byId, localizePage } from '../shared/dom-i18n';
import { languageName, t } from '../shared/i18n';
import type { PageCommand, PageState } from '../shared/messages';
import { loadSession, loadSettings, validServerUrl } from '../shared/settings';

localizePage();
const status = byId<HTMLParagraphElement>('status');
const translateButton = byId<HTMLButtonElement>('translate');
const undoButton = byId<HTMLButtonElement>('undo');

function show(message: string, kind: 'error' | 'ok' | '' = ''): void {
  status.textContent = message;
  status.className = `status ${kind}`;
}

async function tellActiveTab(command: PageCommand): Promise<PageState | null> {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) return null;
  try {
    return await chrome.tabs.sendMessage<PageCommand, PageState>(tab.id, command);
  } catch {
    return null;
  }
}

function reflect(state: PageState | null): void {
  translateButton.disabled = state === null || state === 'running';
  undoButton.disabled = state !== 'translated' && state !== 'running';
  if (state === null) show(t('popupUnavailable'), 'error');
}

async function init(): Promise<void> {
  const [settings, session] = await Promise.all([loadSettings(), loadSession()]);
  byId('pair').textContent = t(
    'popupPair',
    settings.src === 'auto' ? t('optAuto') : languageName(settings.src),
    languageName(settings.tgt),
  );
  const ready = validServerUrl(settings.server) !== null && (session !== null || (settings.authKind === 'key' && settings.apiKey !== ''));
  if (!ready) show(t('popupNotConfigured'), 'error');
  reflect(await tellActiveTab({ type: 'page-state' }));
}

translateButton.addEventListener('click', async () => {
  const state = await tellActiveTab({ type: 'translate-page' });
  reflect(state);
  // The page shows the progress; the popup stays open only to say why nothing happens.
  if (state !== null) window.close();
});
undoButton.addEventListener('click', async () => {
  await tellActiveTab({ type: 'undo-page' });
  window.close();
});
byId('options').addEventListener('click', () => void chrome.runtime.openOptionsPage());

void init();
