/**
 * Lays translations into an HTML run (see html-segments.ts), line by line.
 *
 * Inline markup: a line's whole translation goes into its first non-blank text node (so a line
 * that is all bold or all one link stays so); the line's other text nodes are emptied and
 * formatting elements left empty are removed. Links, images, `br` and elements carrying an id
 * stay. Word-level formatting inside a sentence is lost, never the page's structure. Ruby
 * annotations (`rt`, `rp`) of translated text are dropped: they annotate the source.
 *
 * Mode 1 puts a copy of the block, holding the translation, right after it (ids removed, `lang`
 * set to the target). Where the run shares its element with other content, or the element
 * cannot be repeated (table cells, list items whose copy would renumber the list), each line's
 * translation follows it after a `<br>` in a `<span lang>`; `title`/`option` (text only) get
 * `source / translation`. Mode 2 replaces each line's text by sentence pairs: source sentence,
 * `<br>`, translated sentence in a `<span lang>`.
 */
import type { OutputMode, TranslatedParagraph } from '../types';
import {
  cloneElement,
  createElement,
  createText,
  detach,
  insertAfter,
  insertBefore,
  isElement,
  isText,
  removeAttr,
  setAttr,
  type ChildNode,
  type Element,
  type TextNode,
} from './html-dom';
import { isProtected, runLines, type Run } from './html-segments';

/** Blocks repeated for mode 1 (not `li`: a copy would renumber an ordered list). */
const CLONABLE = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'blockquote', 'div', 'address', 'figcaption', 'center']);
/** Elements whose content is plain text only: no `<br>` or `<span>` may go inside. */
const TEXT_ONLY = new Set(['title', 'option']);
const FORMATTING = new Set('b i u s em strong span font small big sub sup mark tt strike nobr'.split(' '));

type Translations = ReadonlyMap<string, TranslatedParagraph>;

/** Text with its `\n` turned into `<br>` elements, as nodes to insert. */
function textWithBreaks(text: string): ChildNode[] {
  return text.split('\n').flatMap((line, i) => (i === 0 ? [createText(line)] : [createElement('br'), createText(line)]));
}

function translated(text: string, lang: string): Element {
  const span = createElement('span', { lang });
  for (const node of textWithBreaks(text)) {
    node.parentNode = span;
    span.childNodes.push(node);
  }
  return span;
}

/** Replaces `text` by `nodes` (the first keeps the text's surrounding whitespace). */
function replaceText(text: TextNode, nodes: ChildNode[]): void {
  const [lead] = /^\s*/.exec(text.value)!;
  const [trail] = /\s*$/.exec(text.value)!;
  const all = [createText(lead), ...nodes, createText(trail)].filter((n) => !isText(n) || n.value);
  for (const node of all) insertBefore(text, node);
  detach(text);
}

/** Puts `nodes` in place of the line's text: into its first non-blank text node, the rest emptied. */
function replaceLine(texts: readonly TextNode[], nodes: ChildNode[]): void {
  const first = texts.find((t) => t.value.trim());
  if (!first) return;
  for (const t of texts) if (t !== first) t.value = '';
  replaceText(first, nodes);
}

function tidy(nodes: readonly ChildNode[]): void {
  for (const n of [...nodes]) {
    if (!isElement(n) || isProtected(n)) continue;
    if (n.tagName === 'rt' || n.tagName === 'rp') {
      detach(n);
      continue;
    }
    tidy(n.childNodes);
    const empty = n.childNodes.every((c) => isText(c) && c.value === '');
    // An id may be a link target, a title a tooltip someone translated: those stay.
    if (FORMATTING.has(n.tagName) && empty && n.attrs.every((a) => a.name !== 'id' && a.name !== 'title')) detach(n);
  }
}

const ownsWholeElement = (run: Run) =>
  run.parent.childNodes.every((c) => run.nodes.includes(c) || (isText(c) && !c.value.trim()) || !isElement(c));

function sentencePairs(translation: TranslatedParagraph, source: string): { source: string; target: string }[] {
  return translation.sentences.length ? translation.sentences : [{ source, target: translation.target }];
}

export function writeRun(run: Run, translations: Translations, mode: OutputMode, tgtLang: string): void {
  const lines = run.lines.map((line) => ({ line, translation: translations.get(line.id) }));
  if (!lines.some((l) => l.translation)) return;
  const textOnly = TEXT_ONLY.has(run.parent.tagName);

  if (mode === 0) {
    for (const { line, translation } of lines) if (translation) replaceLine(line.texts, textWithBreaks(translation.target));
    return tidy(run.nodes);
  }
  if (textOnly) {
    for (const { line, translation } of lines) {
      if (!translation) continue;
      const pairs = mode === 2 ? sentencePairs(translation, line.text) : [{ source: line.text, target: translation.target }];
      replaceLine(line.texts, [createText(pairs.map((p) => `${p.source} / ${p.target}`).join(' '))]);
    }
    return;
  }
  if (mode === 1 && CLONABLE.has(run.parent.tagName) && ownsWholeElement(run) && run.parent.parentNode) {
    const copy = cloneElement(run.parent);
    for (const el of [copy, ...descendantsOf(copy)]) removeAttr(el, 'id');
    setAttr(copy, 'lang', tgtLang);
    // Same content, same algorithm: the copy's lines match the run's lines one to one.
    runLines(copy.childNodes).forEach((copyLine, i) => {
      const translation = lines[i]?.translation;
      if (translation) replaceLine(copyLine.texts, textWithBreaks(translation.target));
    });
    tidy(copy.childNodes);
    insertAfter(run.parent, copy);
    return;
  }
  for (const { line, translation } of lines) {
    if (!translation) continue;
    if (mode === 1) {
      const br = createElement('br');
      insertAfter(line.texts[line.texts.length - 1]!, br);
      insertAfter(br, translated(translation.target, tgtLang));
    } else {
      const nodes = sentencePairs(translation, line.text).flatMap((s, i) => [
        ...(i > 0 ? [createElement('br')] : []),
        ...textWithBreaks(s.source),
        createElement('br'),
        translated(s.target, tgtLang),
      ]);
      replaceLine(line.texts, nodes);
    }
  }
  if (mode === 2) tidy(run.nodes);
}

function descendantsOf(el: Element): Element[] {
  return el.childNodes.filter(isElement).flatMap((c) => [c, ...descendantsOf(c)]);
}
