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

export type PictureLine = { box: PixelBox; text: string; vertical?: boolean | undefined };

type Ctx = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** Scripts written down a column as they are: Chinese, Japanese (kana) and Korean. */
const COLUMN_SCRIPT = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/** The picture with `lines` redrawn; PNG stays PNG, anything else is written as JPEG. */
export async function redrawPicture(bytes: Buffer, lines: readonly PictureLine[], format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const family = fontFamily();
  for (const line of lines) {
    const { box } = line;
    // The background just outside the box's top-left corner: the paper the text was printed on.
    const [r, g, b] = ctx.getImageData(Math.max(0, box.left - 2), Math.max(0, box.top - 2), 1, 1).data;
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    ctx.fillRect(box.left - 1, box.top - 1, box.width + 2, box.height + 2);
    // Dark text on light paper, light text on dark.
    ctx.fillStyle = (r! + g! + b!) / 3 > 128 ? '#111' : '#eee';
    if (!line.vertical) drawAcross(ctx, family, line);
    else if (COLUMN_SCRIPT.test(line.text)) drawDown(ctx, family, line);
    else drawTurned(ctx, family, line);
  }
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 90);
}

/** The largest size (from `start` down to 6 px) at which `text` is at most `room` wide. */
function fit(ctx: Ctx, family: string, text: string, start: number, room: number): number {
  let size = Math.max(8, Math.floor(start));
  ctx.font = `${size}px ${family}`;
  while (size > 6 && ctx.measureText(text).width > room) {
    size -= 1;
    ctx.font = `${size}px ${family}`;
  }
  return size;
}

/** A horizontal line: left-aligned in its box, shrunk until it fits. */
function drawAcross(ctx: Ctx, family: string, { box, text }: PictureLine): void {
  fit(ctx, family, text, box.height * 0.9, box.width);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, box.left, box.top + box.height / 2, box.width);
}

/**
 * A CJK translation of a column: one character under another, each upright (Latin letters and
 * digits in it too, as short runs in vertical CJK print often are), centred in the column and
 * sized so that all of them fit its height.
 */
function drawDown(ctx: Ctx, family: string, { box, text }: PictureLine): void {
  const chars = [...text.replace(/\s+/gu, '')];
  const size = Math.max(6, Math.floor(Math.min(box.width * 0.95, box.height / Math.max(1, chars.length))));
  ctx.font = `${size}px ${family}`;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  chars.forEach((ch, i) => ctx.fillText(ch, box.left + box.width / 2, box.top + i * size, size));
}

/** Any other translation of a column (English, Russian): the line turned a quarter clockwise, read top to bottom. */
function drawTurned(ctx: Ctx, family: string, { box, text }: PictureLine): void {
  ctx.save();
  ctx.translate(box.left + box.width / 2, box.top);
  ctx.rotate(Math.PI / 2);
  fit(ctx, family, text, box.width * 0.9, box.height);
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, 0, 0, box.height);
  ctx.restore();
}
