/**
 * How texts are cut into calls the server accepts. `open/translate` takes 1-50 segments of at
 * most 5,000 characters each; a request body also stays far below the gateway's 1 MiB limit
 * (60,000 characters are at most ~240 KB of JSON even in CJK with escapes). A text longer than
 * a segment is split at the last whitespace or sentence end before the limit and its pieces'
 * translations are joined again, so long paragraphs still translate.
 */

export const MAX_SEGMENTS = 50;
export const MAX_SEGMENT_CHARS = 5000;
export const MAX_BATCH_CHARS = 60_000;

/** Where a piece of one of the caller's texts went: `text` index and piece number. */
export type Piece = { text: number; value: string };

const charsOf = (s: string) => [...s].length;

/** Splits a text into pieces of at most `limit` code points, preferring a break after a space or a stop. */
export function splitLong(text: string, limit = MAX_SEGMENT_CHARS): string[] {
  const points = [...text];
  if (points.length <= limit) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (points.length - start > limit) {
    let cut = start + limit;
    for (let i = cut - 1; i > start + limit / 2; i--) {
      if (/[\s.!?;。！？；，,]/u.test(points[i]!)) {
        cut = i + 1;
        break;
      }
    }
    pieces.push(points.slice(start, cut).join(''));
    start = cut;
  }
  pieces.push(points.slice(start).join(''));
  return pieces;
}

/** The non-blank texts as pieces, grouped into batches of at most `maxSegments` pieces and `maxChars` characters. */
export function planBatches(texts: readonly string[], maxSegments = MAX_SEGMENTS, maxChars = MAX_BATCH_CHARS): Piece[][] {
  const batches: Piece[][] = [];
  let current: Piece[] = [];
  let chars = 0;
  texts.forEach((text, index) => {
    if (text.trim() === '') return;
    for (const value of splitLong(text)) {
      const size = charsOf(value);
      if (current.length > 0 && (current.length >= maxSegments || chars + size > maxChars)) {
        batches.push(current);
        current = [];
        chars = 0;
      }
      current.push({ text: index, value });
      chars += size;
    }
  });
  if (current.length > 0) batches.push(current);
  return batches;
}

/** How many of the caller's texts are complete once `batchesDone` batches are: blanks count from the start. */
export function textsDone(texts: readonly string[], batches: readonly Piece[][], batchesDone: number): number {
  if (batchesDone >= batches.length) return texts.length;
  // A text is open while any of its pieces is in a batch not yet done.
  const open = new Set<number>();
  for (const batch of batches.slice(batchesDone)) for (const piece of batch) open.add(piece.text);
  return texts.length - open.size;
}
