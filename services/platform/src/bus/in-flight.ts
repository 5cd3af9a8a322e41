/** Work started by a bus client (request and event handlers), awaited on close up to a deadline. */
export class InFlight {
  private readonly work = new Set<Promise<void>>();

  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.work.add(settled);
    void settled.then(() => this.work.delete(settled));
  }

  /** Resolves when all tracked work (including work added meanwhile) is done, or at the deadline. */
  async wait(deadlineMs: number): Promise<void> {
    const until = Date.now() + deadlineMs;
    while (this.work.size > 0 && Date.now() < until) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.work), new Promise((r) => (timer = setTimeout(r, until - Date.now())))]);
      clearTimeout(timer);
    }
  }
}
