const normalize = (tag: string): string => tag.trim().toLowerCase().replace(/_/g, '-');

const MAX_REMEMBERED = 1000;
const scores = new Map<string, number>();

/**
 * How well a language tag in a file matches the one asked for: 3 exact (case-insensitive),
 * 2 one is a prefix of the other (zh <-> zh-CN), 1 same primary language (en-US <-> en-GB),
 * 0 no match. Readers pick the best-scoring variant so exact tags win over regional fallbacks.
 */
export function matchLang(fileTag: string, wanted: string): number {
  // A file repeats a few tags on every unit: remember their scores (bounded, tags are short).
  const key = `${fileTag}\u0000${wanted}`;
  let score = scores.get(key);
  if (score === undefined) {
    score = scoreLang(fileTag, wanted);
    if (scores.size >= MAX_REMEMBERED) scores.clear();
    scores.set(key, score);
  }
  return score;
}

function scoreLang(fileTag: string, wanted: string): number {
  const a = normalize(fileTag);
  const b = normalize(wanted);
  if (!a || !b) return 0;
  if (a === b) return 3;
  if (a.startsWith(`${b}-`) || b.startsWith(`${a}-`)) return 2;
  return a.split('-')[0] === b.split('-')[0] ? 1 : 0;
}

/** Index of the best match for `wanted` in `tags`, -1 when none; ties go to the first. */
export function pickLang(tags: readonly string[], wanted: string): number {
  let best = -1;
  let bestScore = 0;
  tags.forEach((tag, i) => {
    const score = matchLang(tag, wanted);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}
