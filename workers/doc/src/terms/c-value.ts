/**
 * Termhood by C-value (Frantzi, Ananiadou and Mima, 2000): a candidate that is long and
 * frequent scores high, and one that mostly occurs inside longer candidates (`drive` in
 * `scratch drive actuator`) loses what those account for:
 *
 *   C(a) = w(|a|) * f(a)                                   when no longer candidate contains a
 *   C(a) = w(|a|) * (f(a) - (1 / |T(a)|) * sum f(b), b ∈ T(a))   otherwise
 *
 * Two variants, both for short documents and single words:
 * - w(n) = log2(n + 1) instead of log2(n) (as Barrón-Cedeño et al., 2009), so single words get
 *   weight 1 instead of 0 and can be ranked (Chinese and Japanese terms are often one word).
 * - a nested candidate loses at least the frequency of its most frequent container, not only the
 *   mean: in a short document most containers are one-off windows (`微型固态硬盘原理图`), whose
 *   mean is near 1, and `固态` would stand beside `固态硬盘` though it never occurs without it.
 * - only candidates seen at least twice discount the ones nested in them, and a candidate seen
 *   once gets w = 1 whatever its length: C-value is defined over the candidates that pass a
 *   frequency threshold, and a window seen once is no evidence that its words belong together.
 *   (A short document keeps its one-off candidates, so the threshold is applied here.)
 * A candidate whose C-value is not positive never stands on its own and is dropped.
 */
import type { CountedCandidate } from './candidate-counter';

export type RankedCandidate = { candidate: CountedCandidate; cValue: number };

export function cValues(candidates: ReadonlyMap<string, CountedCandidate>): RankedCandidate[] {
  // For each candidate, the frequencies of the longer candidates it is nested in.
  const nestedSum = new Map<string, number>();
  const nestedCount = new Map<string, number>();
  const nestedMax = new Map<string, number>();
  for (const longer of candidates.values()) {
    if (longer.words.length < 2 || longer.frequency < 2) continue;
    const inside = new Set<string>();
    for (let size = 1; size < longer.words.length; size++) {
      for (let first = 0; first + size <= longer.words.length; first++) {
        inside.add(longer.words.slice(first, first + size).join(' '));
      }
    }
    for (const key of inside) {
      if (!candidates.has(key)) continue;
      nestedSum.set(key, (nestedSum.get(key) ?? 0) + longer.frequency);
      nestedCount.set(key, (nestedCount.get(key) ?? 0) + 1);
      nestedMax.set(key, Math.max(nestedMax.get(key) ?? 0, longer.frequency));
    }
  }
  const ranked: RankedCandidate[] = [];
  for (const candidate of candidates.values()) {
    const count = nestedCount.get(candidate.key) ?? 0;
    const nested = count === 0 ? 0 : Math.max(nestedSum.get(candidate.key)! / count, nestedMax.get(candidate.key)!);
    const own = candidate.frequency - nested;
    const weight = candidate.frequency < 2 ? 1 : Math.log2(candidate.words.length + 1);
    const cValue = weight * own;
    if (cValue > 0) ranked.push({ candidate, cValue });
  }
  return ranked;
}
