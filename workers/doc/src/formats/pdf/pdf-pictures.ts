/**
 * "Translate pictures inside" for text PDFs: the images a page paints directly (its own
 * XObject resources) are decoded, handed to a picture translator (OCR, translate, redraw) and
 * replaced by the translated picture on that page only: the page gets its own copy of its
 * resources, so a source page of a bilingual copy, or another page sharing the dictionary, keeps
 * the original. An image used on several pages is translated once.
 *
 * Decoded here: JPEG (DCTDecode, not CMYK) and Flate or unfiltered images, with or without a PNG
 * predictor, in gray, RGB, CMYK (device, calibrated or ICC-based) or an indexed palette over one
 * of them (8 bits a sample; 1, 2 or 4 for palettes: pdf-image-samples.ts). Others (JBIG2, CCITT,
 * Separation, DeviceN, Lab, stencil masks, TIFF predictors) are left as they are. A soft mask
 * (transparency) is kept on the new picture. Pictures drawn through form XObjects are reached
 * too: the page gets its own copy of the form, pointing at the translated pictures.
 */
import { createCanvas } from '@napi-rs/canvas';
import { decodePDFRawStream, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { PictureTranslator } from '../types.js';
import { colourSpaceOf, unpackSamples, unpredictPng } from './pdf-image-samples.js';

type Decoded = { bytes: Buffer; format: 'png' | 'jpeg' };

const name = (dict: PDFDict, key: string) => dict.lookupMaybe(PDFName.of(key), PDFName)?.asString();

/** The filters of a stream as names (`/DCTDecode` or `[/FlateDecode]`). */
function filtersOf(dict: PDFDict): string[] {
  const filter = dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.asString()];
  if (filter && 'asArray' in filter) return (filter as { asArray(): unknown[] }).asArray().map(String);
  return [];
}

const numberIn = (dict: PDFDict | undefined, key: string) => dict?.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber();

/** The stream's decoded samples (Flate, then a PNG predictor if any), or undefined for what is not handled. */
function samplesOf(stream: PDFRawStream, filters: string[]): Uint8Array | undefined {
  const dict = stream.dict;
  const data = filters.length ? decodePDFRawStream(stream).decode() : stream.contents;
  if (!dict.has(PDFName.of('DecodeParms'))) return data;
  const params = dict.lookupMaybe(PDFName.of('DecodeParms'), PDFDict);
  const predictor = numberIn(params, 'Predictor') ?? 1;
  if (!params || predictor === 1) return params ? data : undefined;
  if (predictor < 10) return undefined; // TIFF predictor
  const colours = numberIn(params, 'Colors') ?? 1;
  const bits = numberIn(params, 'BitsPerComponent') ?? 8;
  const columns = numberIn(params, 'Columns') ?? 1;
  return unpredictPng(data, Math.ceil((colours * bits * columns) / 8), Math.ceil((colours * bits) / 8));
}

/** The image as PNG or JPEG bytes a picture translator can read, or undefined when it is not one we decode. */
export function decodeImage(stream: PDFRawStream): Decoded | undefined {
  const dict = stream.dict;
  if (name(dict, 'Subtype') !== '/Image' || dict.lookup(PDFName.of('ImageMask'))?.toString() === 'true') return undefined;
  if (dict.has(PDFName.of('Mask'))) return undefined;
  const space = colourSpaceOf(dict.context, dict.get(PDFName.of('ColorSpace')));
  if (!space) return undefined;
  const filters = filtersOf(dict);
  if (filters.length === 1 && filters[0] === '/DCTDecode') {
    // A CMYK JPEG's inks need Adobe's conventions to read right: left as it is.
    return space.components === 4 || space.indexed ? undefined : { bytes: Buffer.from(stream.contents), format: 'jpeg' };
  }
  if (filters.some((f) => f !== '/FlateDecode')) return undefined;
  const bits = numberIn(dict, 'BitsPerComponent');
  if (!(bits === 8 || (space.indexed && (bits === 1 || bits === 2 || bits === 4)))) return undefined;
  const width = numberIn(dict, 'Width') ?? 0;
  const height = numberIn(dict, 'Height') ?? 0;
  const decoded = samplesOf(stream, filters);
  if (width <= 0 || height <= 0 || !decoded) return undefined;
  const samples = unpackSamples(decoded, bits, width * space.components, height);
  if (samples.length < width * height * space.components) return undefined;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const rgba = ctx.createImageData(width, height);
  for (let i = 0, o = 0; i < width * height; i++, o += 4) {
    space.toRgb(samples, i, rgba.data, o);
    rgba.data[o + 3] = 255;
  }
  ctx.putImageData(rgba, 0, 0);
  return { bytes: canvas.toBuffer('image/png'), format: 'png' };
}

/** Forms drawing forms are followed this deep; deeper pictures are left as they are. */
const MAX_FORM_DEPTH = 3;

type Done = Map<PDFRef, PDFRef | null>;

/**
 * Translates the pictures `page` paints, directly or through form XObjects; answers how many of
 * its own XObjects were replaced. `done` maps an original image or form to its translated one
 * (or null) across the pages of one write.
 */
export async function translatePagePictures(doc: PDFDocument, page: PDFPage, translate: PictureTranslator, done: Done): Promise<number> {
  const resources = page.node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!resources || !xobjects) return 0;
  const translated = await translatedXObjects(doc, xobjects, translate, done, 0);
  if (!translated) return 0;
  // This page's own resources and XObject dictionary, pointing at the translated pictures.
  const ownResources = resources.clone(doc.context);
  ownResources.set(PDFName.of('XObject'), translated.xobjects);
  page.node.set(PDFName.of('Resources'), ownResources);
  return translated.replaced;
}

/** A copy of an XObject dictionary pointing at the translated pictures and forms, if any changed. */
async function translatedXObjects(
  doc: PDFDocument,
  xobjects: PDFDict,
  translate: PictureTranslator,
  done: Done,
  depth: number,
): Promise<{ xobjects: PDFDict; replaced: number } | undefined> {
  const replaced = new Map<PDFName, PDFRef>();
  for (const [key, value] of xobjects.entries()) {
    if (!(value instanceof PDFRef)) continue;
    if (!done.has(value)) {
      done.set(value, null); // a form that draws itself is not followed round
      done.set(value, await translatedXObject(doc, value, translate, done, depth));
    }
    const translated = done.get(value);
    if (translated) replaced.set(key, translated);
  }
  if (replaced.size === 0) return undefined;
  const own = xobjects.clone(doc.context);
  for (const [key, ref] of replaced) own.set(key, ref);
  return { xobjects: own, replaced: replaced.size };
}

async function translatedXObject(
  doc: PDFDocument,
  ref: PDFRef,
  translate: PictureTranslator,
  done: Done,
  depth: number,
): Promise<PDFRef | null> {
  const stream = doc.context.lookup(ref);
  if (!(stream instanceof PDFRawStream)) return null;
  if (name(stream.dict, 'Subtype') !== '/Form') return translatedImage(doc, stream, translate);
  if (depth >= MAX_FORM_DEPTH) return null;
  // A copy of the form whose own resources point at its translated pictures; other pages keep the original.
  const resources = stream.dict.lookupMaybe(PDFName.of('Resources'), PDFDict);
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const translated = resources && xobjects ? await translatedXObjects(doc, xobjects, translate, done, depth + 1) : undefined;
  if (!resources || !translated) return null;
  const ownResources = resources.clone(doc.context);
  ownResources.set(PDFName.of('XObject'), translated.xobjects);
  const dict = stream.dict.clone(doc.context);
  dict.set(PDFName.of('Resources'), ownResources);
  return doc.context.register(PDFRawStream.of(dict, stream.contents));
}

async function translatedImage(doc: PDFDocument, stream: PDFRawStream, translate: PictureTranslator): Promise<PDFRef | null> {
  const decoded = decodeImage(stream);
  if (!decoded) return null;
  const translated = await translate(decoded.bytes, decoded.format);
  if (!translated) return null;
  const image = decoded.format === 'jpeg' ? await doc.embedJpg(translated) : await doc.embedPng(translated);
  await image.embed();
  const softMask = stream.dict.get(PDFName.of('SMask'));
  const embedded = doc.context.lookup(image.ref);
  // The redrawn picture is opaque and the same size: the original's transparency still fits it.
  if (softMask && embedded instanceof PDFRawStream && !embedded.dict.has(PDFName.of('SMask'))) {
    embedded.dict.set(PDFName.of('SMask'), softMask);
  }
  return image.ref;
}
