/**
 * Puts translated text back into a picture: each recognised line is painted over with the colour
 * around it and the translation is drawn in its box, shrunk until it fits. Drawing uses
 * @napi-rs/canvas (Skia, prebuilt) with the Noto CJK font so Chinese, Japanese and Korean render.
 */
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';
import type { PixelBox } from '../ocr/index';

const CJK_FONT = process.env.DOC_CJK_FONT ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FAMILY = 'MtpPictureText';
let fontRegistered = false;

function fontFamily(): string {
  if (!fontRegistered && existsSync(CJK_FONT)) fontRegistered = GlobalFonts.registerFromPath(CJK_FONT, FAMILY) !== null;
  return fontRegistered ? `"${FAMILY}", sans-serif` : 'sans-serif';
}

export type PictureLine = { box: PixelBox; text: string };

/** The picture with `lines` redrawn; PNG stays PNG, anything else is written as JPEG. */
export async function redrawPicture(bytes: Buffer, lines: readonly PictureLine[], format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const family = fontFamily();
  for (const { box, text } of lines) {
    // The background just outside the box's top-left corner: the paper the text was printed on.
    const [r, g, b] = ctx.getImageData(Math.max(0, box.left - 2), Math.max(0, box.top - 2), 1, 1).data;
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.fillRect(box.left - 1, box.top - 1, box.width + 2, box.height + 2);
    // Dark text on light paper, light text on dark.
    ctx.fillStyle = (r! + g! + b!) / 3 > 128 ? '#111' : '#eee';
    let size = Math.max(8, Math.floor(box.height * 0.9));
    ctx.font = `${size}px ${family}`;
    while (size > 6 && ctx.measureText(text).width > box.width) {
      size -= 1;
      ctx.font = `${size}px ${family}`;
    }
    ctx.textBaseline = 'middle';
    ctx.fillText(text, box.left, box.top + box.height / 2, box.width);
  }
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 90);
}
