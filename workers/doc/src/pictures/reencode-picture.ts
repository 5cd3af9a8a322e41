/**
 * Re-encodes an uploaded picture (a site logo) into a fresh PNG, so that what the platform serves
 * is pixels it drew itself and never the upload's bytes: an SVG with a script, HTML named .png or
 * a PNG with HTML after its end can only come out as a plain picture, or be refused.
 *
 * The format is read from the content (image-size), never from a declared type or a name; only
 * PNG and JPEG are accepted. The header's width and height are checked before anything is
 * decoded: a 2 MB PNG can claim 30000x30000 pixels (3.6 GB once decoded). Decoding runs in a
 * child process (`decode-picture-child.mjs`): @napi-rs/canvas 0.1.x crashes its process on a
 * truncated or corrupt file, and that must end the child, not the worker.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { imageSize } from 'image-size';

const CHILD = fileURLToPath(new URL('./decode-picture-child.mjs', import.meta.url));
/** image-size's names of the formats accepted. */
const ACCEPTED = new Set(['png', 'jpg']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Why 15 s: a 4096x4096 JPEG decodes and encodes in about a second; far past that the decoder is stuck. */
const DECODE_TIMEOUT_MS = 15_000;
/** Why 80 MB: a 4096x4096 picture of noise is about 64 MB as PNG; more is not a picture we drew. */
const MAX_PNG_BYTES = 80 * 1024 * 1024;

export type ReencodeRefusal = 'not_a_picture' | 'too_large' | 'undecodable';
export type ReencodeResult =
  | { outcome: 'ok'; png: Buffer; width: number; height: number }
  | { outcome: ReencodeRefusal; width: number; height: number; detail: string };

/** The PNG the child drew, or why it could not (its exit code or signal, and what it printed). */
function decodeInChild(bytes: Uint8Array, width: number, height: number): Promise<Buffer | string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD, String(width), String(height)], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errText = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), DECODE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_PNG_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-500)));
    // A child that died early closes its stdin: the write error is the exit's to report.
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);
    child.on('error', (err) => errText || (errText = err.message));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0 && outBytes <= MAX_PNG_BYTES) resolve(Buffer.concat(out));
      else resolve(`decoder ended with ${signal ?? `code ${code}`}${errText ? `: ${errText.trim()}` : ''}`);
    });
  });
}

function pngSize(bytes: Buffer): { width?: number; height?: number } | null {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  try {
    return imageSize(bytes);
  } catch {
    return null;
  }
}

/** A fresh PNG of the picture, or why it is refused. Bytes that decode as nothing else are never passed on. */
export async function reencodeToPng(bytes: Uint8Array, maxSide: number): Promise<ReencodeResult> {
  let header: { width?: number; height?: number; type?: string; orientation?: number };
  try {
    header = imageSize(bytes);
  } catch (err) {
    return { outcome: 'not_a_picture', width: 0, height: 0, detail: (err as Error).message };
  }
  // EXIF orientations 5-8 turn a JPEG a quarter; the decoder applies them, so the PNG (upright,
  // as viewers show the photo) has the header's width and height the other way round.
  const turned = (header.orientation ?? 1) >= 5;
  const width = (turned ? header.height : header.width) ?? 0;
  const height = (turned ? header.width : header.height) ?? 0;
  if (!header.type || !ACCEPTED.has(header.type)) {
    return { outcome: 'not_a_picture', width, height, detail: `format ${header.type ?? 'unknown'} is not accepted` };
  }
  if (width < 1 || height < 1 || width > maxSide || height > maxSide) {
    return { outcome: 'too_large', width, height, detail: `${width}x${height} is outside 1..${maxSide} pixels a side` };
  }
  const drawn = await decodeInChild(bytes, width, height);
  if (typeof drawn === 'string') return { outcome: 'undecodable', width, height, detail: drawn };
  // What we hand on must be the PNG we drew, of the size we checked.
  const check = pngSize(drawn);
  if (check?.width !== width || check?.height !== height) {
    return { outcome: 'undecodable', width, height, detail: 'the decoder did not answer a PNG of the checked size' };
  }
  return { outcome: 'ok', png: drawn, width, height };
}
