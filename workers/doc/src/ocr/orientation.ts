/**
 * A picture turned a quarter or half (a phone held sideways, a scan fed the wrong way): tesseract's
 * orientation detection (`--psm 0`, the `osd` data) says how far to turn it, and the picture is
 * turned with @napi-rs/canvas before it is read again. Detection needs a few lines of text; on a
 * sign or a single line tesseract answers "Too few characters" and the picture stays as it is.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { runTesseract } from './tesseract';

/**
 * Below this tesseract's orientation confidence is a guess: it reported 0.8-3.9 for upright
 * single lines and short paragraphs (always "Rotate: 0"), 7-28 for upright pages, 9.6 for the
 * page on its side (README.md).
 */
const MIN_ORIENTATION_CONFIDENCE = 5;

/** How far (degrees clockwise: 0, 90, 180, 270) to turn the picture upright; 0 when unsure. */
export async function uprightTurn(png: Uint8Array): Promise<number> {
  const osd = await runTesseract(png, ['--psm', '0'], 30_000).catch(() => '');
  const rotate = Number(/^Rotate:\s*(\d+)/m.exec(osd)?.[1] ?? 0);
  const confidence = Number(/^Orientation confidence:\s*([\d.]+)/m.exec(osd)?.[1] ?? 0);
  return [90, 180, 270].includes(rotate) && confidence >= MIN_ORIENTATION_CONFIDENCE ? rotate : 0;
}

/** The picture turned `degrees` clockwise (a multiple of 90), as a PNG. */
export async function turnPicture(png: Uint8Array, degrees: number): Promise<{ png: Buffer; width: number; height: number }> {
  const image = await loadImage(Buffer.from(png));
  const sideways = degrees % 180 !== 0;
  const width = sideways ? image.height : image.width;
  const height = sideways ? image.width : image.height;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.drawImage(image, -image.width / 2, -image.height / 2);
  return { png: await canvas.encode('png'), width, height };
}

/** The picture turned upright when orientation detection is sure it lies on its side, else as it is. */
export async function uprightPicture(png: Buffer): Promise<{ png: Buffer; turned: number }> {
  const turn = await uprightTurn(png);
  return turn === 0 ? { png, turned: 0 } : { png: (await turnPicture(png, turn)).png, turned: turn };
}
