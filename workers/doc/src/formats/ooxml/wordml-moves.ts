/**
 * Tracked moves. Word records moved text twice: `w:moveTo` where it now stands (the text a
 * reader has after accepting the changes; part of its paragraph like inserted text) and
 * `w:moveFrom` where it stood (shown struck through while changes are shown, gone once they are
 * accepted, back if the move is rejected). Both are translated: a reviewer who sees the move,
 * or rejects it, must not get the source language back. The moved-from text is a mirror of the
 * moved-to paragraph with the same text (one translation, charged once); one that matches none
 * (only part of a paragraph moved) is translated on its own.
 *
 * Moved-from text stays marked as moved: its translation goes into its own runs, never outside
 * the `w:moveFrom`. Bilingual by paragraph leaves it as it is (it is not part of the document
 * once the move is accepted, and its translation is in the copy at the new place).
 */
import type { TextUnit } from './text-units.js';
import { insertWordTranslations, replaceWordText } from './wordml-edits.js';
import type { WordRuns } from './wordml-runs.js';
import { scanRuns, textOfItem } from './wordml-scan.js';
import type { Element } from './xml-dom.js';

/** The mirror group of a part's moved text. */
export function movesGroup(partName: string): string {
  return `${partName}#moves`;
}

/** The paragraph's moved-from text (`roots`: its `w:moveFrom` elements, from wordml-scan.ts) as a unit. */
export function movedFromUnit(roots: Element[], w: string, partName: string): TextUnit | undefined {
  if (roots.length === 0) return undefined;
  const scan = scanRuns(roots, w);
  const runs: WordRuns = { w, scan, items: scan.items, roots };
  return {
    text: scan.items.map(textOfItem).join(''),
    mirrorGroup: movesGroup(partName),
    isMirror: true,
    replaceText: (translation) => replaceWordText(runs, translation),
    appendTranslatedCopy() {},
    insertTranslations: (insertions) => insertWordTranslations(runs, insertions),
  };
}
