/**
 * A worker's load for its device record: jobs in flight and done, and over the last few minutes
 * its throughput (jobs and characters per minute) and utilisation (the share of time it had at
 * least one job in flight).
 */

/** Why 5 minutes: long enough to smooth bursts of short requests, short enough to show a change soon. */
export const WORK_WINDOW_MS = 5 * 60_000;

export type WorkRates = { jobs_per_min: number; chars_per_min: number; utilisation: number };

export class WorkMeter {
  inFlight = 0;
  jobsDone = 0;
  private finished: { at: number; chars: number }[] = [];
  private busy: [number, number][] = [];
  private busySince: number | null = null;
  private readonly startedAt = Date.now();

  /** Runs one job or request; `chars`: the source characters it translates. */
  async track<T>(work: () => Promise<T>, chars = 0): Promise<T> {
    if (this.inFlight++ === 0) this.busySince = Date.now();
    try {
      const result = await work();
      this.jobsDone++;
      this.finished.push({ at: Date.now(), chars });
      return result;
    } finally {
      if (--this.inFlight === 0) {
        const last = this.busy[this.busy.length - 1];
        // Back-to-back jobs make one busy stretch, so the list stays short under load.
        if (last && this.busySince! - last[1] < 5) last[1] = Date.now();
        else this.busy.push([this.busySince!, Date.now()]);
        this.busySince = null;
      }
    }
  }

  rates(now = Date.now()): WorkRates {
    const from = Math.max(now - WORK_WINDOW_MS, this.startedAt);
    this.finished = this.finished.filter((f) => f.at >= from);
    this.busy = this.busy.filter(([, end]) => end >= from);
    const span = Math.max(now - from, 1_000);
    const minutes = span / 60_000;
    let busyMs = this.busySince === null ? 0 : now - Math.max(this.busySince, from);
    for (const [start, end] of this.busy) busyMs += end - Math.max(start, from);
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      jobs_per_min: round(this.finished.length / minutes),
      chars_per_min: round(this.finished.reduce((n, f) => n + f.chars, 0) / minutes),
      utilisation: round(Math.min(1, busyMs / span)),
    };
  }
}
