/**
 * Shared by the ooxml-*.test.ts files: a deterministic translator, zip inspection, fixture
 * patching (for real files whose shapes carry no text) and a LibreOffice round trip.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expect } from 'vitest';
import type { DocumentFormat, OpenedDocument, OutputMode, TranslatedParagraph } from '../src/formats/types.js';

export const FIXTURES = new URL('../fixtures/ooxml/', import.meta.url);

export async function fixture(name: string): Promise<Buffer> {
  return readFile(new URL(name, FIXTURES));
}

/** The test "translation" of one sentence: recognisable, deterministic, and still full of letters. */
export function fakeTarget(source: string): string {
  return `⟦${source.trim().toUpperCase()}⟧`;
}

function splitSentences(text: string): string[] {
  const pieces = text.match(/[^.!?。！？]+[.!?。！？]*\s*/g) ?? [];
  return pieces.join('') === text && pieces.length > 0 ? pieces : [text];
}

export function fakeTranslations(doc: OpenedDocument): Map<string, TranslatedParagraph> {
  return new Map(
    doc.paragraphs.map((p) => {
      const sentences = splitSentences(p.text).map((source) => ({ source, target: fakeTarget(source) }));
      return [p.id, { sentences, target: sentences.map((s) => s.target).join(' ') }];
    }),
  );
}

export type Translated = { doc: OpenedDocument; translations: Map<string, TranslatedParagraph>; outputs: Record<OutputMode, Buffer> };

export async function translateAllModes(format: DocumentFormat, input: Buffer, srcLang = 'en'): Promise<Translated> {
  const doc = await format.open(input, { srcLang });
  const translations = fakeTranslations(doc);
  const write = (mode: OutputMode) => doc.write(translations, { mode, srcLang, tgtLang: 'de' });
  return { doc, translations, outputs: { 0: await write(0), 1: await write(1), 2: await write(2) } };
}

export function entries(zip: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(zip));
}

/** Same entry names in the same order, and every entry outside `changedParts` byte-identical. */
export function expectUntouchedEntries(original: Buffer, output: Buffer, mayChange: (name: string) => boolean): void {
  const before = entries(original);
  const after = entries(output);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const [name, data] of Object.entries(before)) {
    if (!mayChange(name)) expect(Buffer.from(after[name] as Uint8Array).equals(Buffer.from(data)), name).toBe(true);
  }
}

export function partXml(zip: Buffer, name: string): string {
  return strFromU8(entries(zip)[name] as Uint8Array);
}

/** Occurrences of element `tag` (e.g. `w:tbl`) in serialized XML. */
export function countTags(xml: string, tag: string): number {
  return (xml.match(new RegExp(`<${tag}[\\s>/]`, 'g')) ?? []).length;
}

/** A copy of a real package with some parts' XML rewritten or added (for fixtures whose shapes are empty). */
export function patchPackage(zip: Buffer, patches: Record<string, (xml: string) => string>): Buffer {
  const files = entries(zip);
  for (const [name, patch] of Object.entries(patches)) {
    const existing = files[name];
    files[name] = strToU8(patch(existing ? strFromU8(existing) : '')); // a new part starts empty
  }
  return Buffer.from(zipSync(files));
}

/** Replaces the n-th match of `pattern` with `make(n)` (n from 1). */
export function replaceEach(xml: string, pattern: RegExp, make: (n: number) => string): string {
  let n = 0;
  return xml.replace(pattern, () => make(++n));
}

/** Opens the file in LibreOffice and converts it to PDF; returns the PDF's size in bytes. */
export async function libreOfficePdfSize(file: Buffer, extension: string): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'ooxml-lo-'));
  try {
    const input = join(dir, `translated.${extension}`);
    await writeFile(input, file);
    const profile = `file://${join(dir, 'profile')}`;
    await promisify(execFile)(
      'soffice',
      ['--headless', `-env:UserInstallation=${profile}`, '--convert-to', 'pdf', '--outdir', dir, input],
      {
        timeout: 90_000,
      },
    );
    const pdf = (await readdir(dir)).find((name) => name.endsWith('.pdf'));
    return pdf ? (await stat(join(dir, pdf))).size : 0;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reopened texts must contain each sentence's source followed by its target, in order. */
export function expectInterleaved(text: string, translation: TranslatedParagraph): void {
  let from = 0;
  for (const { source, target } of translation.sentences) {
    const at = text.indexOf(source.trim(), from);
    expect(at, `${source} in ${text}`).toBeGreaterThanOrEqual(from);
    const targetAt = text.indexOf(target, at + source.trim().length);
    expect(targetAt, `${target} after ${source} in ${text}`).toBeGreaterThan(at);
    from = targetAt + target.length;
  }
}

/**
 * The three modes laid in: mode 0 reopens to exactly the targets; mode 1 to source then target
 * (as a following paragraph, or "source\ntarget" in the same cell/comment where `inlineCopy`);
 * mode 2 to each source sentence followed by its translation.
 */
export async function expectModesApplied(
  format: DocumentFormat,
  t: Translated,
  inlineCopy: (id: string) => boolean = () => false,
): Promise<void> {
  // The source's outer whitespace (indents, a final line break) is layout and stays around the translation.
  const source = new Map(t.doc.paragraphs.map((p) => [p.id, p.text]));
  const target = (id: string) => {
    const text = source.get(id) as string;
    const [lead, trail] = [/^\s*/u.exec(text)?.[0], /\s*$/u.exec(text)?.[0]];
    return `${lead}${(t.translations.get(id) as TranslatedParagraph).target}${trail}`;
  };
  const mode0 = await format.open(t.outputs[0], { srcLang: 'en' });
  expect(mode0.paragraphs).toEqual(t.doc.paragraphs.map((p) => ({ id: p.id, text: target(p.id) })));

  const mode1 = await format.open(t.outputs[1], { srcLang: 'en' });
  const expected1 = t.doc.paragraphs.flatMap((p) =>
    inlineCopy(p.id) ? [`${p.text}\n${t.translations.get(p.id)?.target}`] : [p.text, target(p.id)],
  );
  expect(mode1.paragraphs.map((p) => p.text)).toEqual(expected1);

  const mode2 = await format.open(t.outputs[2], { srcLang: 'en' });
  expect(mode2.paragraphs.map((p) => p.id)).toEqual(t.doc.paragraphs.map((p) => p.id));
  for (const p of mode2.paragraphs) expectInterleaved(p.text, t.translations.get(p.id) as TranslatedParagraph);
}
