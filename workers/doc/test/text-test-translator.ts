/**
 * A deterministic stand-in for the translation engine, shared by the text, inspect and legacy
 * tests: each sentence becomes `«SENTENCE»` upper-cased, so a test can tell source from target.
 */
import type { OpenedDocument, TranslatedParagraph } from '../src/formats/types';

export const fakeTarget = (sentence: string) => `«${sentence.toUpperCase()}»`;

export function translateAll(doc: Pick<OpenedDocument, 'paragraphs'>): Map<string, TranslatedParagraph> {
  const out = new Map<string, TranslatedParagraph>();
  for (const p of doc.paragraphs) {
    const sentences = p.text
      .split(/(?<=[.!?])\s+/)
      .filter(Boolean)
      .map((source) => ({ source, target: fakeTarget(source) }));
    out.set(p.id, { sentences, target: sentences.map((s) => s.target).join(' ') });
  }
  return out;
}

export const langs = { srcLang: 'en', tgtLang: 'fr' } as const;
