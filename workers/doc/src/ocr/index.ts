export { ocrImage, parseTesseractTsv, tesseractLanguage, isCjk } from './tesseract.js';
export type { OcrLine, OcrOptions, PixelBox } from './tesseract.js';
export { encodePnm, type RawImage } from './pnm.js';
