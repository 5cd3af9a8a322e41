/**
 * Timing for the translation-memory bench's lookups: one at a time (a translator waits for each
 * answer), wall-clock from the call to its result, and a time budget per kind so that a slow
 * kind cannot stretch the run (the number actually run is always printed with its percentiles).
 */

export type Times = number[];

/** The value below which `p` percent of the sorted times fall (nearest rank). */
export function percentile(sorted: Times, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** `n=... p50=... p95=... p99=... ms`. */
export function summary(times: Times): string {
  if (times.length === 0) return 'n=0';
  const sorted = [...times].sort((a, b) => a - b);
  const p = (q: number) => percentile(sorted, q).toFixed(1);
  return `n=${times.length} p50=${p(50)} p95=${p(95)} p99=${p(99)} ms`;
}

/** Runs `run` on each item in turn until all ran or `budgetSeconds` passed; answers each one's time. */
export async function timeEach<T>(items: readonly T[], budgetSeconds: number, run: (item: T) => Promise<unknown>): Promise<Times> {
  const times: Times = [];
  const deadline = performance.now() + budgetSeconds * 1000;
  for (const item of items) {
    if (performance.now() > deadline) break;
    const started = performance.now();
    await run(item);
    times.push(performance.now() - started);
  }
  return times;
}

/** A kind of lookup for `timeWhile`: its items, how many a round runs, how to run one (`lookupKind` types them). */
export type LookupKind = { name: string; items: readonly unknown[]; perRound: number; run: (item: never) => Promise<unknown> };

export function lookupKind<T>(name: string, items: readonly T[], perRound: number, run: (item: T) => Promise<unknown>): LookupKind {
  return { name, items, perRound, run };
}

/**
 * While `task` runs, runs the kinds' lookups in rounds (`perRound` of each kind, again and again,
 * each kind going on through its own items, so a slow kind does not crowd out a fast one);
 * answers the times of the lookups that started before the task settled. The task's error is
 * rethrown.
 */
export async function timeWhile(task: Promise<unknown>, kinds: readonly LookupKind[]): Promise<Map<string, Times>> {
  let done = false;
  const settled = task.finally(() => {
    done = true;
  });
  settled.catch(() => {}); // awaited below; keeps an early failure from being reported as unhandled
  const times = new Map(kinds.map((k) => [k.name, [] as Times]));
  const next = new Map(kinds.map((k) => [k.name, 0]));
  // Without a lookup to await, the loop below would never let the task run.
  const any = kinds.some((k) => k.perRound > 0 && k.items.length > 0);
  while (!done && any) {
    for (const kind of kinds) {
      for (let i = 0; i < kind.perRound && !done && kind.items.length > 0; i++) {
        const at = next.get(kind.name)!;
        next.set(kind.name, at + 1);
        const started = performance.now();
        await kind.run(kind.items[at % kind.items.length] as never);
        // A lookup that ended after the import counts too: it ran beside it for most of its time.
        times.get(kind.name)!.push(performance.now() - started);
      }
    }
  }
  await settled;
  return times;
}
