/** Reads the Prometheus text format back the way a scraper does, for the metrics tests. */

function labelsOf(raw: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const m of raw.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[m[1]!] = m[2]!.replace(/\\(.)/g, '$1');
  return labels;
}

/**
 * The value of the first sample of `name` whose labels include `labels` (an empty label matches
 * a label that is absent, as Prometheus reads it); undefined when there is none.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = labelsOf(m[2] ?? '');
    if (Object.entries(labels).every(([k, v]) => (have[k] ?? '') === v)) return Number(m[3]);
  }
  return undefined;
}
