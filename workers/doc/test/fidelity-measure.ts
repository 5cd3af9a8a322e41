/**
 * What a reader would see of a document, measured with tools that are not ours: LibreOffice lays
 * office files out as PDF (one soffice run converts a whole folder, since a cold start costs
 * seconds), poppler counts the pages and extracts the visible text, and reports font errors.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Converts every file in `dir` to PDF in `outDir` with one soffice. As root it runs without a
 * network (`unshare --net`), as the platform's converter does: a real file may link to a URL.
 */
export async function layOutAsPdf(dir: string, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const files = (await readdir(dir)).map((f) => join(dir, f));
  if (files.length === 0) return;
  const soffice = [
    'soffice',
    '--headless',
    '--norestore',
    '--nolockcheck',
    `-env:UserInstallation=${pathToFileURL(join(outDir, '..', `profile-${process.pid}`)).href}`,
    '--convert-to',
    'pdf',
    '--outdir',
    outDir,
    ...files,
  ];
  const isRoot = process.getuid?.() === 0;
  const [command, ...args] = isRoot ? ['unshare', '--net', ...soffice] : soffice;
  await run(command!, args, { timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });
}

export async function pageCount(pdf: string): Promise<number | undefined> {
  try {
    const { stdout } = await run('pdfinfo', [pdf]);
    const match = /^Pages:\s+(\d+)/m.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** The text poppler draws, and what it complained about on the way (font errors among them). */
export async function visibleText(pdf: string): Promise<{ text: string; errors: string[] }> {
  try {
    const { stdout, stderr } = await run('pdftotext', [pdf, '-'], { maxBuffer: 256 * 1024 * 1024 });
    return { text: stdout, errors: stderr.split('\n').filter(Boolean) };
  } catch (error) {
    return { text: '', errors: [String(error)] };
  }
}

/** `pdffonts` lines that say an embedded font is broken (poppler prints them on stderr). */
export async function fontErrors(pdf: string): Promise<string[]> {
  const { stderr } = await run('pdffonts', [pdf]).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
  return stderr.split('\n').filter((line) => /font/i.test(line));
}

/** The test translation: marked, so what is left of the source can be told from what replaced it. */
export const markTranslation = (source: string) => `「${source.trim().toUpperCase()}」`;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const hasWords = (line: string) => (line.match(/\p{L}/gu) ?? []).length >= 3;

/**
 * Lines of the source's visible text (with at least three letters) still visible in the
 * translation, once every marked translation is taken out: what a reader would call "left in
 * the original language". Layout may move lines, so a line counts wherever it appears.
 */
export function linesLeft(sourceText: string, translatedText: string): { lines: number; left: string[] } {
  const remaining = collapse(translatedText.replace(/「[^」]*」/g, ' '));
  const lines = [...new Set(sourceText.split('\n').map(collapse).filter(hasWords))];
  return { lines: lines.length, left: lines.filter((line) => remaining.includes(line)) };
}
