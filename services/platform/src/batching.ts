/**
 * Natural batching of small database writes (the public API's hot path: a rate-limit hit, a
 * ledger reservation and its settling per request). A call made while no batch is running starts
 * one at the end of the current tick, so a lone call waits for nothing; calls made while batches
 * are running queue up and go together in the next one. Under load each round trip, transaction
 * and commit then serves many requests; idle, latency is the single call's.
 *
 * `run` answers one outcome per item, in order: each caller gets its own value or its own error,
 * so one refused item never fails the others. A `run` that throws fails every item of its batch.
 */

export type Outcome<R> = { value: R } | { error: unknown };

export type BatchOptions = {
  /** Most items in one batch (the rest wait for the next). */
  maxBatch: number;
  /** Batches running at once (each holds a pooled connection). */
  concurrency?: number;
};

type Waiting<T, R> = { item: T; resolve: (value: R) => void; reject: (error: unknown) => void };

/** A function of one item that runs through `run` in batches. */
export function batched<T, R>(run: (items: T[]) => Promise<Outcome<R>[]>, opts: BatchOptions): (item: T) => Promise<R> {
  const concurrency = opts.concurrency ?? 1;
  let queue: Waiting<T, R>[] = [];
  let running = 0;
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = queue.slice(0, opts.maxBatch);
    queue = queue.slice(batch.length);
    running++;
    try {
      const outcomes = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const o = outcomes[i];
        if (!o) w.reject(new Error('batched: run answered fewer outcomes than items'));
        else if ('error' in o) w.reject(o.error);
        else w.resolve(o.value);
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    } finally {
      running--;
      startWhatWaits();
    }
  }

  function startWhatWaits(): void {
    while (queue.length > 0 && running < concurrency) void flush();
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running >= concurrency || scheduled) return;
      // The calls of this tick (a burst of requests parsed together) share the first batch.
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        startWhatWaits();
      });
    });
}
