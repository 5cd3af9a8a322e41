/**
 * The paper colour behind an OCR'd block, so the cover drawn over the scanned source text blends
 * in (a white box on yellowed paper stands out). Ink covers a minority of a text block's pixels,
 * so the per-channel median of a grid of samples is the paper.
 */
import type { RawImage } from '../../ocr/index.js';
import type { PixelBox } from '../../ocr/index.js';

/** RGB in 0..1. */
export type Rgb = [number, number, number];

export function paperColour(image: RawImage, box: PixelBox): Rgb {
  const { width, height } = image;
  const samples: Rgb[] = [];
  const steps = 30;
  for (let i = 0; i < steps; i++) {
    for (let j = 0; j < steps; j++) {
      const x = Math.min(width - 1, Math.max(0, Math.round(box.left + ((i + 0.5) * box.width) / steps)));
      const y = Math.min(height - 1, Math.max(0, Math.round(box.top + ((j + 0.5) * box.height) / steps)));
      samples.push(pixel(image, x, y));
    }
  }
  const median = (channel: 0 | 1 | 2) => {
    const values = samples.map((s) => s[channel]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]! / 255;
  };
  return [median(0), median(1), median(2)];
}

function pixel({ width, bitsPerPixel, data }: RawImage, x: number, y: number): Rgb {
  if (bitsPerPixel === 1) {
    const on = (data[y * Math.ceil(width / 8) + (x >> 3)]! >> (7 - (x & 7))) & 1;
    return on ? [255, 255, 255] : [0, 0, 0];
  }
  if (bitsPerPixel === 8) {
    const v = data[y * width + x]!;
    return [v, v, v];
  }
  const at = (y * width + x) * (bitsPerPixel / 8);
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}
