/** Shared by the picture tests: a picture of one line of black text on white. */
import { createCanvas } from '@napi-rs/canvas';

export function textPicture(text: string, format: 'png' | 'jpeg' = 'png'): Buffer {
  const canvas = createCanvas(640, 120);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 640, 120);
  ctx.fillStyle = '#000000';
  ctx.font = '48px sans-serif';
  ctx.fillText(text, 30, 75);
  return format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 95);
}
