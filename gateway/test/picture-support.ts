/** Helpers for the picture translation tests: pictures drawn from known text, bad pictures, the multipart call. */
import type { PictureRenderData, PictureTranslateData } from '@mtp/proto';
import { createCanvas } from '@napi-rs/canvas';
import { deflateSync } from 'node:zlib';
import type { TestGateway } from './helper';

/** Black text on white, one line per entry, large enough for tesseract to read reliably. */
export function textPicture(lines: string[], width = 900): Buffer {
  const lineHeight = 64;
  const canvas = createCanvas(width, lineHeight * lines.length + 40);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = '40px sans-serif';
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, 30, 20 + i * lineHeight));
  return canvas.toBuffer('image/png');
}

/** A plain white PNG of any size (a 5000x5000 one is small as a file). */
export function blankPicture(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid PNG header declaring `side` x `side` RGBA pixels, with a few hundred bytes of zeros: a decompression bomb. */
export function bombPicture(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type PictureAnswer = { code: number; msg: string; data: PictureTranslateData };

/** `POST picture/translate` as a real multipart body. */
export async function translatePictureCall(
  gw: TestGateway,
  token: string,
  file: { name: string; bytes: Buffer },
  fields: Record<string, string> = {},
  lang?: string,
): Promise<PictureAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', ...fields })) form.append(name, value);
  form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/picture/translate',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': request.headers.get('content-type')!,
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
  return res.json() as PictureAnswer;
}

/** `POST picture/render`: the original picture again and the lines to draw into it. */
export async function renderPictureCall(gw: TestGateway, token: string, file: { name: string; bytes: Buffer }, lines: unknown) {
  const form = new FormData();
  form.append('lines', typeof lines === 'string' ? lines : JSON.stringify(lines));
  form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/picture/render',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
  });
  return res.json() as { code: number; msg: string; data: PictureRenderData };
}
