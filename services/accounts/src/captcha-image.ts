/**
 * Draws an image code as a small PNG with @napi-rs/canvas. A raster picture and not SVG: an
 * SVG captcha carries each glyph as its exact font outline, which a program matches against the
 * font's outlines without reading any pixels. Here every glyph gets its own font, size, rotation,
 * shear and offset, the glyphs overlap, the whole text is bent by a wave and crossed by curves
 * in the text's colours, so neither an outline nor a clean glyph shape survives into the bytes.
 */
import { createCanvas, GlobalFonts, ImageData, type SKRSContext2D } from '@napi-rs/canvas';
import { randomInt } from 'node:crypto';

// The web shows it at 110x36 CSS pixels; a little more leaves room for high-density screens.
export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;
// Lengths below are in units of the height, so the picture scales as a whole.
const U = CAPTCHA_HEIGHT / 80;
// Characters people confuse (0/o, 1/l/i, 2/z, 6/b, 9/g/q, u/v, j) are left out; answers ignore case.
export const CAPTCHA_ALPHABET = '34578abcdefhkmnprstwxy';

// Fonts with Latin letters that Debian's fonts-dejavu, fonts-liberation and fonts-noto-cjk carry.
const PREFERRED_FAMILIES = /^(DejaVu Sans|DejaVu Serif|DejaVu Sans Mono|Liberation (Sans|Serif|Mono|Sans Narrow)|Noto (Sans|Serif) CJK)/;
const SYMBOL_FAMILIES = /Symbol|Math|Emoji/i;

let families: string[] | undefined;

/** The system's font families the picture picks from; empty means no text could be drawn. */
export function captchaFontFamilies(): string[] {
  if (!families) {
    const all = [...new Set(GlobalFonts.families.map((f) => f.family))];
    const preferred = all.filter((f) => PREFERRED_FAMILIES.test(f));
    families = preferred.length > 0 ? preferred : all.filter((f) => !SYMBOL_FAMILIES.test(f));
  }
  return families;
}

/** A uniform random number in [min, max) from the system's CSPRNG: the picture must not be predictable. */
const between = (min: number, max: number) => min + (randomInt(0, 1 << 24) / (1 << 24)) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)]!;

export function randomCaptchaText(length = 4): string {
  return Array.from({ length }, () => pick([...CAPTCHA_ALPHABET])).join('');
}

/**
 * Lightness (HSL %) of the ink and of the background. People must read the code at a glance:
 * the lightest ink on the darkest background keeps a WCAG contrast of at least 4.5:1 for every
 * hue (test/captcha-image.test.ts checks it); the distortion, not faint colours, stops programs.
 */
export const INK_LIGHTNESS = [10, 20] as const;
export const INK_SATURATION = [50, 90] as const;
export const BACKGROUND_LIGHTNESS = [93, 98] as const;
export const BACKGROUND_SATURATION = 60;

/** A dark colour of a random hue, so glyphs and the curves over them look alike. */
const inkColour = (alpha = 1) =>
  `hsla(${randomInt(0, 360)}, ${randomInt(INK_SATURATION[0], INK_SATURATION[1] + 1)}%, ${randomInt(INK_LIGHTNESS[0], INK_LIGHTNESS[1] + 1)}%, ${alpha})`;

function drawGlyphs(ctx: SKRSContext2D, text: string, fonts: string[]): void {
  const sizes = [...text].map(() => between(CAPTCHA_HEIGHT * 0.6, CAPTCHA_HEIGHT * 0.78));
  // Each advance is well under the glyph's width, so neighbours overlap and no gap splits them.
  const advances = sizes.map((s) => s * between(0.55, 0.7));
  let x = (CAPTCHA_WIDTH - advances.reduce((a, b) => a + b, 0)) / 2 + advances[0]! / 2;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  [...text].forEach((ch, i) => {
    ctx.save();
    ctx.translate(x + between(-4, 4) * U, CAPTCHA_HEIGHT / 2 + between(-8, 8) * U);
    ctx.rotate(between(-0.35, 0.35));
    ctx.transform(between(0.85, 1.2), between(-0.12, 0.12), between(-0.3, 0.3), between(0.85, 1.15), 0, 0);
    ctx.font = `${randomInt(0, 2) ? 'bold ' : ''}${Math.round(sizes[i]!)}px "${pick(fonts)}"`;
    ctx.fillStyle = inkColour();
    ctx.fillText(randomInt(0, 2) ? ch.toUpperCase() : ch, 0, 0);
    ctx.restore();
    x += advances[i]!;
  });
}

/** Curves across the whole width in ink colours; drawn before the wave they bend with the text. */
function drawCurves(ctx: SKRSContext2D, count: number, minWidth: number, maxWidth: number): void {
  for (let i = 0; i < count; i++) {
    ctx.beginPath();
    ctx.moveTo(between(-0.05, 0.1) * CAPTCHA_WIDTH, between(0.15, 0.85) * CAPTCHA_HEIGHT);
    ctx.bezierCurveTo(
      between(0.15, 0.4) * CAPTCHA_WIDTH,
      between(-0.25, 1.25) * CAPTCHA_HEIGHT,
      between(0.6, 0.85) * CAPTCHA_WIDTH,
      between(-0.25, 1.25) * CAPTCHA_HEIGHT,
      between(0.9, 1.05) * CAPTCHA_WIDTH,
      between(0.15, 0.85) * CAPTCHA_HEIGHT,
    );
    ctx.lineWidth = between(minWidth, maxWidth) * U;
    ctx.strokeStyle = inkColour(between(0.7, 1));
    ctx.stroke();
  }
}

/** Bends the picture by two sine waves (rows shift sideways, columns up and down), sampling bilinearly. */
function warp(src: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(src.length);
  const [ax, px, fx] = [between(2.5, 4.5) * U, between(25, 45) * U, between(0, Math.PI * 2)];
  const [ay, py, fy] = [between(3, 6) * U, between(60, 110) * U, between(0, Math.PI * 2)];
  const rowShift = Array.from({ length: height }, (_, y) => ax * Math.sin((2 * Math.PI * y) / px + fx));
  const columnShift = Array.from({ length: width }, (_, x) => ay * Math.sin((2 * Math.PI * x) / py + fy));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = x + rowShift[y]!;
      const sy = y + columnShift[x]!;
      // Samples from beyond an edge repeat the edge.
      const x0 = Math.min(Math.max(Math.floor(sx), 0), width - 2);
      const y0 = Math.min(Math.max(Math.floor(sy), 0), height - 2);
      const tx = Math.min(Math.max(sx - x0, 0), 1);
      const ty = Math.min(Math.max(sy - y0, 0), 1);
      const [w00, w01, w10, w11] = [(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty];
      const i00 = (y0 * width + x0) * 4;
      const i10 = i00 + width * 4;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        out[o + c] = src[i00 + c]! * w00 + src[i00 + 4 + c]! * w01 + src[i10 + c]! * w10 + src[i10 + 4 + c]! * w11;
      }
    }
  }
  return out;
}

function drawBackground(ctx: SKRSContext2D): void {
  const gradient = ctx.createLinearGradient(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const light = () => randomInt(BACKGROUND_LIGHTNESS[0], BACKGROUND_LIGHTNESS[1] + 1);
  gradient.addColorStop(0, `hsl(${randomInt(0, 360)}, ${BACKGROUND_SATURATION}%, ${light()}%)`);
  gradient.addColorStop(1, `hsl(${randomInt(0, 360)}, ${BACKGROUND_SATURATION}%, ${light()}%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  // Faint specks: enough to stop a plain threshold, too light to be mistaken for strokes.
  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = `hsla(${randomInt(0, 360)}, 50%, ${randomInt(55, 80)}%, 0.4)`;
    ctx.fillRect(between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT), between(1, 3) * U, between(1, 3) * U);
  }
}

/** Draws `text` as a PNG of CAPTCHA_WIDTH x CAPTCHA_HEIGHT; every call gives a different picture. */
export function drawCaptcha(text: string): Buffer {
  const fonts = captchaFontFamilies();
  if (fonts.length === 0) throw new Error('no fonts found for image codes: install fonts-dejavu or fonts-liberation');
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  drawBackground(ctx);
  drawGlyphs(ctx, text, fonts);
  drawCurves(ctx, 1, 2, 3);
  const { data } = ctx.getImageData(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  ctx.putImageData(new ImageData(warp(data, CAPTCHA_WIDTH, CAPTCHA_HEIGHT), CAPTCHA_WIDTH, CAPTCHA_HEIGHT), 0, 0);
  // Thin curves over the bent text: they cross every glyph but leave it readable.
  drawCurves(ctx, 2, 1, 1.5);
  // Synchronous on purpose: the async encoder replays the drawing on a libuv thread after the
  // data it drew from may be collected, which crashed the process (@napi-rs/canvas 0.1.100).
  return canvas.toBuffer('image/png');
}
