/**
 * Decoding plain-text uploads whose encoding nobody declared. Files come from Windows machines
 * in China, Japan and Russia as often as from UTF-8 editors, so when the bytes are not valid
 * UTF-8 we guess between the legacy code pages those users actually have (GB18030, Shift_JIS,
 * windows-1251, and windows-1252 as the last resort) from byte statistics that are cheap and
 * good enough for whole files.
 */

export type DecodedText = {
  text: string;
  /** WHATWG label of the encoding the bytes were read with. */
  encoding: string;
  /** Whether the file started with a byte order mark (kept, as UTF-8's, when writing). */
  bom: boolean;
};

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function tryDecode(label: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Real Russian text read as windows-1251 is almost all Cyrillic letters, mostly lower case and
 * in runs (whole words); GBK or Shift_JIS bytes read that way give many upper-case letters and
 * symbols (A1-BF), and Western windows-1252 text gives isolated letters (the accents of "café").
 */
function looksLikeCyrillic1251(text: string): boolean {
  const codes = Array.from(text, (ch) => ch.codePointAt(0)!);
  let nonAscii = 0;
  let lower = 0;
  let upper = 0;
  let inRuns = 0;
  codes.forEach((c, i) => {
    if (c < 0x80) return;
    nonAscii++;
    if ((codes[i - 1] ?? 0) >= 0x80 || (codes[i + 1] ?? 0) >= 0x80) inRuns++;
    if ((c >= 0x430 && c <= 0x44f) || c === 0x451) lower++;
    else if ((c >= 0x410 && c <= 0x42f) || c === 0x401) upper++;
  });
  const cyrillic = lower + upper;
  return nonAscii > 0 && cyrillic / nonAscii >= 0.8 && upper / cyrillic < 0.3 && inRuns / nonAscii >= 0.6;
}

/**
 * Shift_JIS kana and most kanji use lead bytes 0x81-0x9F; GB2312/GBK Chinese text lives almost
 * entirely in 0xA1-0xFE lead bytes. The share of low lead bytes separates the two.
 */
function looksLikeShiftJis(bytes: Uint8Array): boolean {
  let leads = 0;
  let lowLeads = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    leads++;
    if ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xef)) lowLeads++;
    i++; // skip the trail byte of the double-byte character
  }
  return leads > 0 && lowLeads / leads > 0.5;
}

export function decodeText(input: Uint8Array): DecodedText {
  const bytes = input;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', bom: true };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', bom: true };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', bom: true };
  }
  const utf8 = tryDecode('utf-8', bytes);
  if (utf8 !== undefined) return { text: utf8, encoding: 'utf-8', bom: false };

  const cyrillic = new TextDecoder('windows-1251').decode(bytes);
  if (looksLikeCyrillic1251(cyrillic)) return { text: cyrillic, encoding: 'windows-1251', bom: false };
  if (looksLikeShiftJis(bytes)) {
    const sjis = tryDecode('shift_jis', bytes);
    if (sjis !== undefined) return { text: sjis, encoding: 'shift_jis', bom: false };
  }
  const gb = tryDecode('gb18030', bytes);
  if (gb !== undefined) return { text: gb, encoding: 'gb18030', bom: false };
  const sjis = tryDecode('shift_jis', bytes);
  if (sjis !== undefined) return { text: sjis, encoding: 'shift_jis', bom: false };
  // Isolated high bytes that no CJK decoder accepts: Western European text. windows-1252 maps
  // every byte, so it is the last resort that never fails.
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252', bom: false };
}

const UNICODE_BOMS: [label: string, bom: number[]][] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/**
 * The text of a Unicode file (UTF-8, or UTF-16 with a BOM) in pieces of about `pieceBytes`, so a
 * reader can count as it goes and stop early without ever holding the whole file as one string.
 * Throws a `TypeError` on bytes that are not UTF-8: such a file is for `decodeText`, which
 * guesses a legacy encoding from the whole file.
 */
export function* unicodePieces(input: Uint8Array, pieceBytes = 64 * 1024): Generator<string> {
  const decoder = new TextDecoder(unicodeBomOf(input) ?? 'utf-8', { fatal: true, ignoreBOM: false });
  for (let at = 0; at < input.length; at += pieceBytes) {
    const piece = decoder.decode(input.subarray(at, at + pieceBytes), { stream: true });
    if (piece) yield piece;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The encoding a byte order mark at the start names, if there is one. */
export function unicodeBomOf(input: Uint8Array): string | undefined {
  return UNICODE_BOMS.find(([, bom]) => bom.every((b, i) => input[i] === b))?.[0];
}

/** Every text format writes UTF-8; a file that had a BOM gets the UTF-8 one back. */
export function encodeUtf8(text: string, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf8');
  return bom ? Buffer.concat([UTF8_BOM, body]) : body;
}
