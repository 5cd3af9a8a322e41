/**
 * Opens a PDF with pdf.js (legacy build: the one that runs in Node) and maps its failures to
 * `DocumentError`s. Fonts are never turned into FontFace objects (no DOM here); the standard
 * font data and CMaps come from the installed pdfjs-dist so CJK encodings (GBK-EUC-H, 90ms-RKSJ)
 * decode to Unicode.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
// Must come before pdf.js: it records the built-ins pdf.js's polyfills replace (see the module).
import { restoreNativeBuiltins } from './native-builtins.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DocumentError } from '../types.js';

/** The built-ins pdf.js replaced, put back (Array.prototype.push and JSON.stringify on Node 20). */
export const RESTORED_BUILTINS = restoreNativeBuiltins();

let workerLoaded: Promise<void> | undefined;

/**
 * In Node pdf.js runs its "worker" in this thread, importing its worker bundle at the first
 * document; that bundle polyfills the built-ins again. It is imported here instead, once, on the
 * first document (not at start-up: about 60 ms), handed to pdf.js and followed by a restore.
 */
function loadWorker(): Promise<void> {
  workerLoaded ??= (async () => {
    // @ts-expect-error -- the worker bundle ships no type declarations; only WorkerMessageHandler is used.
    const worker: unknown = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    restoreNativeBuiltins();
  })();
  return workerLoaded;
}

export type PdfJsDocument = Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
export type PdfJsPage = Awaited<ReturnType<PdfJsDocument['getPage']>>;
export { pdfjs };

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// pdf.js in Node reads these with fs when they are plain paths ending in a slash.
const standardFontDataUrl = `${pdfjsRoot}/standard_fonts/`;
const cMapUrl = `${pdfjsRoot}/cmaps/`;

export async function loadPdf(input: Uint8Array): Promise<PdfJsDocument> {
  await loadWorker();
  // pdf.js transfers (detaches) the buffer it is given: always hand it a private copy.
  const data = new Uint8Array(input);
  const task = pdfjs.getDocument({
    data,
    disableFontFace: true,
    useSystemFonts: false,
    // Decoded images must come back as raw pixels (no OffscreenCanvas/ImageBitmap in Node).
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new DocumentError('encrypted', 'the PDF is password-protected');
    throw new DocumentError('corrupt', `the PDF cannot be read: ${(error as Error).message}`);
  }
}
