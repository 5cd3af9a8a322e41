/**
 * Text inside form XObjects (Word's PDF export, letterheads, stamped pages) is out of reach of
 * the page stream edit. For every form the page paints, we run the same removal on the form's
 * stream under the CTM it was painted with, and point this page (only) at an edited copy of the
 * form: the original form may be shared with other pages or with the untouched source page of
 * mode 1. One level deep: forms inside forms are left alone.
 */
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';
import { removeTextInBoxes, type Rgb } from './content-stream.js';
import { spaceWidthsIn } from './leading-blanks.js';
import { IDENTITY, multiply, type Matrix } from './matrix.js';
import type { Box } from './text-layout.js';

/** Adds the shows removed inside forms to `removed`, their colours and base fonts (per box). */
export function removeTextInForms(
  doc: PDFDocument,
  page: PDFPage,
  painted: readonly { name: string; ctm: Matrix }[],
  boxes: readonly Box[],
  removed: number[],
  colours: (Rgb | undefined)[],
  baseFonts: (string | undefined)[],
): void {
  const resources = page.node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!resources || !xobjects) return;
  let edited: PDFDict | undefined;
  const seen = new Set<string>();
  for (const { name, ctm } of painted) {
    if (seen.has(name)) continue; // a form painted twice: the first placement decides
    seen.add(name);
    const stream = doc.context.lookup(xobjects.get(PDFName.of(name)));
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
    const formResources = stream.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
    const result = removeTextInBoxes(decodePDFRawStream(stream).decode(), boxes, {
      ctm: multiply(formMatrix(stream.dict), ctm),
      spaceWidth: spaceWidthsIn(formResources),
    });
    if (result.removed.every((count) => count === 0)) continue;
    result.removed.forEach((count, index) => (removed[index]! += count));
    result.colours.forEach((colour, index) => (colours[index] ??= colour));
    result.fonts.forEach((font, index) => (baseFonts[index] ??= baseFontName(formResources, font)));
    const dict = stream.dict.clone(doc.context);
    dict.delete(PDFName.of('DecodeParms'));
    dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    const contents = deflateSync(result.content);
    dict.set(PDFName.of('Length'), PDFNumber.of(contents.length));
    edited ??= xobjects.clone(doc.context);
    edited.set(PDFName.of(name), doc.context.register(PDFRawStream.of(dict, contents)));
  }
  if (!edited) return;
  const ownResources = resources.clone(doc.context);
  ownResources.set(PDFName.of('XObject'), edited);
  page.node.set(PDFName.of('Resources'), ownResources);
}

function formMatrix(dict: PDFDict): Matrix {
  const array = dict.lookupMaybe(PDFName.of('Matrix'), PDFArray);
  if (!array || array.size() !== 6) return IDENTITY;
  const values = array.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : 0));
  return values as Matrix;
}

/** The /BaseFont of font resource `name` in a /Resources dictionary. */
export function baseFontName(resources: PDFDict | undefined, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const fonts = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  const font = fonts?.lookupMaybe(PDFName.of(name), PDFDict);
  return font?.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText();
}
