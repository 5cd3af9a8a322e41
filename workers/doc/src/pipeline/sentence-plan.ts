/**
 * Paragraphs become sentences for the engines (and for bilingual-by-sentence output); the plan
 * says how many sentences each paragraph has and how its lines and spacing go back together,
 * so the translated paragraphs are rebuilt exactly in layout.
 */
import { joinText, splitText, type SplitPlan } from '@mtp/mt-worker/src/engine/sentence-splitter';
import type { Paragraph, TranslatedParagraph } from '../formats/types';

export type ParagraphPlan = { id: string; split: SplitPlan; count: number };
export type SentencePlan = { paragraphs: ParagraphPlan[]; sentences: string[] };

export function planSentences(paragraphs: readonly Paragraph[], srcLang: string): SentencePlan {
  const sentences: string[] = [];
  const plans: ParagraphPlan[] = [];
  for (const paragraph of paragraphs) {
    const { sentences: own, plan } = splitText(paragraph.text, srcLang);
    plans.push({ id: paragraph.id, split: plan, count: own.length });
    sentences.push(...own);
  }
  return { paragraphs: plans, sentences };
}

/** Translated paragraphs by id, from the translations of every sentence in order. */
export function translatedParagraphs(
  plan: SentencePlan,
  translations: readonly string[],
  tgtLang: string,
): Map<string, TranslatedParagraph> {
  if (translations.length !== plan.sentences.length) {
    throw new Error(`${translations.length} translations for ${plan.sentences.length} sentences`);
  }
  const out = new Map<string, TranslatedParagraph>();
  let next = 0;
  for (const paragraph of plan.paragraphs) {
    const sources = plan.sentences.slice(next, next + paragraph.count);
    const targets = translations.slice(next, next + paragraph.count);
    next += paragraph.count;
    if (paragraph.count === 0) continue;
    out.set(paragraph.id, {
      sentences: sources.map((source, i) => ({ source, target: targets[i]! })),
      target: joinText(paragraph.split, targets, tgtLang),
    });
  }
  return out;
}
