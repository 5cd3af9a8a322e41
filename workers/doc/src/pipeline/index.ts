export { FORMATS, openDocument, type OpenedFile } from './open-document';
export { planSentences, translatedParagraph, translatedParagraphs, type ParagraphPlan, type SentencePlan } from './sentence-plan';
