/**
 * Translating the page in place and undoing it. The items (dom-walk.ts) are sent as distinct
 * texts, 50 to a message (one server call for a key), the first screenful's first; each answer
 * is written into the page at once, keeping the whitespace around each text. Every original is
 * kept with the value written over it, so Undo restores exactly what was there, and leaves
 * alone a node the page itself changed since.
 */
import { reshape, uniqueChunks } from '../shared/text-shape';
import { t } from '../shared/i18n';
import { translateThroughWorker, type PageState } from '../shared/messages';
import { collectItems, type PageItem } from './dom-walk';
import { ownHosts } from './shadow-host';

export const TEXTS_PER_MESSAGE = 50;

type Written = { item: PageItem; value: string };

export type ProgressView = {
  progress(percent: number): void;
  done(translatedAnything: boolean): void;
  error(message: string): void;
  remove(): void;
};

function currentValue(item: PageItem): string | null {
  return item.kind === 'text' ? item.node.data : item.element.getAttribute(item.name);
}

function write(item: PageItem, value: string): void {
  if (item.kind === 'text') item.node.data = value;
  else item.element.setAttribute(item.name, value);
}

export class PageTranslator {
  private written: Written[] = [];
  private run = 0;
  state: PageState = 'idle';

  constructor(private readonly view: ProgressView) {}

  async translate(): Promise<void> {
    if (this.state === 'running') return;
    // Translating a translated page starts again from the original (the languages may have changed).
    if (this.state === 'translated') this.undo();
    const run = ++this.run;
    this.state = 'running';
    const items = collectItems(document, ownHosts);
    const chunks = uniqueChunks(
      items.map((i) => i.core),
      TEXTS_PER_MESSAGE,
    );
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const byCore = new Map<string, PageItem[]>();
    for (const item of items) byCore.set(item.core, [...(byCore.get(item.core) ?? []), item]);
    let done = 0;
    this.view.progress(0);
    for (const chunk of chunks) {
      let answer;
      try {
        answer = await translateThroughWorker(chunk);
      } catch {
        answer = { ok: false as const, message: t('errUnknown') };
      }
      if (run !== this.run) return; // undone meanwhile
      if (!answer.ok) {
        this.state = this.written.length > 0 ? 'translated' : 'idle';
        this.view.error(answer.message);
        return;
      }
      chunk.forEach((core, i) => {
        const translated = answer.texts[i];
        if (translated === undefined || translated.trim() === '') return;
        for (const item of byCore.get(core) ?? []) {
          // The page may have replaced the node since it was collected: leave its new text alone.
          if (currentValue(item) !== item.original) continue;
          const value = reshape(item.original, translated);
          write(item, value);
          this.written.push({ item, value });
        }
      });
      done += chunk.length;
      this.view.progress(Math.round((done / total) * 100));
    }
    this.state = this.written.length > 0 ? 'translated' : 'idle';
    this.view.done(this.written.length > 0);
  }

  /** Puts every original back (in reverse, so a value written twice ends as the first original). */
  undo(): void {
    this.run += 1;
    for (const { item, value } of this.written.reverse()) if (currentValue(item) === value) write(item, item.original);
    this.written = [];
    this.state = 'idle';
    this.view.remove();
  }
}
