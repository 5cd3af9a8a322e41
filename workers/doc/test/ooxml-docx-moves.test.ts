/**
 * Tracked moves in Word (`w:moveFrom` where the text stood, `w:moveTo` where it stands now):
 * the moved-from copy stayed in the source language, so a reviewer who shows the changes, or
 * rejects the move, read the source (issue 15, item 8). Real file: Apache Tika's
 * testWORD_2006ml.docx ("Second paragraph here" moved above "First paragraph there").
 */
import { describe, expect, it } from 'vitest';
import { docxFormat } from '../src/formats/ooxml/index.js';
import { fakeTarget, fixture, partXml, translateAllModes } from './ooxml-helpers.js';
import { pagesAsLaidOut } from './ooxml-written-text.js';

const MOVED = 'Second paragraph here';

/** The `w:moveFrom` (or `w:moveTo`) element holding the moved text. */
function moveBlock(docx: Buffer, mark: 'moveFrom' | 'moveTo'): string {
  // Not the empty mark on a moved paragraph's mark (`<w:moveFrom .../>` in its run properties).
  const found = new RegExp(`<w:${mark} [^>]*[^/]>(?:(?!</w:${mark}>).)*</w:${mark}>`).exec(partXml(docx, 'word/document.xml'));
  return found?.[0] ?? '';
}

describe('docx tracked moves (real Word file)', () => {
  it('translates the moved-from text with the moved-to text, inside its move marks, and charges it once', async () => {
    const input = await fixture('testWORD_2006ml.docx');
    const { doc, outputs } = await translateAllModes(docxFormat, input);
    expect(doc.paragraphs.filter((p) => p.text === MOVED)).toHaveLength(1);
    const translated = new RegExp(`<w:r(?: [^>]*)?><w:t xml:space="preserve">${fakeTarget(MOVED)}</w:t></w:r>`);
    expect(moveBlock(outputs[0], 'moveTo')).toMatch(translated);
    expect(moveBlock(outputs[0], 'moveFrom')).toMatch(translated);
    expect(partXml(outputs[0], 'word/document.xml')).not.toContain(MOVED);
    // Bilingual by sentence: the source and its translation, both still marked as moved.
    expect(moveBlock(outputs[2], 'moveFrom')).toContain(
      `<w:t>${MOVED}</w:t></w:r><w:r><w:t xml:space="preserve"> ${fakeTarget(MOVED)}</w:t>`,
    );
    // Bilingual by paragraph: the text that leaves once the move is accepted stays as it was.
    expect(moveBlock(outputs[1], 'moveFrom')).toBe(moveBlock(input, 'moveFrom'));
  });

  it('leaves no source text where LibreOffice shows the move', async () => {
    const { outputs } = await translateAllModes(docxFormat, await fixture('testWORD_2006ml.docx'));
    const text = (await pagesAsLaidOut(outputs[0], 'docx')).join(' ');
    expect(text.split(fakeTarget(MOVED))).toHaveLength(3); // moved to, and moved from
    expect(text).not.toContain(MOVED);
  }, 120_000);
});
