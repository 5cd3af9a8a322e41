/**
 * The line-based formats (txt, srt) lay out the three output modes the same way: the
 * translation alone, the source then the translation, or each source sentence followed by its
 * translated sentence.
 */
import type { OutputMode, TranslatedParagraph } from '../types';

export function bilingualText(source: string, translation: TranslatedParagraph, mode: OutputMode): string[] {
  if (mode === 0) return [translation.target];
  if (mode === 1 || translation.sentences.length === 0) return [source, translation.target];
  return translation.sentences.flatMap((s) => [s.source, s.target]);
}
