/**
 * The content script of every http(s) page: the in-place page translation (on the popup's,
 * the context menu's or the keyboard command's word) and the screen-word pop-up, which follows
 * the options page's switch as it changes.
 */
import { isPageCommand, type PageState } from '../shared/messages';
import { loadSettings } from '../shared/settings';
import { ProgressBadge } from './badge';
import { PageTranslator } from './page-translator';
import { WordPopup } from './word-popup';

// Once per page, even if the script is injected again.
const marker = '__mtpPluginLoaded';
const scope = globalThis as unknown as Record<string, boolean>;
if (!scope[marker]) {
  scope[marker] = true;
  const translator: PageTranslator = new PageTranslator(new ProgressBadge(() => translator.undo()));
  const popup = new WordPopup();

  void loadSettings().then((s) => (popup.enabled = s.screenWord));
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && changes.settings) void loadSettings().then((s) => (popup.enabled = s.screenWord));
  });

  chrome.runtime.onMessage.addListener((message: unknown, _sender, sendResponse: (state: PageState) => void) => {
    if (!isPageCommand(message)) return false;
    if (message.type === 'translate-page') void translator.translate();
    if (message.type === 'undo-page') translator.undo();
    sendResponse(translator.state);
    return false;
  });
}
