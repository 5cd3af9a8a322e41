/**
 * "Translate pictures inside" for OOXML documents: every PNG/JPEG in the package's media folder
 * is OCR'd (tesseract, the source language), its confident lines are translated and drawn back
 * into the picture, and the picture's entry is replaced; every other entry keeps its bytes. A
 * picture without readable text is left as it was.
 */
import { readPackage, writePackage } from '../formats/ooxml/zip-package';
import { imageSize } from 'image-size';
import { isKeptLine, readPictureText } from '../ocr/index';
import { redrawPicture } from './redraw-picture';

export { MIN_LINE_CONFIDENCE } from '../ocr/index';
const MEDIA = /^(word|ppt|xl)\/media\/[^/]+\.(png|jpe?g)$/i;

/** The translations of a picture's lines, or null to leave the picture as it is (e.g. not paid for). */
export type TranslateTexts = (texts: string[]) => Promise<string[] | null>;

export type PictureReport = { pictures: number; translated: number; lines: number; chars: number };

/** One picture translated: OCR'd, its confident lines translated and redrawn; null when it has no text. */
export async function translatePicture(
  bytes: Uint8Array,
  format: 'png' | 'jpeg',
  srcLang: string,
  translate: TranslateTexts,
): Promise<{ bytes: Buffer; lines: number; chars: number } | null> {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  // Turned pictures are not turned back: the document places the picture as it is.
  const read = await readPictureText(bytes, srcLang, { width: size.width ?? 0, height: size.height ?? 0 }, { turn: false });
  const lines = read.lines.filter(isKeptLine);
  if (lines.length === 0) return null;
  const translations = await translate(lines.map((l) => l.text));
  if (!translations) return null;
  const redrawn = await redrawPicture(
    Buffer.from(bytes),
    lines.map((l, i) => ({ box: l.box, text: translations[i] ?? l.text, vertical: l.vertical })),
    format,
  );
  return { bytes: redrawn, lines: lines.length, chars: lines.reduce((n, l) => n + [...l.text].length, 0) };
}

export async function translatePictures(
  packageBytes: Buffer,
  srcLang: string,
  translate: TranslateTexts,
): Promise<{ bytes: Buffer; report: PictureReport }> {
  // The package reader's refusals (zip bombs, encrypted or corrupt files) apply here too.
  const pkg = await readPackage(packageBytes);
  const changed = new Map<string, Uint8Array>();
  const report: PictureReport = { pictures: 0, translated: 0, lines: 0, chars: 0 };
  for (const name of pkg.names) {
    const match = MEDIA.exec(name);
    if (!match) continue;
    report.pictures += 1;
    const done = await translatePicture(pkg.files.get(name)!, match[2]!.toLowerCase() === 'png' ? 'png' : 'jpeg', srcLang, translate);
    if (!done) continue;
    changed.set(name, done.bytes);
    report.translated += 1;
    report.lines += done.lines;
    report.chars += done.chars;
  }
  if (report.translated === 0) return { bytes: packageBytes, report };
  return { bytes: await writePackage(pkg, changed), report };
}

/** Formats whose pictures can be translated: the OOXML packages, and the legacy and OpenDocument ones through them. */
export const PICTURE_FORMATS = new Set(['docx', 'pptx', 'xlsx', 'doc', 'ppt', 'xls', 'odt', 'ods', 'odp']);
