/**
 * Paragraphs become sentences for the engines (and for bilingual-by-sentence output); the plan
 * says how many sentences each paragraph has and how its lines and spacing go back together,
 * so the translated paragraphs are rebuilt exactly in layout. The plan's sentences are what is
 * translated and charged: a segment of code, numbers or math (`COMPANY_CODE`, `59600 MT`, an
 * equation) stays in the paragraph's layout as it is and is neither, and a paragraph of nothing
 * else has no sentences, so the file keeps it untouched.
 */
import { joinText, splitText, type SplitPlan } from '@mtp/segmenter';
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
    const first = next;
    next += paragraph.count;
    if (paragraph.count > 0) out.set(paragraph.id, translatedParagraph(plan, paragraph, first, translations, tgtLang));
  }
  return out;
}

/** One paragraph's translation; its sentences start at `first` in the plan and in `translations`. */
export function translatedParagraph(
  plan: SentencePlan,
  paragraph: ParagraphPlan,
  first: number,
  translations: readonly (string | undefined)[],
  tgtLang: string,
): TranslatedParagraph {
  const sources = plan.sentences.slice(first, first + paragraph.count);
  // An engine that answered nothing must not blank the page: the sentence keeps its source.
  const targets = sources.map((source, i) => keptOrTranslated(source, translations[first + i]!));
  return { sentences: segmentPairs(paragraph.split, sources, targets), target: joinText(paragraph.split, targets, tgtLang) };
}

/**
 * Every segment of the paragraph in order as source and target, code kept as it is among them,
 * so bilingual-by-sentence output loses none of the paragraph.
 */
function segmentPairs(split: SplitPlan, sources: readonly string[], targets: readonly string[]): TranslatedParagraph['sentences'] {
  let next = 0;
  return split.lines.flatMap((line) =>
    line.segments.map((kept) => {
      if (kept !== null) return { source: kept, target: kept };
      next += 1;
      return { source: sources[next - 1]!, target: targets[next - 1]! };
    }),
  );
}

/** A translation that is empty or only whitespace is no translation: the source stays. */
function keptOrTranslated(source: string, target: string): string {
  return target.trim() === '' ? source : target;
}

/** Sentences laid in as their source because their translation was empty, and their characters. */
export type Untranslated = { segments: number; chars: number };

export function untranslatedOf(sentences: readonly string[], translations: readonly (string | undefined)[]): Untranslated {
  const out: Untranslated = { segments: 0, chars: 0 };
  sentences.forEach((source, i) => {
    const target = translations[i];
    if (target !== undefined && target.trim() === '' && source.trim() !== '') {
      out.segments += 1;
      out.chars += [...source].length;
    }
  });
  return out;
}
