/**
 * The image-code picture: a real PNG of the stated size, different on every draw even for the
 * same text (no template to match), and cheap enough to draw in the gateway (figure printed;
 * the accounts README gives the reasoning).
 */
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_LIGHTNESS,
  BACKGROUND_SATURATION,
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_WIDTH,
  INK_LIGHTNESS,
  INK_SATURATION,
  captchaFontFamilies,
  drawCaptcha,
  randomCaptchaText,
} from '../src/captcha-image';

async function pixels(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  expect([image.width, image.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

describe('captcha image', () => {
  it('finds fonts to draw with on this system', () => {
    expect(captchaFontFamilies().length).toBeGreaterThan(0);
  });

  it('draws the same text differently every time', async () => {
    const [a, b] = await Promise.all([pixels(drawCaptcha('k7ma')), pixels(drawCaptcha('k7ma'))]);
    let differing = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 30) differing++;
    }
    const share = differing / (CAPTCHA_WIDTH * CAPTCHA_HEIGHT);
    console.log(`two pictures of "k7ma" differ in ${(share * 100).toFixed(0)}% of their pixels`);
    expect(share).toBeGreaterThan(0.2);
  });

  it('draws text from its alphabet only', () => {
    for (let i = 0; i < 50; i++) expect([...randomCaptchaText()].every((c) => CAPTCHA_ALPHABET.includes(c))).toBe(true);
  });

  it('is a small picture, cheap to draw (measured)', () => {
    for (let i = 0; i < 20; i++) drawCaptcha(randomCaptchaText());
    const n = 200;
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < n; i++) bytes += drawCaptcha(randomCaptchaText()).length;
    const ms = (performance.now() - started) / n;
    console.log(`captcha: ${ms.toFixed(2)} ms and ${Math.round(bytes / n / 1024)} KiB a picture`);
    // Generous: only a gross regression (a huge canvas, a slow loop) trips this on a loaded machine.
    expect(ms).toBeLessThan(50);
  });

  it('keeps the ink readable on its background: contrast of at least 4.5:1 at every hue', () => {
    const luminance = (h: number, sPct: number, lPct: number) => {
      const [sat, l] = [sPct / 100, lPct / 100];
      const a = sat * Math.min(l, 1 - l);
      const f = (n: number) => {
        const k = (n + h / 30) % 12;
        const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(0) + 0.7152 * f(8) + 0.0722 * f(4);
    };
    let worst = Infinity;
    for (let ink = 0; ink < 360; ink += 5)
      for (let bg = 0; bg < 360; bg += 5)
        for (const inkSat of INK_SATURATION) {
          const dark = luminance(ink, inkSat, INK_LIGHTNESS[1]);
          const light = luminance(bg, BACKGROUND_SATURATION, BACKGROUND_LIGHTNESS[0]);
          worst = Math.min(worst, (light + 0.05) / (dark + 0.05));
        }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
