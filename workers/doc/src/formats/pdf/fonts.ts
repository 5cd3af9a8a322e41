/**
 * Picks the font translations are drawn with. Latin text that WinAnsi can encode uses the
 * standard Helvetica (nothing embedded). Anything else uses a CJK-capable font, embedded as a
 * subset: by default Noto Sans CJK from Debian's fonts-noto-cjk, which also covers Latin, Greek
 * and Cyrillic. That file is a TrueType collection (.ttc); pdf-lib hands the bytes to
 * `fontkit.create`, so we register a fontkit wrapper that picks the face for the target language
 * out of the collection (no face extraction needed). `DOC_CJK_FONT` overrides the path (TTF, OTF
 * or TTC); `DOC_CJK_FONT_FACE` the PostScript name of the face inside a collection.
 */
import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';
import { withFixedCffSubset } from './cff-subset-fix.js';

export const DEFAULT_CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/** Noto CJK faces by target language: the same code point has regional glyph shapes. */
function notoFace(tgtLang: string): string {
  const lang = tgtLang.toLowerCase();
  if (lang.startsWith('ja')) return 'NotoSansCJKjp-Regular';
  if (lang.startsWith('ko')) return 'NotoSansCJKkr-Regular';
  if (/^zh-(tw|hant)/.test(lang)) return 'NotoSansCJKtc-Regular';
  if (/^zh-(hk|mo)/.test(lang)) return 'NotoSansCJKhk-Regular';
  return 'NotoSansCJKsc-Regular';
}

// Windows-1252 printable repertoire: what pdf-lib's standard fonts can encode.
const WIN_ANSI = /^[\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;

export function isWinAnsi(text: string): boolean {
  return WIN_ANSI.test(text);
}

type FontkitLike = { create(bytes: Uint8Array, postscriptName?: string): unknown };

/** A fontkit that opens collections at the wanted face (first face when the name is absent). */
function collectionAwareFontkit(face: string): FontkitLike {
  const base = fontkit as unknown as FontkitLike;
  return {
    create(bytes: Uint8Array) {
      const opened = base.create(bytes) as { fonts?: { postscriptName: string }[] };
      if (!opened.fonts) return withFixedCffSubset(opened); // a single font, not a collection
      return withFixedCffSubset(opened.fonts.find((font) => font.postscriptName === face) ?? opened.fonts[0]);
    },
  };
}

const fileCache = new Map<string, Buffer>();

/** The font for a whole document's translations (one font keeps the look consistent). */
/** What we keep of the source font's look: from its /BaseFont name (e.g. `ABCDEF+Times-BoldItalic`). */
export type FontStyle = { bold: boolean; italic: boolean; serif: boolean; mono: boolean };

export function styleFromBaseFont(baseFont: string | undefined): FontStyle {
  const name = (baseFont ?? '').replace(/^[A-Z]{6}\+/, '');
  return {
    bold: /bold|black|heavy|semibold|demi/i.test(name),
    italic: /italic|oblique/i.test(name),
    serif: /times|serif|roman|georgia|cambria|garamond|minion|book|palatino|mincho|song|ming/i.test(name) && !/sans/i.test(name),
    mono: /courier|mono|consol/i.test(name),
  };
}

const STANDARD: Record<string, StandardFonts> = {
  sans: StandardFonts.Helvetica,
  'sans-b': StandardFonts.HelveticaBold,
  'sans-i': StandardFonts.HelveticaOblique,
  'sans-bi': StandardFonts.HelveticaBoldOblique,
  serif: StandardFonts.TimesRoman,
  'serif-b': StandardFonts.TimesRomanBold,
  'serif-i': StandardFonts.TimesRomanItalic,
  'serif-bi': StandardFonts.TimesRomanBoldItalic,
  mono: StandardFonts.Courier,
  'mono-b': StandardFonts.CourierBold,
  'mono-i': StandardFonts.CourierOblique,
  'mono-bi': StandardFonts.CourierBoldOblique,
};

/**
 * The fonts for a document's translations. WinAnsi-only translations get the standard font
 * closest to each source font (Helvetica/Times/Courier, bold, italic). Anything else gets the
 * one CJK font for every block: mixing it with standard fonts would look uneven.
 */
export async function fontsForTranslations(
  doc: PDFDocument,
  texts: readonly string[],
  tgtLang: string,
): Promise<(style: FontStyle) => PDFFont> {
  if (texts.every(isWinAnsi)) {
    const embedded = new Map<string, PDFFont>();
    return (style) => {
      const family = style.mono ? 'mono' : style.serif ? 'serif' : 'sans';
      const variant = `${style.bold ? 'b' : ''}${style.italic ? 'i' : ''}`;
      const key = variant ? `${family}-${variant}` : family;
      if (!embedded.has(key)) embedded.set(key, doc.embedStandardFont(STANDARD[key]!));
      return embedded.get(key)!;
    };
  }
  const fontPath = process.env.DOC_CJK_FONT || DEFAULT_CJK_FONT;
  if (!existsSync(fontPath)) {
    throw new Error(`CJK font not found at ${fontPath}: install fonts-noto-cjk or set DOC_CJK_FONT to a TTF/OTF/TTC file with CJK glyphs`);
  }
  let bytes = fileCache.get(fontPath);
  if (!bytes) fileCache.set(fontPath, (bytes = readFileSync(fontPath)));
  doc.registerFontkit(collectionAwareFontkit(process.env.DOC_CJK_FONT_FACE || notoFace(tgtLang)) as never);
  const font = await doc.embedFont(bytes, { subset: true });
  return () => font;
}
