/**
 * Works around a bug in @pdf-lib/fontkit 1.1.1's CFF subsetter for CID-keyed fonts (Noto Sans
 * CJK is one, with ~20 font dicts): `subsetFontdict` gives every glyph the FDSelect index of the
 * most recently *added* font dict and records its local subroutines there, instead of using the
 * glyph's own font dict. Glyphs whose font dict was seen earlier then render blank or wrong
 * (pdf.js showed about half the characters of a Chinese sentence missing). We replace that one
 * method on the subset object fontkit hands to pdf-lib with a corrected copy.
 *
 * A second bug in the same class: `encode` writes the source CFF's *length* into the header's
 * offSize byte (`offSize: this.cff.length`), so the subset's header says e.g. 27 where CFF
 * allows 1-4. pdf.js ignores it; poppler rejects the whole font ("Embedded font file may be
 * invalid") and draws the translated text with a fallback, as empty boxes where no CJK font is
 * installed. The subset is encoded against a view of the CFF whose length reads 4 (every
 * offset fits in four bytes).
 */

type Glyph = { path: unknown; _usedSubrs?: Record<string, boolean> };
type FontDict = { Private?: { Subrs?: unknown[] } & Record<string, unknown>; FontName?: unknown };
type CffSubset = {
  glyphs: number[];
  cff: { fdForGlyph(gid: number): number | null; topDict: { FDArray: FontDict[] } };
  font: { getGlyph(gid: number): Glyph };
  subsetSubrs(subrs: unknown[], used: Record<string, boolean>): unknown[];
  subsetFontdict?: (topDict: Record<string, unknown>) => void;
  encode?: (stream: unknown) => unknown;
};

/** The header's offSize fontkit reads from `cff.length`: four bytes, valid for any CFF. */
const HEADER_OFFSET_SIZE = 4;

function subsetFontdict(this: CffSubset, topDict: Record<string, unknown>): void {
  const fdArray: FontDict[] = [];
  const fds: number[] = [];
  const newIndex = new Map<number, number>();
  const usedSubrs: Record<string, boolean>[] = [];
  for (const gid of this.glyphs) {
    const fd = this.cff.fdForGlyph(gid) ?? 0;
    if (!newIndex.has(fd)) {
      fdArray.push({ ...this.cff.topDict.FDArray[fd] });
      usedSubrs.push({});
      newIndex.set(fd, fdArray.length - 1);
    }
    const index = newIndex.get(fd)!;
    fds.push(index);
    const glyph = this.font.getGlyph(gid);
    void glyph.path; // parsing the outline records the subroutines it calls
    for (const subr in glyph._usedSubrs) usedSubrs[index]![subr] = true;
  }
  fdArray.forEach((dict, i) => {
    delete dict.FontName;
    if (dict.Private?.Subrs) dict.Private = { ...dict.Private, Subrs: this.subsetSubrs(dict.Private.Subrs, usedSubrs[i]!) };
  });
  topDict.FDArray = fdArray;
  topDict.FDSelect = { version: 0, fds };
}

/** Wraps a fontkit font so the CFF subsets it creates use the corrected method. */
export function withFixedCffSubset<T>(font: T): T {
  const target = font as T & { createSubset?: () => CffSubset };
  const original = target.createSubset?.bind(target);
  if (!original) return font;
  target.createSubset = () => {
    const subset = original();
    if (typeof subset.subsetFontdict === 'function') subset.subsetFontdict = subsetFontdict;
    const encode = subset.encode;
    if (typeof encode === 'function') {
      subset.encode = function (this: CffSubset, stream: unknown) {
        const cff = this.cff;
        this.cff = Object.create(cff, { length: { value: HEADER_OFFSET_SIZE } }) as CffSubset['cff'];
        try {
          return encode.call(this, stream);
        } finally {
          this.cff = cff;
        }
      };
    }
    return subset;
  };
  return font;
}
