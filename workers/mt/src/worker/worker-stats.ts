/** In-flight and finished work of a worker, for its device record. */
export class WorkerStats {
  inFlight = 0;
  jobsDone = 0;

  async track<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      const result = await work();
      this.jobsDone++;
      return result;
    } finally {
      this.inFlight--;
    }
  }
}
