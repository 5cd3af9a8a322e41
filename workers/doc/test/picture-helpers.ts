/** Shared by the picture tests: a picture of one line of black text on white. */
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

/** Noto CJK from Debian's fonts-noto-cjk, so Chinese, Japanese and Korean pictures can be drawn. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
let cjkRegistered = false;

export function textPicture(text: string, format: 'png' | 'jpeg' = 'png'): Buffer {
  cjkRegistered ||= GlobalFonts.registerFromPath(CJK_FONT, 'TestCjk') !== null;
  const canvas = createCanvas(640, 120);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 640, 120);
  ctx.fillStyle = '#000000';
  ctx.font = '48px TestCjk, sans-serif';
  ctx.fillText(text, 30, 75);
  return format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 95);
}
export { validateXliff } from './xliff-schema';
export { paragraphPicture, verticalPicture } from './ocr-measure';
