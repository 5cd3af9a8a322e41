/** Document formats and the document pipeline's pure steps (open, plan sentences, rebuild). */
export * from './formats/types';
export * from './pipeline/index';
export { FORMATS as DOCUMENT_FORMATS } from './pipeline/open-document';
export { docxFormat, pptxFormat, xlsxFormat } from './formats/ooxml/index';
export { pdfFormat } from './formats/pdf/index';
export { txtFormat, htmlFormat, srtFormat, xliffFormat } from './formats/text/index';
export * from './pictures/index';
export { editAsOoxml } from './legacy/index';
export * from './ocr/index';
export { startDocWorker, docWorkerId, type DocWorker, type DocWorkerOptions } from './worker/doc-worker';
export { postEditSegments, segmentsOfPlan, type PeSourceSegment } from './post-edit/segments';
export { KeptDocuments, KEPT_DOCUMENTS_BYTES, type KeptDocument } from './worker/kept-documents';
export { extractTerms, isTermLang, type ExtractTermsOptions, type TermLang } from './terms/extract-terms';
