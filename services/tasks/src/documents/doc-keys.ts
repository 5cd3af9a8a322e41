/** Task and project ids are UUIDs; anything else was not made by this service. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Where a document task's files live in object storage; one prefix per task, so expiry deletes it whole. */
export const docTaskPrefix = (taskId: string) => `docs/${taskId}/`;
export const docSourceKey = (taskId: string, projectId: string, ext: string) => `docs/${taskId}/${projectId}/source.${ext}`;
export const docResultKey = (taskId: string, projectId: string, ext: string) => `docs/${taskId}/${projectId}/result.${ext}`;
/** What the workers and the tasks service hand each other while a file is worked on; gone when it ends. */
export const docWorkPrefix = (taskId: string, projectId: string) => `docs/${taskId}/${projectId}/work/`;
/** The sentences a document worker cut (JSON array, document order). */
export const docSentencesKey = (taskId: string, projectId: string) => `${docWorkPrefix(taskId, projectId)}sentences.json`;
/** Every sentence's translation, in order, for the worker that writes the file. */
export const docTranslationsKey = (taskId: string, projectId: string) => `${docWorkPrefix(taskId, projectId)}translations.json`;

/**
 * Where a cost estimate's uploads wait for the document workers (`doc/estimate`): outside
 * `docs/`, so no task or orphan sweep mistakes them for a task's; deleted when the answer is made.
 */
export const docEstimatePrefix = (estimateId: string) => `estimates/docs/${estimateId}/`;
export const docEstimateKey = (estimateId: string, index: number, ext: string) => `estimates/docs/${estimateId}/${index}.${ext}`;

/** Sentences per MT job: two engine batches; well inside the job's ack wait on CPU, few enough jobs that per-job costs stay small. */
export const DOC_CHUNK_SENTENCES = 64;

/** The download name: the upload's name with the target language before the extension. */
export function resultName(fileName: string, tgtLang: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)}_${tgtLang}${fileName.slice(dot)}` : `${fileName}_${tgtLang}`;
}
