/**
 * @mtp/segmenter: cutting text into sentences for the engines and joining their translations
 * back in the text's layout. The MT engine and the document worker both cut with it, so a
 * document's sentences are the engine's sentences, and neither sends code or math to an engine.
 */
export { isCodeOrMath } from './code-like';
export {
  baseLang,
  joinerFor,
  joinText,
  MAX_SENTENCE_CHARS,
  splitSentences,
  splitText,
  type LineSegment,
  type SplitPlan,
  type SplitResult,
} from './sentence-splitter';
