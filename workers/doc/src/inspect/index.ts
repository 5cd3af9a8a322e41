/** Upload inspection: format from extension and bytes, encryption, zip bombs, section 5 limits. */
export { inspectDocument, inspectFile, type InspectedFormat, type Inspection } from './detect-format';
export { isEncryptedDoc, isEncryptedPdf, isEncryptedPpt, isEncryptedXls, hasEncryptedPackage, readCfb } from './encryption';
export { checkZipSafety, listZipEntries, ZIP_MAX_RATIO, ZIP_MAX_TOTAL_BYTES, type ZipEntryInfo } from './zip-safety';
export { checkDocumentLimits, TextBudget } from './limits';
export { checkOdfPackage, isOdfFormat, ODF_MEDIA_TYPES, odfFormatOf, odfMediaType, type OdfFormat } from './odf-package';
