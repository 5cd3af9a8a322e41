/** Post-editing (`/translationedit`, issue 21): projects of translated files, their segments and edits. */
export { assertPostEditAllowed, PE_PLAN_DETAIL, type PeAccess } from './pe-access';
export type { PeDeps } from './pe-deps';
export type { PeActor, PeBankCheck, PeMemoryEntry, PeMemoryPort, PeMemoryWrite } from './pe-memory-port';
export { openPostEdit, peSegmentsKey } from './pe-open';
export { getPeProject, listPeProjects, listPeSegments } from './pe-queries';
export { findProject, type ProjectRow, type SegmentRow } from './pe-rows';
export { savePeSegment } from './pe-save';
export { propagatePeSegment, replaceInPeTargets, replacePattern } from './pe-bulk-edits';
export { setPeMemory } from './pe-settings';
// Checks and exports (matches, concordance, QA, exports in four formats).
export type { PeConcordanceLookup, PeLookupPort, PeMatchQuery } from './pe-lookup-port';
export { peConcordance, peMatches } from './pe-matches';
export { peQa } from './pe-qa';
export { lostTags, missingTerms, numberMismatch, numbersIn } from './pe-qa-checks';
export { createPeExport, EXPORT_STALE_MS, exportName, peExportDownload, queryPeExport, type PeExportDeps } from './pe-exports';
export { consumePeExportResults, onPeExportResult, type PeExportResultDeps } from './pe-export-results';
