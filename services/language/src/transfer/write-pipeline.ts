/**
 * The write side of an import: batches are keyed (token ids registered) and written in order,
 * with up to `depth` batches queued, so parsing goes on while the database is busy. A write
 * stalls now and then for seconds (PostgreSQL merging the GIN pending list into the index); with
 * only one batch ahead, the parser would stall with it. Memory stays bounded by `depth` batches.
 */
export class WritePipeline {
  private keys: Promise<unknown> = Promise.resolve();
  private writes: Promise<void> = Promise.resolve();
  private readonly queued: Promise<void>[] = [];

  constructor(private readonly depth: number) {}

  /**
   * Queues a batch: `key` runs after the previous batch's key (so each registration sees the
   * tokens the previous one added), `write` after the previous write. Waits while `depth` batches
   * are queued; throws the first failed write.
   */
  async push<K>(key: () => Promise<K>, write: (keyed: K) => Promise<void>): Promise<void> {
    const keyed = this.keys.then(key);
    this.keys = keyed.catch(() => {});
    // After a failed write the later ones are skipped: the chain carries the failure.
    const written = this.writes.then(() => keyed).then(write);
    written.catch(() => {}); // observed through `drain` or `push`
    this.writes = written;
    this.queued.push(written);
    while (this.queued.length >= this.depth) await this.queued.shift();
  }

  /** Waits for every queued write; throws the first failure. */
  async drain(): Promise<void> {
    await this.writes;
  }

  /** Waits for the queued writes to settle, failed or not (before a rollback). */
  async settle(): Promise<void> {
    await this.writes.catch(() => {});
  }
}
