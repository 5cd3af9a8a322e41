/**
 * The tasks this worker was told are withdrawn (`mt.withdrawn`): their queued chunks are acked
 * without translating, so an interrupted 1,000-page document stops costing engine time at once
 * instead of holding the pool for every chunk it had queued. Remembered for a bounded time and
 * number (the catalog's `rememberMs` / `rememberMax`), oldest forgotten first.
 */
import { BUS } from '@mtp/proto';
import { subscribeTo, type Bus, type BusSubscription } from '@mtp/platform';

export class WithdrawnTasks {
  /** task id -> when it is forgotten; a Map iterates in insertion order, oldest first. */
  private readonly until = new Map<string, number>();

  constructor(
    private readonly rememberMs: number = BUS.jobsWithdrawn.rememberMs,
    private readonly rememberMax: number = BUS.jobsWithdrawn.rememberMax,
    private readonly now: () => number = Date.now,
  ) {}

  /** Listens for withdrawals on the bus. */
  async listen(bus: Bus): Promise<BusSubscription> {
    return subscribeTo(bus, BUS.jobsWithdrawn, (payload) => this.add(payload.task_ids));
  }

  add(taskIds: readonly string[]): void {
    const until = this.now() + this.rememberMs;
    for (const id of taskIds) {
      this.until.delete(id);
      this.until.set(id, until);
    }
    for (const id of this.until.keys()) {
      if (this.until.size <= this.rememberMax) break;
      this.until.delete(id);
    }
  }

  has(taskId: string): boolean {
    const until = this.until.get(taskId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(taskId);
    return false;
  }
}
