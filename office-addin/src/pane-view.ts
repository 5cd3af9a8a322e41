/**
 * The pane's elements (index.html) and the small things done to them: texts in the interface
 * language, which part shows, the progress bar, the status and error lines.
 */
import { languageName, type MessageKey, type Translate, type UiLang } from './pane-i18n';

function pick<T extends Element>(root: ParentNode, testId: string): T {
  const el = root.querySelector<T>(`[data-testid="${testId}"]`);
  if (!el) throw new Error(`task pane markup lacks ${testId}`);
  return el;
}

export function paneView(root: HTMLElement, t: Translate, uiLang: UiLang) {
  const els = {
    notice: pick<HTMLParagraphElement>(root, 'pane-notice'),
    signIn: pick<HTMLFormElement>(root, 'sign-in'),
    submit: pick<HTMLButtonElement>(root, 'sign-in-submit'),
    apiKey: pick<HTMLInputElement>(root, 'api-key'),
    account: pick<HTMLInputElement>(root, 'account'),
    password: pick<HTMLInputElement>(root, 'password'),
    work: pick<HTMLElement>(root, 'work'),
    who: pick<HTMLSpanElement>(root, 'who'),
    signOut: pick<HTMLButtonElement>(root, 'sign-out'),
    src: pick<HTMLSelectElement>(root, 'src-lang'),
    tgt: pick<HTMLSelectElement>(root, 'tgt-lang'),
    swap: pick<HTMLButtonElement>(root, 'swap'),
    progress: pick<HTMLElement>(root, 'progress'),
    bar: pick<HTMLElement>(root, 'progress').querySelector('progress')!,
    progressText: pick<HTMLSpanElement>(root, 'progress-text'),
    stop: pick<HTMLButtonElement>(root, 'stop'),
    status: pick<HTMLParagraphElement>(root, 'status'),
    error: pick<HTMLParagraphElement>(root, 'error'),
    actions: [...root.querySelectorAll<HTMLButtonElement>('[data-action]')],
  };

  document.documentElement.lang = uiLang === 'zh_CN' ? 'zh-CN' : 'en';
  document.title = t('title');
  root.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => {
    el.textContent = t(el.dataset.i18n as MessageKey);
  });
  root.querySelectorAll<HTMLElement>('[data-i18n-label]').forEach((el) => {
    const label = t(el.dataset.i18nLabel as MessageKey);
    el.setAttribute('aria-label', label);
    el.title = label;
  });

  function showLine(el: HTMLElement, text: string | null) {
    el.textContent = text ?? '';
    el.hidden = text === null;
  }

  return {
    els,
    notice: (text: string) => showLine(els.notice, text),
    status: (text: string | null) => showLine(els.status, text),
    error: (text: string | null) => showLine(els.error, text),
    /** Shows the sign-in form or the work area. */
    signedIn(who: string | null) {
      els.signIn.hidden = who !== null;
      els.work.hidden = who === null;
      els.who.textContent = who ?? '';
    },
    authKind(kind: 'key' | 'login') {
      root
        .querySelectorAll<HTMLElement>('[data-auth]')
        .forEach((tab) => tab.setAttribute('aria-selected', String(tab.dataset.auth === kind)));
      root.querySelectorAll<HTMLElement>('[data-auth-panel]').forEach((panel) => {
        panel.hidden = panel.dataset.authPanel !== kind;
      });
    },
    languages(codes: string[], pair: { src: string; tgt: string }) {
      const option = (code: string, label: string) => new Option(label, code);
      els.src.replaceChildren(option('auto', t('auto')), ...codes.map((c) => option(c, languageName(uiLang, c))));
      els.tgt.replaceChildren(...codes.map((c) => option(c, languageName(uiLang, c))));
      els.src.value = pair.src === 'auto' || codes.includes(pair.src) ? pair.src : 'auto';
      els.tgt.value = codes.includes(pair.tgt) ? pair.tgt : (codes[0] ?? '');
    },
    /** While a translation runs: the actions are disabled and the bar shows; null hides it. */
    busy(progress: { done: number; total: number; text: string } | null) {
      els.actions.forEach((b) => (b.disabled = progress !== null));
      els.signOut.disabled = progress !== null;
      els.progress.hidden = progress === null;
      if (progress) {
        els.bar.setAttribute('max', String(Math.max(progress.total, 1)));
        els.bar.setAttribute('value', String(progress.done));
        els.progressText.textContent = progress.text;
      }
    },
  };
}

export type PaneView = ReturnType<typeof paneView>;
