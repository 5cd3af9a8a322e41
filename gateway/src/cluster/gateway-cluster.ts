/**
 * The gateway processes of the cluster launcher, behind ONE port with Node's `node:cluster`: the
 * launcher (the primary) holds the listening socket and hands each accepted connection to the
 * next gateway in turn (round-robin, SCHED_RR); a gateway that closes its server (SIGTERM: it
 * drains) gets no new connections while the others keep taking them. Each gateway is
 * `gateway/src/main.ts` as `npm start` runs it, with the cluster's settings in its environment.
 * A gateway that dies while not asked to stop is started again (logged).
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { REPO_ROOT } from '../config';

/** Why: the gateway's own deadline (HTTP drain, then the bus's close deadline) plus start-up slack. */
const STOP_DEADLINE_MS = 40_000;

export class GatewayCluster {
  private readonly workers = new Set<Worker>();
  private stopping = false;

  constructor(
    private readonly count: number,
    private readonly env: Record<string, string>,
    private readonly log: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    // Set before the first fork; Linux's default already, but not Windows', and it is the promise we make.
    cluster.schedulingPolicy = cluster.SCHED_RR;
    cluster.setupPrimary({
      exec: path.join(REPO_ROOT, 'gateway/src/main.ts'),
      execArgv: ['--max-semi-space-size=32', '--import', 'tsx'],
    });
    await Promise.all(Array.from({ length: this.count }, () => this.fork()));
  }

  pids(): number[] {
    return [...this.workers].map((w) => w.process.pid!).filter(Boolean);
  }

  /** SIGTERM to every gateway at once (each drains), then waits; answers their exit codes. */
  async stop(): Promise<(number | null)[]> {
    this.stopping = true;
    return Promise.all([...this.workers].map((w) => stopWorker(w, this.log)));
  }

  private fork(): Promise<Worker> {
    const worker = cluster.fork(this.env);
    const startedAt = Date.now();
    this.workers.add(worker);
    const listening = new Promise<Worker>((resolve, reject) => {
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code, signal) => reject(new Error(`a gateway exited (${signal ?? code}) before it listened`)));
    });
    worker.once('exit', (code, signal) => {
      this.workers.delete(worker);
      if (this.stopping) return;
      // A gateway that crashes at once (a bad setting) would be restarted in a tight loop: pause.
      const pause = Date.now() - startedAt > 60_000 ? 1_000 : 5_000;
      this.log(
        `gateway (pid ${worker.process.pid}) exited unexpectedly (${signal ?? `code ${code}`}): starting one again in ${pause / 1000} s`,
      );
      setTimeout(() => {
        if (this.stopping) return;
        this.fork().then(
          (w) => this.log(`gateway started again: pid ${w.process.pid}`),
          (err: unknown) => this.log(`a gateway did not start again: ${err instanceof Error ? err.message : err}`),
        );
      }, pause).unref();
    });
    return listening;
  }
}

function stopWorker(worker: Worker, log: (line: string) => void): Promise<number | null> {
  if (worker.process.exitCode !== null) return Promise.resolve(worker.process.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      log(`gateway (pid ${worker.process.pid}) did not stop within ${STOP_DEADLINE_MS / 1000} s: killed`);
      worker.process.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    worker.process.kill('SIGTERM');
  });
}
