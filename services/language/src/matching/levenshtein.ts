/**
 * Levenshtein distance over unit arrays (insert, delete, substitute all cost 1), O(n·m) time with
 * two rows. With `maxDistance`, returns `maxDistance + 1` as soon as the distance is known to exceed
 * it (length difference too large, or every cell of a row already above the cap).
 */
export function levenshtein(a: readonly string[], b: readonly string[], maxDistance = Infinity): number {
  let s = a;
  let t = b;
  if (s.length < t.length) [s, t] = [t, s];
  const n = s.length;
  const m = t.length;
  const cap = Math.min(maxDistance, n);
  if (n - m > cap) return cap + 1;
  if (m === 0) return n;
  // Intern units to integers so the inner loop compares numbers.
  const ids = new Map<string, number>();
  const intern = (u: string): number => {
    let id = ids.get(u);
    if (id === undefined) {
      id = ids.size;
      ids.set(u, id);
    }
    return id;
  };
  const sa = Int32Array.from(s, intern);
  const ta = Int32Array.from(t, intern);
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const si = sa[i - 1];
    for (let j = 1; j <= m; j++) {
      const sub = prev[j - 1]! + (si === ta[j - 1] ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      const v = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    [prev, cur] = [cur, prev];
  }
  const d = prev[m]!;
  return d > cap ? cap + 1 : d;
}
