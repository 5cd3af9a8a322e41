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

/** Every paragraph "translated" to `[T] ` + its upper-cased text: the source's mixed case never survives in it. */
export function upperCaseTranslations(doc: OpenedDocument): Map<string, TranslatedParagraph> {
  return new Map(
    doc.paragraphs.map((p) => {
      const target = `[T] ${p.text.toUpperCase()}`;
      return [p.id, { target, sentences: [{ source: p.text, target }] }];
    }),
  );
}

export type PlacedItem = { str: string; x: number; y: number; size: number };

/** A page's text items with their origin (PDF user space, y up), as pdf.js reads them. */
export async function placedItems(bytes: Uint8Array, pageNumber: number): Promise<PlacedItem[]> {
  const pdf = await loadPdf(bytes);
  const content = await (await pdf.getPage(pageNumber)).getTextContent();
  await pdf.destroy();
  return content.items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const { str, transform } = item as { str: string; transform: number[] };
      return { str, x: transform[4]!, y: transform[5]!, size: Math.abs(transform[3]!) };
    });
}

/** The text a reader sees inside a region: items whose origin lies in it, top to bottom, left to right. */
export function textInRegion(items: readonly PlacedItem[], region: { x0: number; x1: number; y0: number; y1: number }): string {
  return items
    .filter((item) => item.x >= region.x0 && item.x < region.x1 && item.y >= region.y0 && item.y < region.y1)
    .sort((a, b) => b.y - a.y || a.x - b.x)
    .map((item) => item.str.trim())
    .join(' ');
}

/**
 * The text as poppler's pdftotext reads it (a second, independent reader), in content-stream
 * order: its layout mode interleaves glyphs drawn over each other, which hides a leftover.
 */
export async function pdftotext(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-test-'));
  const file = path.join(dir, 'out.pdf');
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-raw', file, '-']);
  return stdout;
}
