/**
 * A picture as tesseract reads it best: gray by luminance, as a PGM. Tesseract's own conversion
 * loses coloured text on coloured ground (white on a blue or green road sign, red on white); by
 * luminance the Japanese "no litter" sign gave 4 of its 5 key words instead of 2, and the Korean
 * road sign 4 of 6 instead of 2 (README.md). Black on white is unchanged.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encodePnm } from './pnm';

export async function grayPicture(bytes: Uint8Array): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const rgba = ctx.getImageData(0, 0, image.width, image.height).data;
  const gray = new Uint8Array(image.width * image.height);
  for (let i = 0, j = 0; j < gray.length; i += 4, j += 1) {
    gray[j] = Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!);
  }
  return encodePnm({ width: image.width, height: image.height, bitsPerPixel: 8, data: gray });
}
