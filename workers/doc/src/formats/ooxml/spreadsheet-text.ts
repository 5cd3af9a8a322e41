/**
 * SpreadsheetML rich text (`si` shared strings, `is` inline strings, comment `text`) and plain
 * text elements (PowerPoint comment `p:text`) as TextUnits. Cells have no paragraphs, so mode 1
 * writes "source\ntranslation" into the same string.
 *
 * Phonetic runs (`rPh`, Japanese furigana) are not part of the text; they index characters of
 * the base text, so they are dropped when that text is replaced (mode 0 and 2) and kept when the
 * translation is only appended after it (mode 1).
 */
import { NS, childElements, createLike, insertAfter, is, remove, setPreservedText, type Element } from './xml-dom.js';
import type { TextUnit } from './text-units.js';

function tOf(parent: Element): Element | undefined {
  return childElements(parent).find((child) => child.localName === 't' && child.namespaceURI === parent.namespaceURI);
}

/**
 * `isFixedRun` marks runs that are not text to translate and stay as they are (Excel starts a
 * comment with a bold "Author:" run).
 */
export function richTextUnit(container: Element, isFixedRun: (run: Element, text: string) => boolean = () => false): TextUnit {
  const ns = container.namespaceURI ?? NS.s;
  const children = childElements(container);
  const plain = tOf(container);
  const runs = children.filter((child) => is(child, ns, 'r') && !isFixedRun(child, tOf(child)?.textContent ?? ''));
  const runText = (run: Element) => tOf(run)?.textContent ?? '';
  const anchor = runs.find((run) => runText(run) !== '') ?? runs[0];
  const text = plain ? (plain.textContent ?? '') : runs.map(runText).join('');

  const dropPhonetics = () => children.filter((child) => is(child, ns, 'rPh')).forEach(remove);

  return {
    text,
    replaceText(translation) {
      dropPhonetics();
      if (plain) return setPreservedText(plain, translation);
      if (!anchor) return;
      const t = tOf(anchor);
      if (t) setPreservedText(t, translation);
      for (const run of runs) if (run !== anchor) remove(run);
    },
    appendTranslatedCopy(padded) {
      // "source\ntranslation": the line break already separates them, outer whitespace would double it.
      const translation = padded.trim();
      if (plain) return setPreservedText(plain, `${text}\n${translation}`);
      const last = runs.at(-1);
      if (!anchor || !last) return;
      const copy = anchor.cloneNode(true) as Element;
      let t = tOf(copy);
      if (!t) {
        t = createLike(anchor, 't');
        copy.appendChild(t);
      }
      setPreservedText(t, `\n${translation}`);
      insertAfter(copy, last);
    },
  };
}

export function plainTextUnit(el: Element): TextUnit {
  const text = el.textContent ?? '';
  return {
    text,
    replaceText(translation) {
      el.textContent = translation;
    },
    appendTranslatedCopy(translation) {
      el.textContent = `${text}\n${translation.trim()}`;
    },
  };
}
