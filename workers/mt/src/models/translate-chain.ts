/**
 * Runs texts through engines in turn (ja -> en-us -> zh-cn): each leg translates the previous
 * leg's output. Pivot translation and round-trip checks both use it.
 */
import type { TranslateOptions } from '../engine/marian-engine';

export type TextTranslator = { translate(texts: readonly string[], options?: TranslateOptions): Promise<string[]> };

export async function translateChain(
  legs: readonly TextTranslator[],
  texts: readonly string[],
  options: TranslateOptions = {},
): Promise<string[]> {
  if (legs.length === 0) throw new Error('translateChain needs at least one engine');
  let current: readonly string[] = texts;
  for (const leg of legs) current = await leg.translate(current, options);
  return [...current];
}
