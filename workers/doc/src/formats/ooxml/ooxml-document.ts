/**
 * What docx, pptx and xlsx share: open the package, find the text units of the parts a format
 * names, give each translatable unit a stable id (`part#index`), and on write lay the
 * translations into the parts. The first write edits the parts parsed at open (parsing is most of
 * a large document's time outside the engine), with whatever `layIn` put there while the
 * translation was still running; later writes re-read the original bytes and find the same units
 * again, so `write` stays repeatable (mode 0 then mode 1 from one opened document).
 */
import type { DocumentStats, OpenedDocument, OutputMode, Paragraph, TranslatedParagraph, WriteOptions } from '../types.js';
import { DocumentError } from '../types.js';
import { applyTranslation, countText, hasLetters, type TextCounts, type TextUnit } from './text-units.js';
import type { PartPiece } from './part-piece.js';
import { flushInsertions, parseXml, serializeXml, type Document } from './xml-dom.js';
import { readPackage, writePackage, type OoxmlPackage } from './zip-package.js';

/**
 * A unit as a format gives it. `mirrorOnly`: a copy that has no text of its own to translate (a
 * chart's cached copy of a cell): with no original of the same text it stays as it is, rather
 * than becoming a paragraph.
 */
export type OoxmlUnit = TextUnit & { readonly mirrorOnly?: boolean };

export type OoxmlFormatSpec = {
  /** The part without which the package is not this format (e.g. `word/document.xml`). */
  mainPart: string;
  /** Parts holding translatable text, in reading order. */
  textParts(pkg: OoxmlPackage): string[];
  /** The units of one parsed part, in document order. */
  units(doc: Document, partName: string): OoxmlUnit[];
  /** Where only one small element of a large part holds text: that piece, parsed instead of the part. */
  textPiece?(partName: string, bytes: Uint8Array): PartPiece | undefined;
  stats(pkg: OoxmlPackage, counts: TextCounts): DocumentStats;
};

type LocatedPart = { name: string; doc: Document; piece?: PartPiece; parsedBytes: number; units: { unit: TextUnit; id: string }[] };

/** Parses the text parts and assigns ids; mirror copies get their original's id but no paragraph. */
function locateUnits(pkg: OoxmlPackage, spec: OoxmlFormatSpec): { parts: LocatedPart[]; paragraphs: Paragraph[] } {
  const parts: LocatedPart[] = [];
  const paragraphs: Paragraph[] = [];
  const originals = new Map<string, string>(); // `${group}\u0000${text}` -> id
  for (const name of spec.textParts(pkg)) {
    const bytes = pkg.files.get(name);
    if (!bytes) continue;
    const piece = spec.textPiece?.(name, bytes);
    const parsed = piece?.xml ?? bytes;
    const located: LocatedPart = { name, doc: parseXml(parsed, name), piece, parsedBytes: parsed.length, units: [] };
    let index = 0;
    for (const unit of spec.units(located.doc, name)) {
      if (!hasLetters(unit.text)) continue;
      const groupKey = unit.mirrorGroup === undefined ? undefined : `${unit.mirrorGroup}\u0000${unit.text}`;
      const original = unit.isMirror && groupKey !== undefined ? originals.get(groupKey) : undefined;
      if (original !== undefined) {
        located.units.push({ unit, id: original });
        continue;
      }
      if (unit.isMirror && unit.mirrorOnly) continue;
      const id = `${name}#${index++}`;
      if (groupKey !== undefined && !unit.isMirror && !originals.has(groupKey)) originals.set(groupKey, id);
      located.units.push({ unit, id });
      paragraphs.push({ id, text: unit.text });
    }
    parts.push(located);
  }
  return { parts, paragraphs };
}

/** A parsed part's heap size per byte of its XML, with its units (measured: 18 for a 339 KB document.xml). */
const DOM_BYTES_PER_XML_BYTE = 20;

export async function openOoxml(input: Buffer, spec: OoxmlFormatSpec): Promise<OpenedDocument> {
  const pkg = await readPackage(input);
  if (!pkg.files.has(spec.mainPart)) throw new DocumentError('corrupt', `package has no ${spec.mainPart}`);
  const located = locateUnits(pkg, spec);
  const { paragraphs } = located;
  if (paragraphs.length === 0) throw new DocumentError('empty', 'the document has no text to translate');
  const stats = spec.stats(pkg, countText(paragraphs.map((p) => p.text)));
  let unwritten: LocatedPart[] | null = located.parts;
  const xmlBytes = located.parts.reduce((n, part) => n + part.parsedBytes, 0);
  const early = new EarlyTranslations();

  return {
    paragraphs,
    stats,
    heldBytes: () => (unwritten ? xmlBytes * DOM_BYTES_PER_XML_BYTE : 0) + input.length,
    layIn(translations, options) {
      if (unwritten) early.layIn(unwritten, translations, options.mode);
    },
    async write(translations: ReadonlyMap<string, TranslatedParagraph>, options: WriteOptions): Promise<Buffer> {
      // The parts parsed at open, with what was laid in early, serve the first write in that mode.
      const reuse = unwritten !== null && early.fits(options.mode);
      const parts = reuse ? unwritten! : locateUnits(pkg, spec).parts;
      const done = reuse ? early : new EarlyTranslations();
      unwritten = null;
      const changed = new Map<string, Uint8Array>();
      for (const part of parts) {
        let touched = done.touched(part);
        for (const { unit, id } of part.units) {
          const translation = translations.get(id);
          if (!translation || done.has(id)) continue;
          applyTranslation(unit, translation, options);
          touched = true;
        }
        if (!touched) continue;
        flushInsertions(part.doc);
        changed.set(part.name, part.piece ? part.piece.splice(part.doc) : serializeXml(part.doc));
      }
      const written = await writePackage(pkg, changed);
      return options.finishPackage ? options.finishPackage(written) : written;
    },
  };
}

/** Which paragraphs were laid in before the write, in which mode, touching which parts. */
class EarlyTranslations {
  private mode: OutputMode | undefined;
  private readonly ids = new Set<string>();
  private readonly parts = new Set<LocatedPart>();
  private byId: Map<string, { part: LocatedPart; unit: TextUnit }[]> | undefined;

  fits(mode: OutputMode): boolean {
    return this.mode === undefined || this.mode === mode;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  touched(part: LocatedPart): boolean {
    return this.parts.has(part);
  }

  layIn(parts: LocatedPart[], translations: ReadonlyMap<string, TranslatedParagraph>, mode: OutputMode): void {
    if (!this.fits(mode)) return;
    this.mode = mode;
    if (!this.byId) {
      this.byId = new Map();
      for (const part of parts) {
        for (const { unit, id } of part.units) this.byId.set(id, [...(this.byId.get(id) ?? []), { part, unit }]);
      }
    }
    for (const [id, translation] of translations) {
      if (this.ids.has(id)) continue;
      for (const { part, unit } of this.byId.get(id) ?? []) {
        applyTranslation(unit, translation, { mode });
        this.parts.add(part);
      }
      this.ids.add(id);
    }
  }
}

/** Part names matching `pattern`, ordered by the number in them (slide2 before slide10). */
export function numberedParts(pkg: OoxmlPackage, pattern: RegExp): string[] {
  const number = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  return pkg.names.filter((name) => pattern.test(name)).sort((a, b) => number(a) - number(b) || a.localeCompare(b));
}
