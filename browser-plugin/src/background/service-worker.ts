/**
 * The service worker: the context menu and the keyboard command that translate or restore the
 * current tab (by telling its content script), and the translation calls the content scripts
 * and the popup ask for (page-texts.ts).
 */
import { t } from '../shared/i18n';
import { isTranslateRequest, type PageCommand, type TranslateAnswer } from '../shared/messages';
import { translateForPage } from './page-texts';

const MENU = { translate: 'mtp-translate-page', undo: 'mtp-undo-page' } as const;

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: MENU.translate, title: t('menuTranslatePage'), contexts: ['page'] });
    chrome.contextMenus.create({ id: MENU.undo, title: t('menuUndoPage'), contexts: ['page'] });
  });
});

function tellTab(tabId: number | undefined, command: PageCommand): void {
  if (tabId === undefined) return;
  // A tab without our content script (a browser page) has no receiver: nothing to do there.
  chrome.tabs.sendMessage(tabId, command).catch(() => {});
}

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU.translate) tellTab(tab?.id, { type: 'translate-page' });
  if (info.menuItemId === MENU.undo) tellTab(tab?.id, { type: 'undo-page' });
});

chrome.commands.onCommand.addListener((command, tab) => {
  if (command === 'translate-page') tellTab(tab?.id, { type: 'translate-page' });
});

chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse: (answer: TranslateAnswer) => void) => {
  // Only our own pages and content scripts can reach this listener (no externally_connectable).
  if (sender.id !== chrome.runtime.id || !isTranslateRequest(message)) return false;
  translateForPage(message.texts).then(sendResponse, () => sendResponse({ ok: false, message: t('errUnknown') }));
  return true;
});
