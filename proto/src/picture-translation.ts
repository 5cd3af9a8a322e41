/**
 * Picture translation (`/picturetranslate`, issue 22 item 1). Calls under /api/v1.0 (signed-in
 * users; the PictureTranslation feature, hidden where the site hides pictures):
 *
 * - `GET picture/language_pairs` -> `data {list}`: the site's picture pairs (spec section 3:
 *   en-us <-> zh-cn everywhere, site 16 also zh-cn <-> ja).
 * - `POST picture/translate` multipart `file`, `src_lang`, `tgt_lang` -> `PictureTranslateData`:
 *   the translated picture (a PNG data URL) and the source and translated text line by line.
 *   The user waits (request-reply to a document worker), as for `doc/estimate`.
 * - `POST picture/render` multipart `file` (the original again) and `lines` (JSON
 *   `PictureRenderLines`) -> `{image}`: the user's edited translations drawn in; nothing charged.
 *
 * The bus messages: `doc.picture.read` (re-encode, check, OCR) and `doc.picture.render` (draw the
 * translations into the re-encoded picture). Only storage keys and lines travel on the bus.
 */
import { Type, type Static } from 'typebox';
import { literalUnion } from './literal-union';
import { LanguageCode } from './translation';

/** Accepted by name (spec section 5); the content decides in the end (re-encoding). */
export const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/**
 * A header declaring more than this many pixels is a decompression bomb rather than a big photo:
 * 64 megapixels (8192x8192, 256 MB once decoded) is 4x the largest picture we accept.
 */
export const PICTURE_BOMB_PIXELS = 8192 * 8192;

type Pair = readonly [src: LanguageCode, tgt: LanguageCode];
const DEFAULT_PICTURE_PAIRS: readonly Pair[] = [
  ['en-us', 'zh-cn'],
  ['zh-cn', 'en-us'],
];
/** Sites with more picture pairs than the default (spec section 3). */
const EXTRA_PICTURE_PAIRS: Readonly<Record<number, readonly Pair[]>> = {
  16: [
    ['zh-cn', 'ja'],
    ['ja', 'zh-cn'],
  ],
};

/** The picture pairs of a site, in the order the page offers them. */
export function picturePairsOf(siteId: number): readonly Pair[] {
  return [...DEFAULT_PICTURE_PAIRS, ...(EXTRA_PICTURE_PAIRS[siteId] ?? [])];
}

export const PicturePair = Type.Object({ src_lang: LanguageCode, tgt_lang: LanguageCode });
export type PicturePair = Static<typeof PicturePair>;
export const PicturePairList = Type.Object({ list: Type.Array(PicturePair) });
export type PicturePairList = Static<typeof PicturePairList>;

export const PixelBoxSchema = Type.Object({
  left: Type.Integer(),
  top: Type.Integer(),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
});

/**
 * Written top to bottom (a Chinese, Japanese or Korean column): the translation is drawn down the
 * column's box. Optional, absent for the usual horizontal line (older workers never send it).
 */
const Vertical = Type.Optional(Type.Boolean());

/** One recognised line: its box in the picture's pixels and tesseract's mean confidence (0..100). */
export const PictureOcrLine = Type.Object({ text: Type.String(), box: PixelBoxSchema, confidence: Type.Number(), vertical: Vertical });
export type PictureOcrLine = Static<typeof PictureOcrLine>;

export const PictureLinePair = Type.Object({
  source: Type.String(),
  translated: Type.String(),
  box: PixelBoxSchema,
  confidence: Type.Number(),
  vertical: Vertical,
});
export type PictureLinePair = Static<typeof PictureLinePair>;

export const PictureTranslateData = Type.Object({
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  width: Type.Integer(),
  height: Type.Integer(),
  /** `data:image/png;base64,...`: the translated picture (PNG, whatever was uploaded). */
  image: Type.String(),
  lines: Type.Array(PictureLinePair),
  /** Characters charged: the OCR'd text of the lines translated. */
  chars: Type.Integer({ minimum: 0 }),
});
export type PictureTranslateData = Static<typeof PictureTranslateData>;

// ---- bus: doc.picture.read / doc.picture.render -------------------------------------------

export const ReadPictureRequest = Type.Object({
  source_key: Type.String({ minLength: 1 }),
  /** Where the re-encoded PNG goes (the picture every later step uses); nothing on a refusal. */
  png_key: Type.String({ minLength: 1 }),
  src_lang: LanguageCode,
  max_side: Type.Integer({ minimum: 1 }),
  /** false: re-encode and check only (re-rendering edited lines needs no OCR). Default true. */
  ocr: Type.Optional(Type.Boolean()),
});
export type ReadPictureRequest = Static<typeof ReadPictureRequest>;

export const ReadPictureReply = Type.Object({
  outcome: literalUnion(['ok', 'not_a_picture', 'too_large', 'undecodable'] as const),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
  /** The confident lines with letters (empty on a refusal). */
  lines: Type.Array(PictureOcrLine),
});
export type ReadPictureReply = Static<typeof ReadPictureReply>;

/** Lines a re-render may draw, and their text: more is not a picture a person edits. */
export const PICTURE_RENDER_LIMITS = { lines: 300, lineChars: 500 } as const;

/**
 * `POST picture/render` multipart `file` (the original picture again) and `lines`, this schema
 * as JSON: the user's edited translations drawn into the picture. Nothing is charged (no MT).
 */
export const PictureRenderLines = Type.Array(
  Type.Object({ box: PixelBoxSchema, text: Type.String({ maxLength: PICTURE_RENDER_LIMITS.lineChars }), vertical: Vertical }),
  { minItems: 1, maxItems: PICTURE_RENDER_LIMITS.lines },
);
export type PictureRenderLines = Static<typeof PictureRenderLines>;
export const PictureRenderData = Type.Object({ image: Type.String() });
export type PictureRenderData = Static<typeof PictureRenderData>;

export const RenderPictureRequest = Type.Object({
  png_key: Type.String({ minLength: 1 }),
  result_key: Type.String({ minLength: 1 }),
  lines: Type.Array(Type.Object({ box: PixelBoxSchema, text: Type.String(), vertical: Vertical })),
});
export type RenderPictureRequest = Static<typeof RenderPictureRequest>;

export const RenderPictureReply = Type.Object({ ok: Type.Boolean() });
export type RenderPictureReply = Static<typeof RenderPictureReply>;
