/**
 * How long the engines had work: the time during which at least one translate call was
 * outstanding. Calls overlap when jobs run side by side (an engine queues them), so summing
 * their durations would count the same time twice. A worker reports it as its busy time; the
 * document benchmark subtracts it from a document's time to find what was spent outside the
 * engine.
 */
export class BusyClock {
  private outstanding = 0;
  private since = 0;
  private total = 0;

  async time<T>(work: () => Promise<T>): Promise<T> {
    if (this.outstanding++ === 0) this.since = performance.now();
    try {
      return await work();
    } finally {
      if (--this.outstanding === 0) this.total += performance.now() - this.since;
    }
  }

  /** Busy milliseconds so far, the current stretch included. */
  busyMs(): number {
    return this.total + (this.outstanding > 0 ? performance.now() - this.since : 0);
  }
}
