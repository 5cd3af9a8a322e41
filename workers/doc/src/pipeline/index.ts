export { FORMATS, openDocument, type OpenedFile } from './open-document';
export { planSentences, translatedParagraphs, type ParagraphPlan, type SentencePlan } from './sentence-plan';
