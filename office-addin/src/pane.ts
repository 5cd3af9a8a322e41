/**
 * The task pane's flows: sign in (an API key or an account, on the pane's own server), choose the
 * languages, translate in Word or Excel with a progress bar and a stop button, sign out.
 */
import { ClientError, RENEWABLE_CODES, listLanguages, signIn, translateTexts, type ClientAuth } from '@mtp/client';
import { translateSelectedCells } from './excel-translation';
import { translator, type Translate, type UiLang } from './pane-i18n';
import { loadLanguagePair, loadSession, saveLanguagePair, saveSession, type StoredSession } from './pane-session';
import { paneView } from './pane-view';
import { translateWordParagraphs, type TranslateTexts } from './word-translation';

export type PaneHost = 'word' | 'excel';

export type PaneEnv = {
  /** The Office application the pane runs in; null outside Word and Excel. */
  host: PaneHost | null;
  /** Office.js loaded and answered: false when the page was opened outside Office. */
  inOffice: boolean;
  uiLang: UiLang;
  /** The pane's own origin: the platform that served it. */
  server: string;
  storage: Storage | null;
};

type Action = 'selection' | 'document' | 'cells';

/** What the user reads for a failure: the server's message, ours for Office's, never a stack. */
function describeFailure(err: unknown, t: Translate): string {
  if (err instanceof ClientError) return err.message || t('networkError');
  if (typeof OfficeExtension !== 'undefined' && err instanceof OfficeExtension.Error) return t('officeError', { message: err.message });
  return t('networkError');
}

function defaultPair(uiLang: UiLang) {
  return uiLang === 'zh_CN' ? { src: 'en-us', tgt: 'zh-cn' } : { src: 'zh-cn', tgt: 'en-us' };
}

export function startPane(root: HTMLElement, env: PaneEnv): void {
  const t = translator(env.uiLang);
  const view = paneView(root, t, env.uiLang);
  const { els } = view;
  if (!env.inOffice || env.host === null) {
    view.notice(env.inOffice ? t('unsupportedHost') : t('notInOffice'));
    return;
  }
  const host = env.host;
  let signedIn: StoredSession | null = loadSession(env.storage, env.server);
  let authKind: 'key' | 'login' = 'key';
  let running: AbortController | null = null;

  els.actions.forEach((button) => {
    const action = button.dataset.action as Action;
    button.hidden = host === 'word' ? action === 'cells' : action !== 'cells';
    button.addEventListener('click', () => void run(action));
  });
  root.querySelectorAll<HTMLButtonElement>('[data-auth]').forEach((tab) =>
    tab.addEventListener('click', () => {
      authKind = tab.dataset.auth === 'login' ? 'login' : 'key';
      view.authKind(authKind);
    }),
  );
  view.authKind(authKind);
  els.signIn.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitSignIn();
  });
  els.signOut.addEventListener('click', () => signOut(null));
  els.stop.addEventListener('click', () => running?.abort());
  els.swap.addEventListener('click', () => {
    if (els.src.value === 'auto') return;
    [els.src.value, els.tgt.value] = [els.tgt.value, els.src.value];
    rememberPair();
  });
  els.src.addEventListener('change', rememberPair);
  els.tgt.addEventListener('change', rememberPair);
  void loadLanguages();
  showSession();

  function rememberPair() {
    saveLanguagePair(env.storage, { src: els.src.value, tgt: els.tgt.value });
  }

  function showSession() {
    if (!signedIn) return view.signedIn(null);
    const { session, account } = signedIn;
    view.signedIn(session.kind === 'login' && account ? t('signedInAs', { account }) : t('signedInWithKey'));
  }

  function signOut(message: string | null) {
    signedIn = null;
    saveSession(env.storage, null);
    showSession();
    view.status(null);
    view.error(message);
  }

  async function loadLanguages() {
    try {
      const codes = await listLanguages(env.server, undefined, env.uiLang);
      view.languages(codes, loadLanguagePair(env.storage) ?? defaultPair(env.uiLang));
    } catch {
      view.error(t('languagesFailed'));
    }
  }

  function credentials(): ClientAuth | null {
    if (authKind === 'key') {
      const apiKey = els.apiKey.value.trim();
      return apiKey ? { kind: 'key', apiKey } : null;
    }
    const account = els.account.value.trim();
    return account && els.password.value ? { kind: 'login', account, password: els.password.value } : null;
  }

  async function submitSignIn() {
    view.error(null);
    const auth = credentials();
    if (!auth) return view.error(t('needsCredentials'));
    els.submit.disabled = true;
    els.submit.textContent = t('signingIn');
    try {
      const session = await signIn(env.server, auth, undefined, env.uiLang);
      signedIn = { session, account: auth.kind === 'login' ? auth.account : null };
      saveSession(env.storage, signedIn);
      els.password.value = '';
      els.apiKey.value = '';
      showSession();
    } catch (err) {
      view.error(describeFailure(err, t));
    } finally {
      els.submit.disabled = false;
      els.submit.textContent = t('signIn');
    }
  }

  async function run(action: Action) {
    if (!signedIn || running) return;
    const { src, tgt } = { src: els.src.value, tgt: els.tgt.value };
    view.status(null);
    view.error(null);
    if (!tgt || src === tgt) return view.error(t('sameLanguages'));
    const current = signedIn;
    const controller = new AbortController();
    running = controller;
    view.busy({ done: 0, total: 1, text: t('reading') });
    const translate: TranslateTexts = async (texts) => {
      view.busy({ done: 0, total: texts.length, text: t('progress', { done: 0, total: texts.length }) });
      const out = await translateTexts(current.session, texts, src, tgt, {
        uiLang: env.uiLang,
        signal: controller.signal,
        onProgress: (done, total) => view.busy({ done, total, text: t('progress', { done, total }) }),
      });
      // The client may have renewed the token: keep the fresh one for the next run.
      saveSession(env.storage, current);
      controller.signal.throwIfAborted();
      view.busy({ done: texts.length, total: texts.length, text: t('writing') });
      return out;
    };
    try {
      view.status(await translateHere(action, translate));
    } catch (err) {
      if (controller.signal.aborted) view.status(t('stopped'));
      else if (err instanceof ClientError && RENEWABLE_CODES.has(err.code)) signOut(t('sessionEnded'));
      else view.error(describeFailure(err, t));
    } finally {
      running = null;
      view.busy(null);
    }
  }

  async function translateHere(action: Action, translate: TranslateTexts): Promise<string> {
    if (action === 'cells') {
      const count = await translateSelectedCells(translate);
      return count === 0 ? t('nothingToTranslate') : t('doneCells', { count });
    }
    const outcome = await translateWordParagraphs(action, translate);
    const lines = [outcome.translated === 0 ? t('nothingToTranslate') : t('doneParagraphs', { count: outcome.translated })];
    if (outcome.skippedWithPictures > 0) lines.push(t('skippedPictures', { count: outcome.skippedWithPictures }));
    return lines.join(' ');
  }
}
