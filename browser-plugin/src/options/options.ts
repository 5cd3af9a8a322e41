/**
 * The options page: server address (http or https), languages from the server's own list,
 * how to sign in (an API key, or the account and password, of which only the session the server
 * answers is kept), the screen-word switch, "Test connection" and "Save and sign in". All of it
 * lives in chrome.storage.local (settings.ts). The extension page calls @mtp/client directly:
 * its fetches, like the service worker's, go to the server under the host permissions.
 */
import { ClientError, listLanguages, signIn, type ClientAuth } from '@mtp/client';
import { byId, localizePage } from '../shared/dom-i18n';
import { t, uiLang } from '../shared/i18n';
import { loadSession, loadSettings, saveSession, saveSettings, validServerUrl, type Settings } from '../shared/settings';
import { authKind, fields, fillLanguages, readForm, showAuthFields, writeForm } from './options-form';

/** Until the server answers, the platform's five languages. */
const KNOWN_LANGUAGES = ['zh-cn', 'en-us', 'ja', 'ko', 'ru'];

localizePage();
const status = byId<HTMLParagraphElement>('status');
let settings: Settings;

function show(message: string, kind: 'error' | 'ok' | '' = ''): void {
  status.textContent = message;
  status.className = `status ${kind}`;
  status.dataset.kind = kind;
}

function failure(err: unknown): string {
  return err instanceof ClientError ? err.message : t('errUnknown');
}

function serverOrComplain(): string | null {
  const server = validServerUrl(fields.server().value);
  fields.server().setCustomValidity(server ? '' : t('optServerInvalid'));
  if (!server) show(t('optServerInvalid'), 'error');
  return server;
}

/** The credentials typed in the form, or null (with the reason shown). */
function typedAuth(current: Settings): ClientAuth | null {
  if (current.authKind === 'key') {
    if (!/^[^:\s]+:\S+$/.test(current.apiKey)) return (show(t('optKeyRequired'), 'error'), null);
    return { kind: 'key', apiKey: current.apiKey };
  }
  const password = fields.password().value;
  if (!current.account || !password) return (show(t('optLoginRequired'), 'error'), null);
  return { kind: 'login', account: current.account, password };
}

async function showSignedIn(): Promise<void> {
  const session = await loadSession();
  const line = byId('signed-in');
  if (!session) line.textContent = t('optNotSignedIn');
  else line.textContent = session.kind === 'key' ? t('optSignedInKey') : t('optSignedInAs', settings.account);
  byId<HTMLButtonElement>('sign-out').hidden = !session;
}

async function loadLanguages(server: string): Promise<string[]> {
  const codes = await listLanguages(server, undefined, uiLang());
  const current = readForm(settings);
  fillLanguages(codes, current.src, current.tgt);
  return codes;
}

async function busy(work: () => Promise<void>): Promise<void> {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button')];
  buttons.forEach((b) => (b.disabled = true));
  show(t('optWorking'));
  try {
    await work();
  } catch (err) {
    show(failure(err), 'error');
  } finally {
    buttons.forEach((b) => (b.disabled = false));
  }
}

byId('load-languages').addEventListener('click', () =>
  busy(async () => {
    const server = serverOrComplain();
    if (server) show(t('optLanguagesLoaded', String((await loadLanguages(server)).length)), 'ok');
  }),
);

byId('test').addEventListener('click', () =>
  busy(async () => {
    const server = serverOrComplain();
    const auth = server && typedAuth(readForm(settings));
    if (!server || !auth) return;
    await loadLanguages(server);
    await signIn(server, auth, undefined, uiLang());
    show(t('optTestOk'), 'ok');
  }),
);

byId<HTMLFormElement>('form').addEventListener('submit', (event) => {
  event.preventDefault();
  void busy(async () => {
    const server = serverOrComplain();
    if (!server) return;
    const next = { ...readForm(settings), server };
    // A login kept from before stays valid for new languages or switches: no password needed.
    const kept = await loadSession();
    if (
      next.authKind === 'login' &&
      !fields.password().value &&
      kept?.kind === 'login' &&
      kept.server === server &&
      next.account === settings.account
    ) {
      settings = next;
      await saveSettings(settings);
      show(t('optSavedNoSignIn'), 'ok');
      return;
    }
    const auth = typedAuth(next);
    if (!auth) return;
    const session = await signIn(server, auth, undefined, uiLang());
    settings = next;
    await saveSettings(settings);
    await saveSession(session); // storableSession: a login's password is dropped here
    fields.password().value = '';
    await showSignedIn();
    show(t('optSaved'), 'ok');
  });
});

byId('sign-out').addEventListener('click', () =>
  busy(async () => {
    await saveSession(null);
    await showSignedIn();
    show(t('optNotSignedIn'));
  }),
);

for (const radio of document.querySelectorAll<HTMLInputElement>('input[name=authKind]'))
  radio.addEventListener('change', () => showAuthFields(authKind()));

// The screen-word switch applies at once, without signing in again.
fields.screenWord().addEventListener('change', async () => {
  settings = { ...settings, screenWord: fields.screenWord().checked };
  await saveSettings(settings);
  show(t('optSavedNoSignIn'), 'ok');
});

async function init(): Promise<void> {
  settings = await loadSettings();
  writeForm(settings, KNOWN_LANGUAGES);
  await showSignedIn();
  const server = validServerUrl(settings.server);
  if (server) await loadLanguages(server).catch((err: unknown) => show(failure(err), 'error'));
  document.body.dataset.ready = 'true';
}

void init();
