export { ocrImage, parseTesseractTsv, tesseractLanguage, isCjk } from './tesseract.js';
export type { OcrLine, OcrOptions, PixelBox } from './tesseract.js';
export { encodePnm, type RawImage } from './pnm.js';
export { readPictureText, isKeptLine, MIN_LINE_CONFIDENCE, type PictureText, type PictureTextLine } from './read-picture-text.js';
export { uprightTurn, uprightPicture, turnPicture } from './orientation.js';
