/**
 * A standalone picture's first step (picture translation, issue 22): the upload is re-encoded
 * (`reencodeToPng`: format by content, size by header before decoding, decoded in a child
 * process), so OCR and drawing only ever see a PNG we drew ourselves, and its lines are read.
 * The language decides tesseract's trained data; the layout (a block, sparse text, vertical
 * columns) is the one that reads best (`readPictureText`). A picture lying on its side is turned
 * upright first, and the upright PNG is the one stored and drawn into: the answer's size and
 * boxes are the turned picture's. Lines below `MIN_LINE_CONFIDENCE` or without a letter (noise,
 * photos) are dropped, as for pictures inside documents.
 */
import type { ReadPictureReply } from '@mtp/proto';
import { isKeptLine, readPictureText, uprightPicture } from '../ocr/index';
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

function turnedSize(size: { width: number; height: number }, turned: number): { width: number; height: number } {
  return turned % 180 === 0 ? { width: size.width, height: size.height } : { width: size.height, height: size.width };
}

export async function readPicture(bytes: Uint8Array, srcLang: string, maxSide: number, ocr = true): Promise<ReadPicture> {
  const encoded = await reencodeToPng(bytes, maxSide);
  if (encoded.outcome === 'ok' && cutShort(Buffer.from(bytes))) {
    return { outcome: 'undecodable', width: encoded.width, height: encoded.height, lines: [] };
  }
  if (encoded.outcome !== 'ok') return { outcome: encoded.outcome, width: encoded.width, height: encoded.height, lines: [] };
  if (!ocr) {
    // Turned as translating it turned it (orientation alone decides), so edited lines' boxes fit.
    const { png, turned } = await uprightPicture(encoded.png);
    return { outcome: 'ok', ...turnedSize(encoded, turned), lines: [], png };
  }
  const read = await readPictureText(encoded.png, srcLang, encoded);
  const lines = read.lines.filter(isKeptLine).map((l) => ({
    text: l.text,
    box: l.box,
    confidence: Math.round(l.confidence * 10) / 10,
    ...(l.vertical ? { vertical: true } : {}),
  }));
  return { outcome: 'ok', ...turnedSize(encoded, read.turned), lines, png: read.png ?? encoded.png };
}
