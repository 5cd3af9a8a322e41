/**
 * A standalone picture's first step (picture translation, issue 22): the upload is re-encoded
 * (`reencodeToPng`: format by content, size by header before decoding, decoded in a child
 * process), so OCR and drawing only ever see a PNG we drew ourselves, and its lines are read.
 * The language decides tesseract's trained data and page segmentation (`ocrImage`: automatic,
 * one uniform block for Korean). Lines below `MIN_LINE_CONFIDENCE` or without a letter (noise,
 * photos) are dropped, as for pictures inside documents.
 */
import type { ReadPictureReply } from '@mtp/proto';
import { ocrImage, tesseractLanguage } from '../ocr/index';
import { MIN_LINE_CONFIDENCE } from '../pictures/index';
import { reencodeToPng } from '../pictures/reencode-picture';

export type ReadPicture = ReadPictureReply & { png?: Buffer };

const PNG_END = Buffer.from('IEND', 'ascii');
const JPEG_END = Buffer.from([0xff, 0xd9]);

/**
 * Whether a PNG or JPEG lacks its end marker: cut off in transit. The decoder draws what it
 * has of such a file (the rest blank), which would OCR as a picture missing its lower half;
 * the user is told the file is incomplete instead. Bytes after the marker are allowed (and
 * dropped by re-encoding).
 */
function cutShort(bytes: Buffer): boolean {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return !bytes.includes(PNG_END);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return bytes.lastIndexOf(JPEG_END) < 2;
  return false;
}

export async function readPicture(bytes: Uint8Array, srcLang: string, maxSide: number, ocr = true): Promise<ReadPicture> {
  const encoded = await reencodeToPng(bytes, maxSide);
  if (encoded.outcome === 'ok' && cutShort(Buffer.from(bytes))) {
    return { outcome: 'undecodable', width: encoded.width, height: encoded.height, lines: [] };
  }
  if (encoded.outcome !== 'ok') return { outcome: encoded.outcome, width: encoded.width, height: encoded.height, lines: [] };
  if (!ocr) return { outcome: 'ok', width: encoded.width, height: encoded.height, lines: [], png: encoded.png };
  const lines = (await ocrImage(encoded.png, tesseractLanguage(srcLang)))
    .filter((l) => l.confidence >= MIN_LINE_CONFIDENCE && /\p{L}/u.test(l.text))
    .map((l) => ({ text: l.text, box: l.box, confidence: Math.round(l.confidence * 10) / 10 }));
  return { outcome: 'ok', width: encoded.width, height: encoded.height, lines, png: encoded.png };
}
