/**
 * A PDF image's samples as RGB: the colour spaces images use most (DeviceGray/RGB/CMYK, their
 * ICC-based and calibrated forms, Indexed palettes over any of them) and the PNG predictors
 * Flate images are often stored with (PDF 32000-1 7.4.4.4, 8.6). Separation, DeviceN, Lab and
 * TIFF-predicted images are not handled: the caller leaves those pictures as they are.
 */
import { decodePDFRawStream, PDFArray, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, type PDFContext } from 'pdf-lib';

/** Writes the RGB of pixel `index` (in samples) at `out[o..o+2]`. */
type ToRgb = (samples: Uint8Array, index: number, out: Uint8ClampedArray, o: number) => void;
export type ColourSpace = { components: number; toRgb: ToRgb; indexed: boolean };

const gray: ToRgb = (s, i, out, o) => {
  out[o] = out[o + 1] = out[o + 2] = s[i]!;
};
const rgb: ToRgb = (s, i, out, o) => {
  out[o] = s[i * 3]!;
  out[o + 1] = s[i * 3 + 1]!;
  out[o + 2] = s[i * 3 + 2]!;
};
/** The naive CMYK conversion (no ICC profile): enough for OCR, which is all the picture is read for. */
const cmyk: ToRgb = (s, i, out, o) => {
  const k = 255 - s[i * 4 + 3]!;
  out[o] = ((255 - s[i * 4]!) * k) / 255;
  out[o + 1] = ((255 - s[i * 4 + 1]!) * k) / 255;
  out[o + 2] = ((255 - s[i * 4 + 2]!) * k) / 255;
};

const BY_COMPONENTS: Record<number, ToRgb> = { 1: gray, 3: rgb, 4: cmyk };
const DEVICE: Record<string, number> = { '/DeviceGray': 1, '/DeviceRGB': 3, '/DeviceCMYK': 4, '/CalGray': 1, '/CalRGB': 3 };

/** The object itself, or what a reference points at. */
const resolve = (context: PDFContext, value: unknown) => (value instanceof PDFRef ? context.lookup(value) : value);

function paletteBytes(context: PDFContext, lookup: unknown): Uint8Array | undefined {
  const value = resolve(context, lookup);
  if (value instanceof PDFRawStream) return decodePDFRawStream(value).decode();
  if (value instanceof PDFHexString || value instanceof PDFString) return value.asBytes();
  return undefined;
}

/** The image's colour space, or undefined when it is one this module does not convert. */
export function colourSpaceOf(context: PDFContext, value: unknown): ColourSpace | undefined {
  const resolved = resolve(context, value);
  if (resolved instanceof PDFName) {
    const components = DEVICE[resolved.asString()];
    return components ? { components, toRgb: BY_COMPONENTS[components]!, indexed: false } : undefined;
  }
  if (!(resolved instanceof PDFArray) || resolved.size() === 0) return undefined;
  const family = resolved.lookup(0, PDFName).asString();
  if (family === '/CalGray' || family === '/CalRGB')
    return colourSpaceOf(context, PDFName.of(family === '/CalGray' ? 'DeviceGray' : 'DeviceRGB'));
  if (family === '/ICCBased') {
    const profile = resolved.lookup(1);
    const components = profile instanceof PDFRawStream ? profile.dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber() : undefined;
    const toRgb = components ? BY_COMPONENTS[components] : undefined;
    return toRgb ? { components: components!, toRgb, indexed: false } : undefined;
  }
  if (family !== '/Indexed' || resolved.size() < 4) return undefined;
  const base = colourSpaceOf(context, resolved.get(1));
  const highest = resolved.lookupMaybe(2, PDFNumber)?.asNumber();
  const palette = paletteBytes(context, resolved.get(3));
  if (!base || base.indexed || highest === undefined || !palette) return undefined;
  const entry = new Uint8Array(base.components);
  const toRgb: ToRgb = (s, i, out, o) => {
    const at = Math.min(s[i]!, highest) * base.components;
    for (let c = 0; c < base.components; c++) entry[c] = palette[at + c] ?? 0;
    base.toRgb(entry, 0, out, o);
  };
  return { components: 1, toRgb, indexed: true };
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** What PNG filter `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) predicts from the neighbours. */
function predicted(type: number, left: number, up: number, upLeft: number): number {
  switch (type) {
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4:
      return paeth(left, up, upLeft);
    default:
      return 0;
  }
}

/** Undoes PNG row filters (predictors 10-15): each row starts with its filter type. */
export function unpredictPng(data: Uint8Array, rowBytes: number, pixelBytes: number): Uint8Array | undefined {
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    if (type > 4) return undefined;
    const row = data.subarray(r * (rowBytes + 1) + 1, (r + 1) * (rowBytes + 1));
    const at = r * rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const left = x >= pixelBytes ? out[at + x - pixelBytes]! : 0;
      const up = r > 0 ? out[at - rowBytes + x]! : 0;
      const upLeft = r > 0 && x >= pixelBytes ? out[at - rowBytes + x - pixelBytes]! : 0;
      out[at + x] = (row[x]! + predicted(type, left, up, upLeft)) & 0xff;
    }
  }
  return out;
}

/** Samples of 1, 2 or 4 bits (rows padded to whole bytes) as one byte each. */
export function unpackSamples(data: Uint8Array, bits: number, perRow: number, rows: number): Uint8Array {
  if (bits === 8) return data;
  const out = new Uint8Array(perRow * rows);
  const rowBytes = Math.ceil((perRow * bits) / 8);
  const mask = (1 << bits) - 1;
  for (let r = 0; r < rows; r++) {
    for (let x = 0; x < perRow; x++) {
      const bit = x * bits;
      out[r * perRow + x] = (data[r * rowBytes + (bit >> 3)]! >> (8 - bits - (bit & 7))) & mask;
    }
  }
  return out;
}
