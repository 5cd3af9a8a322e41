/** Shared helpers for the pdf tests: fixtures, deterministic translators, re-reading output. */
import { execFile } from 'node:child_process';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadPdf, pdfjs } from '../src/formats/pdf/pdfjs-load.js';
import type { OpenedDocument, TranslatedParagraph } from '../src/formats/types.js';

export const fixture = (name: string) => readFile(new URL(`../fixtures/pdf/${name}`, import.meta.url));

/** Every paragraph translated as `prefix + source`, one "sentence" per paragraph. */
export function prefixTranslations(doc: OpenedDocument, prefix: string): Map<string, TranslatedParagraph> {
  return new Map(doc.paragraphs.map((p) => [p.id, { target: prefix + p.text, sentences: [{ source: p.text, target: prefix + p.text }] }]));
}

export type PageSummary = { text: string; items: string[]; size: [number, number]; images: number };

/** Re-reads a written PDF with pdf.js: each page's text, page size and image count. */
export async function readBack(bytes: Uint8Array): Promise<PageSummary[]> {
  const pdf = await loadPdf(bytes);
  const pages: PageSummary[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const items = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
    const ops = await page.getOperatorList();
    const [x0, y0, x1, y1] = page.view as number[];
    const images = ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject).length;
    pages.push({ text: items.join(' ').replace(/\s+/g, ' '), items, size: [x1! - x0!, y1! - y0!], images });
  }
  await pdf.destroy();
  return pages;
}

/** Runs `qpdf --check` on the bytes; resolves with its output, rejects when qpdf finds errors. */
export async function qpdfCheck(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-test-'));
  const file = path.join(dir, 'out.pdf');
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('qpdf', ['--check', file]);
  return stdout;
}

export const countOf = (text: string, needle: string) => text.split(needle).length - 1;
