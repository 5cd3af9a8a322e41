import iconv from 'iconv-lite';

/** Anything a reader accepts as bytes: a Node Readable, a web stream, or an array of chunks. */
export type ByteSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

const HEAD_BYTES = 512;

/** Encoding of a byte head: BOM first, then UTF-16 without BOM by "<?" pattern, then the XML declaration. */
export function detectEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head[0] === 0x3c && head[1] === 0x00 && head[2] === 0x3f && head[3] === 0x00) return 'utf-16le';
  if (head[0] === 0x00 && head[1] === 0x3c && head[2] === 0x00 && head[3] === 0x3f) return 'utf-16be';
  const decl = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.toString('latin1'));
  const declared = decl?.[1]?.toLowerCase();
  // A UTF-16 declaration in a file we could read as ASCII is a lie (the bytes are 8-bit); keep UTF-8.
  if (declared && !declared.startsWith('utf-16') && iconv.encodingExists(declared)) return declared;
  return 'utf-8';
}

/**
 * Decodes a byte stream chunk by chunk (never the whole file): sniffs the encoding from the
 * first bytes, then runs iconv-lite's streaming decoder, which also strips the BOM.
 */
export async function* decodeStream(source: ByteSource): AsyncGenerator<string> {
  let head: Buffer[] = [];
  let headLen = 0;
  let decoder: ReturnType<typeof iconv.getDecoder> | undefined;
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    if (!decoder) {
      head.push(buf);
      headLen += buf.length;
      if (headLen < HEAD_BYTES) continue;
      const all = Buffer.concat(head);
      head = [];
      decoder = iconv.getDecoder(detectEncoding(all));
      const text = decoder.write(all);
      if (text) yield text;
      continue;
    }
    const text = decoder.write(buf);
    if (text) yield text;
  }
  if (!decoder) {
    const all = Buffer.concat(head);
    decoder = iconv.getDecoder(detectEncoding(all));
    const text = decoder.write(all);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}
