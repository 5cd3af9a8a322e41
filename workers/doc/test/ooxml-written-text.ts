/**
 * What a written file shows. A reader's view: LibreOffice opens the file and lays it out as PDF
 * (applying what Word applies on opening, such as content controls refilled from the
 * document's data, and showing tracked changes), and poppler's pdftotext reads the text of each
 * page back. And the XML of one Word paragraph, to look at its runs.
 */
import { convertWithLibreOffice } from '@mtp/platform';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { partXml } from './ooxml-helpers.js';

/** The text of each page as LibreOffice lays out the file, whitespace runs made one space. */
export async function pagesAsLaidOut(file: Buffer, extension: string): Promise<string[]> {
  const pdf = await convertWithLibreOffice(file, extension, 'pdf');
  const dir = await mkdtemp(join(tmpdir(), 'ooxml-reader-'));
  try {
    const path = join(dir, 'laid-out.pdf');
    await writeFile(path, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', [path, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout.split('\f').map((page) => page.replace(/\s+/g, ' ').trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first `<w:p>` of the body holding `text`, as written (empty paragraphs `<w:p/>` skipped). */
export function paragraphWith(docx: Buffer, text: string): string {
  const paragraphs = partXml(docx, 'word/document.xml').match(/<w:p(?: [^>]*)?(?<!\/)>(?:(?!<\/w:p>).)*<\/w:p>/g) ?? [];
  return paragraphs.find((p) => p.includes(text)) ?? '';
}
