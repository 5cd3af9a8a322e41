/**
 * The text of a picture (a screenshot, a sign, a slide, a scan), read in the page segmentation
 * that reads it best: the picture is made gray by luminance (`grayPicture`), tesseract is run in
 * a few layouts at once and the reading with the most confidently read letters wins (figures in
 * README.md). Chinese, Japanese and Korean are read with English as a second language: their
 * signs and screenshots mix in Latin words, and the two scripts cannot be mistaken for each other
 * (Russian is read alone: Cyrillic а, о, с would come out as Latin a, o, c).
 *
 * - `--psm 6` (one uniform block): screenshots, paragraphs and single lines; automatic
 *   segmentation (3) drops or garbles lines of Japanese and Korean paragraphs;
 * - `--psm 11` (sparse text): signs and photos, where a block reading picks up the background;
 * - Chinese, Japanese and Korean that look like columns (a tall picture, or short horizontal
 *   lines): the `_vert` data, `--psm 5` (Japanese reads best) and `--psm 3` (Chinese reads best);
 *   such lines are marked `vertical`;
 * - meanwhile tesseract's orientation detection says whether the picture lies on its side; if
 *   so it is read again turned upright. The turn depends on the picture alone (not on the
 *   language or the reading), so re-rendering edited lines (`readPicture` without OCR) turns
 *   the picture exactly as translating it did, and the lines' boxes fit.
 */
import { grayPicture } from './gray-picture';
import { turnPicture, uprightTurn } from './orientation';
import { ocrImage, tesseractLanguage, type OcrLine } from './tesseract';

/** Lines tesseract is less sure of than this are left alone (noise, photos). */
export const MIN_LINE_CONFIDENCE = 60;
const VERTICAL_SCRIPTS = new Set(['chi_sim', 'jpn', 'kor']);

export type PictureTextLine = OcrLine & { vertical?: boolean };

export type PictureText = {
  lines: PictureTextLine[];
  /** Which reading won, e.g. `chi_sim psm 6` or `jpn_vert psm 5`. */
  layout: string;
  /** Degrees the picture was turned clockwise before reading (0: as uploaded), and the turned PNG. */
  turned: number;
  png?: Buffer;
};

type Reading = { layout: string; lines: PictureTextLine[]; score: number };

/** A line worth translating: read confidently and with at least one letter. */
export const isKeptLine = (line: OcrLine) => line.confidence >= MIN_LINE_CONFIDENCE && /\p{L}/u.test(line.text);

/** Letters read, each weighted by its line's confidence: what a reading is judged by. */
function scoreOf(lines: OcrLine[]): number {
  return lines.filter(isKeptLine).reduce((sum, l) => sum + (l.text.match(/\p{L}/gu)?.length ?? 0) * (l.confidence / 100), 0);
}

async function readAs(png: Uint8Array, lang: string, psm: number, vertical = false): Promise<Reading> {
  const lines = (await ocrImage(png, lang, { psm })).map((l) => (vertical && l.box.height > l.box.width ? { ...l, vertical } : l));
  return { layout: `${lang} psm ${psm}`, lines, score: scoreOf(lines) };
}

/** The best of the readings; on a tie the earlier (the block reading keeps whole lines together). */
const best = (readings: Reading[]) => readings.reduce((a, b) => (b.score > a.score ? b : a));

/** A picture that may hold columns: taller than wide, or read across as lines of a few characters. */
function maybeColumns(reading: Reading, width: number, height: number): boolean {
  const kept = reading.lines.filter(isKeptLine).map((l) => [...l.text.replace(/\s/g, '')].length);
  if (height > width || kept.length === 0) return true;
  const median = kept.sort((a, b) => a - b)[Math.floor(kept.length / 2)]!;
  return median <= 3;
}

async function readUpright(picture: Uint8Array, lang: string, width: number, height: number): Promise<Reading> {
  const png = await grayPicture(picture);
  const cjk = VERTICAL_SCRIPTS.has(lang);
  const across = cjk ? `${lang}+eng` : lang;
  let reading = best(await Promise.all([readAs(png, across, 6), readAs(png, across, 11)]));
  if (cjk && maybeColumns(reading, width, height)) {
    const vertical = await Promise.all([readAs(png, `${lang}_vert`, 5, true), readAs(png, `${lang}_vert`, 3, true)]);
    reading = best([reading, ...vertical]);
  }
  return reading;
}

/**
 * Reads the text of a PNG of `width` x `height` in `srcLang` (a platform code: `zh-cn`, `ja`...).
 * `turn: false` keeps the picture as it is (a picture inside a document is redrawn in place).
 */
export async function readPictureText(
  png: Uint8Array,
  srcLang: string,
  size: { width: number; height: number },
  options: { turn?: boolean } = {},
): Promise<PictureText> {
  const lang = tesseractLanguage(srcLang);
  // Both at once: on an upright picture (nearly all) the reading is not kept waiting.
  const [turn, reading] = await Promise.all([
    (options.turn ?? true) ? uprightTurn(png) : 0,
    readUpright(png, lang, size.width, size.height),
  ]);
  if (turn !== 0) {
    const turned = await turnPicture(png, turn);
    const again = await readUpright(turned.png, lang, turned.width, turned.height);
    return { lines: again.lines, layout: again.layout, turned: turn, png: turned.png };
  }
  return { lines: reading.lines, layout: reading.layout, turned: 0 };
}
