/**
 * The screen-word pop-up: select up to 500 characters on a page and a small box under the
 * selection shows their translation. Escape, a click elsewhere or a new selection closes it.
 * Selections inside form fields and editable regions are left alone (the user is editing).
 */
import { t } from '../shared/i18n';
import { translateThroughWorker } from '../shared/messages';
import { createShadowHost, ownHosts, removeShadowHost } from './shadow-host';

export const MAX_SELECTION_CHARS = 500;

const CSS = `
:host { max-width: min(420px, calc(100vw - 16px)); }
.box { white-space: pre-wrap; word-break: break-word; max-height: 40vh; overflow: auto; }
.source { color: #616e7c; font-size: 12px; margin-bottom: 4px; }
`;

function inEditable(node: Node | null): boolean {
  const el = node instanceof Element ? node : (node?.parentElement ?? null);
  if (!el) return false;
  return Boolean(el.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])'));
}

export class WordPopup {
  private host: HTMLElement | null = null;
  private request = 0;
  enabled = true;

  constructor() {
    document.addEventListener('mouseup', (e) => this.onMouseUp(e), true);
    document.addEventListener('mousedown', (e) => this.onMouseDown(e), true);
    document.addEventListener('keydown', (e) => e.key === 'Escape' && this.close(), true);
  }

  private isOurs(e: Event): boolean {
    return e.composedPath().some((n) => n instanceof Element && ownHosts.has(n));
  }

  private onMouseDown(e: MouseEvent): void {
    if (this.host && !this.isOurs(e)) this.close();
  }

  private onMouseUp(e: MouseEvent): void {
    if (!this.enabled || e.button !== 0 || this.isOurs(e)) return;
    // The selection is final only after the default action of mouseup.
    setTimeout(() => this.showForSelection(), 0);
  }

  private showForSelection(): void {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
    const text = selection.toString().trim();
    if (text === '' || [...text].length > MAX_SELECTION_CHARS || !/\p{L}/u.test(text)) return;
    if (inEditable(selection.anchorNode) || inEditable(document.activeElement)) return;
    const rect = selection.getRangeAt(0).getBoundingClientRect();
    void this.show(text, rect);
  }

  private async show(text: string, rect: DOMRect): Promise<void> {
    const request = ++this.request;
    this.close();
    const { host, root } = createShadowHost('mtp-plugin-word', CSS);
    this.host = host;
    host.dataset.state = 'loading';
    const left = Math.max(8, Math.min(rect.left, window.innerWidth - 300));
    const below = rect.bottom + 8;
    host.style.left = `${left}px`;
    if (below < window.innerHeight - 80) host.style.top = `${below}px`;
    else host.style.bottom = `${Math.max(8, window.innerHeight - rect.top + 8)}px`;
    const box = document.createElement('div');
    box.className = 'box';
    box.setAttribute('role', 'dialog');
    const source = document.createElement('div');
    source.className = 'source';
    source.textContent = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    const result = document.createElement('div');
    result.className = 'result';
    result.textContent = t('wordLoading');
    box.append(source, result);
    root.append(box);

    const answer = await translateThroughWorker([text]).catch(() => ({ ok: false as const, message: t('errUnknown') }));
    if (request !== this.request || this.host !== host) return; // closed or replaced meanwhile
    host.dataset.state = answer.ok ? 'done' : 'error';
    result.textContent = answer.ok ? (answer.texts[0] ?? '') : t('wordError', answer.message);
    if (!answer.ok) result.className = 'result error';
  }

  close(): void {
    removeShadowHost(this.host);
    this.host = null;
  }
}
