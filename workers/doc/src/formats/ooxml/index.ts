/** OOXML document formats for document translation: Word, PowerPoint and Excel files. */
export { docxFormat } from './docx-format.js';
export { pptxFormat } from './pptx-format.js';
export { xlsxFormat } from './xlsx-format.js';
export { MAX_UNCOMPRESSED_BYTES } from './zip-package.js';
