/**
 * Word: the selection's paragraphs (or the whole body's) are read, their texts translated in
 * order, and each written back with `insertText(…, 'Replace')`. Replacing a paragraph's text in
 * place keeps the paragraph itself (style, alignment, indents, list membership, table cell);
 * deleting and inserting paragraphs would not. Two kinds of paragraph stay as they are:
 * - empty ones (nothing to translate, and a Replace would still touch the document);
 * - those holding inline pictures: `text` does not contain a picture, so replacing the text
 *   would delete it. They are counted, and the pane says how many were left.
 */
export type TranslateTexts = (texts: string[]) => Promise<string[]>;

export type WordScope = 'selection' | 'document';

export type WordOutcome = { translated: number; skippedWithPictures: number };

export async function translateWordParagraphs(scope: WordScope, translate: TranslateTexts): Promise<WordOutcome> {
  return Word.run(async (context) => {
    const paragraphs = scope === 'selection' ? context.document.getSelection().paragraphs : context.document.body.paragraphs;
    paragraphs.load('items/text');
    await context.sync();
    const pictures = paragraphs.items.map((paragraph) => {
      const collection = paragraph.inlinePictures;
      collection.load('items');
      return collection;
    });
    await context.sync();

    const targets: Word.Paragraph[] = [];
    let skippedWithPictures = 0;
    paragraphs.items.forEach((paragraph, i) => {
      if (paragraph.text.trim() === '') return;
      if ((pictures[i]?.items.length ?? 0) > 0) {
        skippedWithPictures += 1;
        return;
      }
      targets.push(paragraph);
    });
    if (targets.length === 0) return { translated: 0, skippedWithPictures };

    // Translate everything first: a failure or a stop leaves the document untouched.
    const translations = await translate(targets.map((p) => p.text));
    targets.forEach((paragraph, i) => {
      paragraph.insertText(translations[i] ?? paragraph.text, 'Replace');
    });
    await context.sync();
    return { translated: targets.length, skippedWithPictures };
  });
}
