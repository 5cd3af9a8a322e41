/** Office file conversion through LibreOffice (see README.md in this folder). */
export { convertWithLibreOffice, OfficeConversionError, type ConvertOptions, type OfficeErrorReason } from './libreoffice';
