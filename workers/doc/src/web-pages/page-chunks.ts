/**
 * How a page's texts (in document order) are cut into MT jobs: the first chunk is about the
 * first screenful (WEB_PAGE_LIMITS.firstScreenUnits texts or firstScreenChars characters,
 * whichever comes first, and always at least one text), so the partial page written after it
 * shows the top of the page translated; the rest goes in chunks of segmentsPerJob, in order.
 */
import { WEB_PAGE_LIMITS } from '@mtp/proto';

export type ChunkLimits = { firstUnits: number; firstChars: number; perJob: number };

const DEFAULT_LIMITS: ChunkLimits = {
  firstUnits: WEB_PAGE_LIMITS.firstScreenUnits,
  firstChars: WEB_PAGE_LIMITS.firstScreenChars,
  perJob: WEB_PAGE_LIMITS.segmentsPerJob,
};

/** The texts cut into chunks, in order; their concatenation is `texts`. */
export function pageChunks<T extends { text: string }>(texts: readonly T[], limits: ChunkLimits = DEFAULT_LIMITS): T[][] {
  let first = 0;
  let chars = 0;
  while (first < texts.length && first < limits.firstUnits) {
    chars += [...texts[first]!.text].length;
    if (first > 0 && chars > limits.firstChars) break;
    first++;
  }
  const chunks: T[][] = first > 0 ? [texts.slice(0, first)] : [];
  for (let start = first; start < texts.length; start += limits.perJob) chunks.push(texts.slice(start, start + limits.perJob));
  return chunks;
}
