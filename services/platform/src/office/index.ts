/** Office files: LibreOffice conversion without network, and zip reading under a budget (see README.md in this folder). */
export { convertWithLibreOffice, OfficeConversionError, type ConvertOptions, type OfficeErrorReason } from './libreoffice';
export { officeSandboxOf, type OfficeSandbox } from './office-sandbox';
export { dropExternalLinks, withoutExternalRelationships, withoutFetchingFields } from './external-links';
export { GuardedZip, type ZipEntry } from './guarded-zip';
export { writeZip, type CopiedZipPart, type NewZipPart } from './zip-writer';
export {
  checkDeclaredSizes,
  OFFICE_ZIP_LIMITS,
  RATIO_LIMIT,
  ZipRefusedError,
  type DeclaredEntry,
  type ZipLimits,
  type ZipRefusal,
} from './zip-limits';
