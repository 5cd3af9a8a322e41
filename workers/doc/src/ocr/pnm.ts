/**
 * Builds a binary PNM (PGM/PPM) image from raw pixels. Tesseract (leptonica) reads PNM
 * natively, so decoded PDF images can be OCR'd without a PNG encoder or a rasteriser.
 */
export type RawImage = {
  width: number;
  height: number;
  /** 1: 1 bit per pixel packed rows (bit set = white), 8: gray, 24: RGB, 32: RGBA. */
  bitsPerPixel: 1 | 8 | 24 | 32;
  data: Uint8Array;
};

export function encodePnm(image: RawImage): Uint8Array {
  const { width, height, bitsPerPixel, data } = image;
  const gray = bitsPerPixel === 1 || bitsPerPixel === 8;
  const channels = gray ? 1 : 3;
  const header = new TextEncoder().encode(`${gray ? 'P5' : 'P6'}\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height * channels);
  out.set(header);
  const body = out.subarray(header.length);
  if (bitsPerPixel === 8 || bitsPerPixel === 24) {
    body.set(data.subarray(0, body.length));
  } else if (bitsPerPixel === 1) {
    const rowBytes = Math.ceil(width / 8);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
        body[y * width + x] = bit ? 255 : 0;
      }
    }
  } else {
    for (let i = 0, j = 0; j < body.length; i += 4, j += 3) {
      body[j] = data[i]!;
      body[j + 1] = data[i + 1]!;
      body[j + 2] = data[i + 2]!;
    }
  }
  return out;
}
