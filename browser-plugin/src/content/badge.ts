/**
 * The page's progress badge (bottom right): "Translating… 40%" with a bar, then "Page
 * translated" with an Undo button, or the error in the browser's language. The host carries
 * `data-state` and `data-progress` so that the state can be read from outside the shadow root.
 */
import { t } from '../shared/i18n';
import { createShadowHost, removeShadowHost } from './shadow-host';

const CSS = `
:host { right: 16px; bottom: 16px; max-width: min(360px, calc(100vw - 32px)); }
.bar { height: 4px; background: #e4e7eb; border-radius: 2px; margin-top: 6px; overflow: hidden; }
.bar > div { height: 100%; background: #2563eb; transition: width .2s; }
.row { display: flex; align-items: center; justify-content: space-between; gap: 4px; flex-wrap: wrap; }
`;

export class ProgressBadge {
  private host: HTMLElement | null = null;
  private root: ShadowRoot | null = null;

  constructor(private readonly onUndo: () => void) {}

  private box(state: string): HTMLDivElement {
    if (!this.host || !this.host.isConnected) ({ host: this.host, root: this.root } = createShadowHost('mtp-plugin-badge', CSS));
    this.host.dataset.state = state;
    this.root!.querySelector('.box')?.remove();
    const box = document.createElement('div');
    box.className = 'box';
    box.setAttribute('role', 'status');
    this.root!.append(box);
    return box;
  }

  private button(label: string, onClick: () => void): HTMLButtonElement {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  }

  progress(percent: number): void {
    const box = this.box('progress');
    this.host!.dataset.progress = String(percent);
    const label = document.createElement('div');
    label.textContent = t('badgeProgress', String(percent));
    const bar = document.createElement('div');
    bar.className = 'bar';
    const fill = document.createElement('div');
    fill.style.width = `${percent}%`;
    bar.append(fill);
    box.append(label, bar);
  }

  done(translatedAnything: boolean): void {
    const box = this.box('done');
    this.host!.dataset.progress = '100';
    const row = document.createElement('div');
    row.className = 'row';
    const label = document.createElement('span');
    label.textContent = translatedAnything ? t('badgeDone') : t('badgeNothing');
    row.append(label);
    if (translatedAnything) row.append(this.button(t('badgeUndo'), this.onUndo));
    row.append(this.button(t('badgeClose'), () => this.remove()));
    box.append(row);
  }

  error(message: string): void {
    const box = this.box('error');
    const row = document.createElement('div');
    row.className = 'row';
    const label = document.createElement('span');
    label.className = 'error';
    label.textContent = t('badgeError', message);
    row.append(
      label,
      this.button(t('badgeClose'), () => this.remove()),
    );
    box.append(row);
  }

  remove(): void {
    removeShadowHost(this.host);
    this.host = null;
    this.root = null;
  }
}
