/**
 * SentencePiece's own normalizer (normalizer.cc): the precompiled character map of the model
 * (a Darts double-array trie over UTF-8 bytes, longest match wins) followed by its whitespace
 * rules: drop leading/trailing/repeated spaces, add the dummy prefix, escape spaces as U+2581.
 * Implemented here because the JS tokenizers library only approximates the map with NFKC.
 */
import type { SpmModel } from './spm-model';

export const SPACE_SYMBOL = '\u2581';
const SPACE_BYTES = Buffer.from(SPACE_SYMBOL);
const SPACE = 0x20;

type Prefix = { out: Uint8Array; length: number };

export class SpmNormalizer {
  private readonly units: Uint32Array;
  private readonly replacements: Uint8Array;
  private readonly spec: SpmModel['normalizer'];
  private readonly whitespaceAsSuffix: boolean;

  constructor(model: Pick<SpmModel, 'normalizer' | 'treatWhitespaceAsSuffix'>) {
    this.spec = model.normalizer;
    this.whitespaceAsSuffix = model.treatWhitespaceAsSuffix;
    const blob = model.normalizer.precompiledCharsmap;
    if (blob.length < 4) {
      this.units = new Uint32Array(0);
      this.replacements = new Uint8Array(0);
      return;
    }
    // Layout: <uint32 LE trie byte size><trie units (uint32 LE)><NUL-terminated replacement strings>.
    const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
    const trieBytes = view.getUint32(0, true);
    if (trieBytes % 4 !== 0 || 4 + trieBytes > blob.length) throw new Error('malformed precompiled_charsmap in the SentencePiece model');
    this.units = new Uint32Array(trieBytes / 4);
    for (let i = 0; i < this.units.length; i++) this.units[i] = view.getUint32(4 + i * 4, true);
    this.replacements = blob.subarray(4 + trieBytes);
  }

  /** Longest match of the charsmap at `pos` (Darts-clone commonPrefixSearch), else one UTF-8 char as is. */
  private normalizePrefix(bytes: Uint8Array, pos: number): Prefix {
    let bestLength = 0;
    let bestValue = 0;
    const units = this.units;
    if (units.length > 0) {
      let node = offset(units[0]!);
      for (let i = pos; i < bytes.length; i++) {
        const c = bytes[i]!;
        if (c === 0) break;
        node ^= c;
        const unit = units[node];
        // label() keeps bit 31 so that a non-leaf unit never equals a byte value.
        if (unit === undefined || (unit & 0x800000ff) >>> 0 !== c) break;
        node ^= offset(unit);
        if ((unit >>> 8) & 1) {
          bestLength = i - pos + 1;
          bestValue = units[node]! & 0x7fffffff;
        }
      }
    }
    if (bestLength > 0) {
      let end = bestValue;
      while (end < this.replacements.length && this.replacements[end] !== 0) end++;
      return { out: this.replacements.subarray(bestValue, end), length: bestLength };
    }
    const length = Math.min(utf8Length(bytes[pos]!), bytes.length - pos);
    return { out: bytes.subarray(pos, pos + length), length };
  }

  normalize(text: string): string {
    const input = Buffer.from(text, 'utf8');
    const { removeExtraWhitespaces, addDummyPrefix, escapeWhitespaces } = this.spec;
    const out: number[] = [];
    const addSpace = () => (escapeWhitespaces ? out.push(...SPACE_BYTES) : out.push(SPACE));
    let pos = 0;
    if (removeExtraWhitespaces) {
      while (pos < input.length) {
        const p = this.normalizePrefix(input, pos);
        if (!(p.out.length === 1 && p.out[0] === SPACE)) break;
        pos += p.length;
      }
    }
    if (pos >= input.length) return '';
    if (!this.whitespaceAsSuffix && addDummyPrefix) addSpace();
    let prevSpace = removeExtraWhitespaces;
    while (pos < input.length) {
      const p = this.normalizePrefix(input, pos);
      let start = 0;
      while (prevSpace && start < p.out.length && p.out[start] === SPACE) start++;
      if (start < p.out.length) {
        for (let n = start; n < p.out.length; n++) {
          if (escapeWhitespaces && p.out[n] === SPACE) addSpace();
          else out.push(p.out[n]!);
        }
        prevSpace = p.out[p.out.length - 1] === SPACE;
      }
      pos += p.length;
      if (!removeExtraWhitespaces) prevSpace = false;
    }
    let result = Buffer.from(out).toString('utf8');
    if (removeExtraWhitespaces) {
      const space = escapeWhitespaces ? SPACE_SYMBOL : ' ';
      while (result.endsWith(space)) result = result.slice(0, -space.length);
    }
    if (this.whitespaceAsSuffix && addDummyPrefix) result += escapeWhitespaces ? SPACE_SYMBOL : ' ';
    return result;
  }
}

/** Darts-clone: offset() = (unit >> 10) << ((unit & (1 << 9)) >> 6). */
function offset(unit: number): number {
  return ((unit >>> 10) << ((unit & 0x200) >>> 6)) >>> 0;
}

function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >> 5 === 0x6) return 2;
  if (lead >> 4 === 0xe) return 3;
  if (lead >> 3 === 0x1e) return 4;
  return 1;
}
