/**
 * Dynamic batching for interactive requests: requests for the same model are gathered for a few
 * milliseconds (or until a batch is full) and translated together, since the engine's cost per
 * sentence falls steeply with batch size. A lone request waits at most `maxWaitMs`.
 */
export type BatcherOptions = {
  /** How long the first request of a batch waits for company. */
  maxWaitMs: number;
  /** The largest number of items one batch carries. */
  maxBatch: number;
};

type Pending<I, O> = { items: I[]; resolve: (out: O[]) => void; reject: (err: unknown) => void };

type Queue<I, O> = { pending: Pending<I, O>[]; size: number; timer: NodeJS.Timeout | null };

export class DynamicBatcher<I, O> {
  private readonly queues = new Map<string, Queue<I, O>>();

  constructor(
    private readonly run: (key: string, items: I[]) => Promise<O[]>,
    private readonly opts: BatcherOptions,
  ) {}

  /** Queues `items` under `key` (the model they need); answers their outputs in order. */
  submit(key: string, items: I[]): Promise<O[]> {
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(key);
      if (!queue) {
        queue = { pending: [], size: 0, timer: null };
        this.queues.set(key, queue);
      }
      queue.pending.push({ items, resolve, reject });
      queue.size += items.length;
      if (queue.size >= this.opts.maxBatch) this.flush(key);
      else queue.timer ??= setTimeout(() => this.flush(key), this.opts.maxWaitMs);
    });
  }

  private flush(key: string): void {
    const queue = this.queues.get(key);
    if (!queue) return;
    this.queues.delete(key);
    if (queue.timer) clearTimeout(queue.timer);
    const batch = queue.pending;
    const items = batch.flatMap((p) => p.items);
    this.run(key, items).then(
      (outputs) => {
        let offset = 0;
        for (const p of batch) {
          p.resolve(outputs.slice(offset, offset + p.items.length));
          offset += p.items.length;
        }
      },
      (err) => batch.forEach((p) => p.reject(err)),
    );
  }
}
