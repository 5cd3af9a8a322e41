/**
 * The image code must not be readable by a program. The old svg-captcha SVG drew each glyph as
 * its exact font outline (`<path d="...">`), so the sequence of path commands named the glyph:
 * a table built from a few labelled captchas solved 40 of 40. The picture is now a PNG (pixels,
 * no outlines) with warped, overlapping glyphs and curves across them. Here that very attack runs
 * against `image_code`, and so does an off-the-shelf OCR (tesseract, which the document worker
 * already needs), as a second, measured check.
 */
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@mtp/gateway';
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const NO_IMAGE_LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, imageCode: { perAccount: 0, perIp: 0, windowSeconds: 900 } };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let gw: TestGateway;
let dir: string;
beforeAll(async () => {
  gw = await buildTestGateway({ app: { rateLimits: NO_IMAGE_LIMITS }, docWorker: false });
  dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-captcha-'));
});
afterAll(async () => {
  await gw?.close();
  await rm(dir, { recursive: true, force: true });
});

type Captcha = { image: string; bytes: Buffer; answer: string };

async function captcha(): Promise<Captcha> {
  const { data } = await gw.call<{ captcha_id: string; image: string }>('GET', 'image_code');
  const { rows } = await gw.db.query<{ answer: string }>('SELECT answer FROM captchas WHERE captcha_id = $1', [data.captcha_id]);
  const bytes = Buffer.from(data.image.slice(data.image.indexOf(',') + 1), 'base64');
  return { image: data.image, bytes, answer: rows[0]!.answer };
}

/** The chunk types of a PNG, in order. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.toString('latin1', at + 4, at + 8));
  return types;
}

/** The glyph-outline attack: each filled path's command letters, left to right. */
function glyphSignatures(image: Buffer): string[] {
  const text = image.toString('latin1');
  return [...text.matchAll(/<path fill="[^"]+" d="([^"]+)"/g)]
    .map((m) => ({ signature: m[1]!.replace(/[^A-Za-z]/g, ''), x: Number(/M\s*([\d.]+)/.exec(m[1]!)?.[1] ?? 0) }))
    .sort((a, b) => a.x - b.x)
    .map((g) => g.signature);
}

describe('image code', () => {
  it('is a PNG data URL, nothing but pixels', async () => {
    const { image, bytes, answer } = await captcha();
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Only image chunks: no text chunk could carry the answer or a vector description.
    expect(pngChunks(bytes).filter((t) => !['IHDR', 'sBIT', 'sRGB', 'pHYs', 'IDAT', 'IEND'].includes(t))).toEqual([]);
    const latin = bytes.toString('latin1');
    expect(latin).not.toMatch(/<svg|<path|\bd="/i);
    expect(latin.toLowerCase()).not.toContain(answer);
  });

  it('defeats the glyph-outline matcher that solved the SVG captcha', async () => {
    // The attacker's table: glyph signature -> character, from labelled captchas.
    const table = new Map<string, string>();
    for (let i = 0; i < 60; i++) {
      const { bytes, answer } = await captcha();
      const signatures = glyphSignatures(bytes);
      if (signatures.length === answer.length) signatures.forEach((s, k) => table.set(s, answer[k]!));
    }
    let solved = 0;
    for (let i = 0; i < 20; i++) {
      const { bytes, answer } = await captcha();
      if (
        glyphSignatures(bytes)
          .map((s) => table.get(s) ?? '?')
          .join('') === answer
      )
        solved++;
    }
    console.log(`glyph-outline attack: table of ${table.size} glyphs, solved ${solved} of 20`);
    expect(solved).toBe(0);
  });

  it('is not read by tesseract either (measured)', async () => {
    const run = promisify(execFile);
    let solved = 0;
    const tries = 12;
    for (let i = 0; i < tries; i++) {
      const { bytes, answer } = await captcha();
      const file = path.join(dir, `c${i}.png`);
      await writeFile(file, bytes);
      const { stdout } = await run('tesseract', [file, 'stdout', '--psm', '7']);
      if (stdout.replace(/\s/g, '').toLowerCase() === answer) solved++;
    }
    console.log(`tesseract read ${solved} of ${tries} image codes`);
    expect(solved).toBeLessThanOrEqual(2);
  });
});
