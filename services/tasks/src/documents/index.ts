export * from './doc-deps';
export * from './doc-keys';
export { documentAppError } from './doc-errors';
export { submitDocuments } from './doc-submit';
export { assembleDocument, publishAssemble } from './doc-assemble';
export { storeDocChunk, failDocFile, finishFile, withdrawChunks } from './doc-state';
export { queryDocTask, interruptDocTask, docDownload, listMyFiles } from './doc-queries';
export { sweepExpiredDocuments, deleteMyFiles } from './doc-retention';
export { startDocumentRuntime, RETENTION_SWEEP_MS, type DocumentRuntime } from './doc-runtime';
