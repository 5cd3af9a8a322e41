/**
 * HTML pages (parse5, the browsers' parsing algorithm, so messy real-world markup parses as a
 * browser shows it). What is translated and how inline markup survives: html-segments.ts and
 * html-write.ts. The result is UTF-8 with its charset declaration updated, and `<html lang>`
 * set to the target language. Attributes get the translation alone in every mode (a bilingual
 * tooltip or alt text helps no one).
 */
import { parse, serialize } from 'parse5';
import { DocumentError, type DocumentFormat, type OpenedDocument, type Paragraph } from '../types';
import { declareUtf8, decodeHtml } from './html-charset';
import { elements, getAttr, setAttr } from './html-dom';
import { collectSegments } from './html-segments';
import { writeRun } from './html-write';
import { encodeUtf8 } from './text-encoding';
import { textStats } from './text-stats';

export const htmlFormat: DocumentFormat = {
  extensions: ['html', 'htm'],
  async open(input): Promise<OpenedDocument> {
    const decoded = decodeHtml(input);
    const document = parse(decoded.text);
    const { runs, attrs } = collectSegments(document);
    const paragraphs: Paragraph[] = [...runs.flatMap((r) => r.lines), ...attrs].map(({ id, text }) => ({ id, text }));
    if (paragraphs.length === 0) throw new DocumentError('empty', 'the page has no text to translate');

    return {
      paragraphs,
      stats: textStats(paragraphs),
      // `write` changes the parsed tree: a document is written once, after translation.
      async write(translations, { mode, tgtLang }) {
        for (const run of runs) writeRun(run, translations, mode, tgtLang);
        for (const attr of attrs) {
          const translation = translations.get(attr.id);
          if (translation) setAttr(attr.element, attr.name, translation.target);
        }
        for (const el of elements(document)) {
          if (el.tagName !== 'html') continue;
          setAttr(el, 'lang', tgtLang);
          if (getAttr(el, 'xml:lang') !== undefined) setAttr(el, 'xml:lang', tgtLang);
        }
        declareUtf8(document);
        return encodeUtf8(serialize(document), decoded.bom);
      },
    };
  },
};
