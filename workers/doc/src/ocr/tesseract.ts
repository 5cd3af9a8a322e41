/**
 * A small wrapper around the `tesseract` CLI (Debian package tesseract-ocr). We use the CLI, not
 * a WASM port, because the system build is several times faster and ships the trained data for
 * the languages we serve. Output is requested as TSV so every word comes with its pixel box.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A box in image pixels, origin at the top-left corner. */
export type PixelBox = { left: number; top: number; width: number; height: number };

/** One recognised text line, with the block/paragraph tesseract placed it in. */
export type OcrLine = {
  text: string;
  box: PixelBox;
  /** Tesseract's block and paragraph numbers: lines sharing both belong to one paragraph. */
  block: number;
  paragraph: number;
  /** Mean word confidence, 0..100. */
  confidence: number;
};

export type OcrOptions = {
  /** Page segmentation mode; defaults to 3 (automatic), 6 for Korean (see `tesseractLanguage`). */
  psm?: number;
  /** Kill tesseract after this many milliseconds (default 120 s). */
  timeoutMs?: number;
};

const LANGUAGE_BY_PREFIX: [prefix: string, tesseract: string][] = [
  ['zh', 'chi_sim'],
  ['ja', 'jpn'],
  ['ko', 'kor'],
  ['ru', 'rus'],
  ['en', 'eng'],
];

/** Maps a platform language code (`zh-cn`, `en-us`, `ja`...) to a tesseract language; English otherwise. */
export function tesseractLanguage(lang: string): string {
  const lower = lang.toLowerCase();
  return LANGUAGE_BY_PREFIX.find(([prefix]) => lower.startsWith(prefix))?.[1] ?? 'eng';
}

/**
 * Recognises the text of one image (any format leptonica reads: PNG, JPEG, PNM, TIFF).
 * `langs` are tesseract language names (e.g. `['eng']` or `'chi_sim+eng'`).
 */
export async function ocrImage(bytes: Uint8Array, langs: string | string[], options: OcrOptions = {}): Promise<OcrLine[]> {
  const lang = Array.isArray(langs) ? langs.join('+') : langs;
  // Korean pages come out fragmented with automatic segmentation; one uniform block works better.
  const psm = options.psm ?? (lang.includes('kor') ? 6 : 3);
  const tsv = await runTesseract(bytes, ['-l', lang, '--psm', String(psm), 'tsv'], options.timeoutMs ?? 120_000);
  return parseTesseractTsv(tsv);
}

/** Runs `tesseract <image> stdout <args>` on the bytes (written to a temp file) and answers its stdout. */
export async function runTesseract(bytes: Uint8Array, args: string[], timeoutMs: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mtp-ocr-'));
  try {
    const input = path.join(dir, 'page');
    await writeFile(input, bytes);
    return await run(['tesseract', input, 'stdout', ...args], timeoutMs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run([command, ...args]: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // OMP_THREAD_LIMIT=1: tesseract's OpenMP threads fight each other on small machines.
    const env = { ...process.env, OMP_THREAD_LIMIT: '1' };
    execFile(command!, args, { env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tesseract failed: ${error.message} ${stderr}`.trim()));
      else resolve(stdout);
    });
  });
}

/** Turns tesseract's word-level TSV into lines (level 5 rows grouped by block/paragraph/line). */
export function parseTesseractTsv(tsv: string): OcrLine[] {
  type Acc = { words: Word[]; confs: number[]; x0: number; y0: number; x1: number; y1: number; block: number; par: number };
  const lines = new Map<string, Acc>();
  for (const row of tsv.split('\n').slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 12 || cols[0] !== '5') continue;
    const text = cols.slice(11).join('\t').trim();
    if (!text) continue;
    const [block, par, line, left, top, width, height] = [2, 3, 4, 6, 7, 8, 9].map((i) => Number(cols[i]));
    const key = `${block}/${par}/${line}`;
    const acc = lines.get(key) ?? {
      words: [],
      confs: [],
      x0: Infinity,
      y0: Infinity,
      x1: -Infinity,
      y1: -Infinity,
      block: block!,
      par: par!,
    };
    acc.words.push({ text, left: left!, right: left! + width!, height: height! });
    acc.confs.push(Number(cols[10]));
    acc.x0 = Math.min(acc.x0, left!);
    acc.y0 = Math.min(acc.y0, top!);
    acc.x1 = Math.max(acc.x1, left! + width!);
    acc.y1 = Math.max(acc.y1, top! + height!);
    lines.set(key, acc);
  }
  return [...lines.values()].map((acc) => ({
    text: joinWords(acc.words),
    box: { left: acc.x0, top: acc.y0, width: acc.x1 - acc.x0, height: acc.y1 - acc.y0 },
    block: acc.block,
    paragraph: acc.par,
    confidence: acc.confs.reduce((a, b) => a + b, 0) / acc.confs.length,
  }));
}

type Word = { text: string; left: number; right: number; height: number };

/**
 * Joins a line's words. Tesseract splits Chinese and Japanese text into one "word" per character
 * or phrase: those join without spaces. Korean separates its words with spaces, but tesseract's
 * `kor` cuts words inside syllable runs too ("번 역 은" for "번역은"), so between two Hangul words
 * the gap decides: a real space is about a third of a character wide, a false cut a few pixels.
 */
function joinWords(words: Word[]): string {
  const heights = words.map((w) => w.height).sort((a, b) => a - b);
  const spaceWidth = 0.3 * heights[Math.floor(heights.length / 2)]!;
  let out = '';
  words.forEach((word, i) => {
    const before = out.at(-1);
    if (before) {
      const after = word.text[0]!;
      if (hangul(before) && hangul(after)) out += word.left - words[i - 1]!.right >= spaceWidth ? ' ' : '';
      else if (!(unspaced(before) && unspaced(after))) out += ' ';
    }
    out += word.text;
  });
  return out;
}

const hangul = (ch: string) => /[\uac00-\ud7af]/u.test(ch);
const unspaced = (ch: string) => isCjk(ch) && !hangul(ch);

export function isCjk(ch: string): boolean {
  return /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(ch);
}
