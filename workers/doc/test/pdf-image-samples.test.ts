/**
 * PDF images in the colour spaces and predictors real files use are decoded to the right pixels
 * (gray ICC profiles, CMYK, 4-bit palettes with padded rows, PNG-predicted RGB), and the ones we
 * cannot read right are left alone.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PDFRawStream } from 'pdf-lib';
import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../src/formats/pdf/pdf-pictures.js';
import { unpredictPng } from '../src/formats/pdf/pdf-image-samples.js';

/** An image XObject of `width` x `height` with these samples, Flate-compressed, in `doc`. */
function image(doc: PDFDocument, width: number, height: number, samples: number[], extra: Record<string, unknown>): PDFRawStream {
  return doc.context.flateStream(new Uint8Array(samples), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: 8,
    ...extra,
  });
}

/** The RGB of every pixel of a decoded picture. */
async function pixels(stream: PDFRawStream): Promise<number[][]> {
  const decoded = decodeImage(stream);
  expect(decoded?.format).toBe('png');
  const picture = await loadImage(decoded!.bytes);
  const ctx = createCanvas(picture.width, picture.height).getContext('2d');
  ctx.drawImage(picture, 0, 0);
  const data = ctx.getImageData(0, 0, picture.width, picture.height).data;
  return Array.from({ length: picture.width * picture.height }, (_, i) => [data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!]);
}

describe('PDF image samples', () => {
  it('reads gray through an ICC profile', async () => {
    const doc = await PDFDocument.create();
    const profile = doc.context.register(doc.context.flateStream(new Uint8Array(16), { N: 1 }));
    const stream = image(doc, 2, 1, [0, 200], { ColorSpace: [PDFName.of('ICCBased'), profile] });
    expect(await pixels(stream)).toEqual([
      [0, 0, 0],
      [200, 200, 200],
    ]);
  });

  it('turns CMYK into RGB', async () => {
    const stream = image(await PDFDocument.create(), 3, 1, [0, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0], { ColorSpace: 'DeviceCMYK' });
    expect(await pixels(stream)).toEqual([
      [255, 255, 255],
      [0, 0, 0],
      [0, 255, 255],
    ]);
  });

  it('looks 4-bit samples up in a palette, rows padded to whole bytes', async () => {
    const doc = await PDFDocument.create();
    const palette = PDFHexString.of('FF0000' + '00FF00' + '0000FF');
    // 3 x 2 pixels of 4 bits: each row is 12 bits, padded to 2 bytes.
    const stream = doc.context.flateStream(new Uint8Array([0x01, 0x20, 0x21, 0x00]), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 3,
      Height: 2,
      BitsPerComponent: 4,
      ColorSpace: [PDFName.of('Indexed'), PDFName.of('DeviceRGB'), 2, palette],
    });
    expect(await pixels(stream)).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [0, 0, 255],
      [0, 255, 0],
      [255, 0, 0],
    ]);
  });

  it('undoes PNG predictors (Sub, Up, Average, Paeth)', async () => {
    const rgb = [10, 20, 30, 40, 50, 60, 15, 25, 35, 45, 55, 65, 5, 5, 5, 250, 250, 250, 0, 100, 200, 200, 100, 0];
    // Four rows of two RGB pixels, each row filtered with a different PNG filter.
    const rows = [0, 1, 2, 3].map((r) => rgb.slice(r * 6, r * 6 + 6));
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      return Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
    };
    // Four rows of two RGB pixels, row r filtered with PNG filter r + 1 (Sub, Up, Average, Paeth).
    const filtered = rows.flatMap((row, r) => [
      r + 1,
      ...row.map((value, x) => {
        const left = x >= 3 ? row[x - 3]! : 0;
        const up = r > 0 ? rows[r - 1]![x]! : 0;
        const upLeft = r > 0 && x >= 3 ? rows[r - 1]![x - 3]! : 0;
        const predicted = [left, up, (left + up) >> 1, paeth(left, up, upLeft)][r]!;
        return (value - predicted + 256) & 0xff;
      }),
    ]);
    expect(Array.from(unpredictPng(new Uint8Array(filtered), 6, 3)!)).toEqual(rgb);
    const doc = await PDFDocument.create();
    const stream = image(doc, 2, 4, filtered, { ColorSpace: 'DeviceRGB', DecodeParms: { Predictor: 15, Colors: 3, Columns: 2 } });
    expect((await pixels(stream)).flat()).toEqual(rgb);
  });

  it('leaves alone what it cannot read right: CMYK JPEGs, Separation colours, TIFF predictors', async () => {
    const doc = await PDFDocument.create();
    const jpeg = doc.context.stream(new Uint8Array([0xff, 0xd8]), {
      Subtype: 'Image',
      Width: 1,
      Height: 1,
      BitsPerComponent: 8,
      ColorSpace: 'DeviceCMYK',
      Filter: 'DCTDecode',
    });
    expect(decodeImage(jpeg as unknown as PDFRawStream)).toBeUndefined();
    const separation = image(doc, 1, 1, [0], { ColorSpace: [PDFName.of('Separation'), PDFName.of('Spot'), PDFName.of('DeviceGray'), 0] });
    expect(decodeImage(separation)).toBeUndefined();
    const tiff = image(doc, 1, 1, [0, 0, 0], { ColorSpace: 'DeviceRGB', DecodeParms: { Predictor: 2, Colors: 3, Columns: 1 } });
    expect(decodeImage(tiff)).toBeUndefined();
  });
});
