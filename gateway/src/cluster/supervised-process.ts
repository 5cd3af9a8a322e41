/**
 * A child process the cluster launcher keeps running: started, watched until it says it is
 * ready, started again (with a growing pause, logged) when it dies while not asked to stop,
 * and stopped with a signal and a deadline. Children run in process groups of their own
 * (`detached`), so a Ctrl-C in the terminal reaches only the launcher, which stops them in order:
 * gateways first, then workers, then the servers.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export type ProcessSpec = {
  /** How the launcher names it in its lines (`mt worker 1`). */
  name: string;
  command: string;
  args: string[];
  options?: SpawnOptions;
  /** Finds the ready sign in what the child printed so far; absent: `waitReady` decides. */
  readyIn?: (output: string) => string | undefined;
  /** Another way to know it is ready (a port that answers); resolves with what to print. */
  waitReady?: (child: ChildProcess) => Promise<string>;
  /** Passes the child's stdout through to the launcher's (workers' log lines). */
  forwardOutput?: boolean;
  /** The signal that stops it cleanly (PostgreSQL: SIGINT, a fast shutdown). Default SIGTERM. */
  stopSignal?: NodeJS.Signals;
};

/** Why: long enough for a stopping worker to hand its jobs back (the bus's 20 s close deadline). */
const STOP_DEADLINE_MS = 30_000;
const READY_TIMEOUT_MS = 180_000;
/** A child that ran this long was healthy: its next crash restarts it at once again. */
const HEALTHY_RUN_MS = 60_000;
const MAX_PAUSE_MS = 30_000;

export class SupervisedProcess {
  child: ChildProcess | undefined;
  /** What the ready sign said (a worker's health URL). */
  readyInfo = '';
  private stopping = false;
  private pauseMs = 1_000;

  constructor(
    readonly spec: ProcessSpec,
    private readonly log: (line: string) => void,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts it and resolves once it is ready; rejects if it exits or stays silent first. */
  async start(): Promise<void> {
    const { spec } = this;
    const child = spawn(spec.command, spec.args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true, ...spec.options });
    this.child = child;
    const startedAt = Date.now();
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (spec.forwardOutput) process.stdout.write(chunk);
      if (output.length < 1_000_000) output += chunk.toString();
    });
    child.once('exit', (code, signal) => this.exited(child, startedAt, code, signal));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => reject(new Error(`${spec.name} exited (${signal ?? code}) before it was ready`))),
    );
    const ready = spec.waitReady
      ? spec.waitReady(child)
      : new Promise<string>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${spec.name} was not ready within ${READY_TIMEOUT_MS / 1000} s`)),
            READY_TIMEOUT_MS,
          );
          const check = () => {
            const found = spec.readyIn?.(output);
            if (found === undefined) return;
            clearTimeout(timer);
            child.stdout?.off('data', check);
            resolve(found);
          };
          child.stdout?.on('data', check);
        });
    this.readyInfo = await Promise.race([ready, exited]);
    exited.catch(() => {});
  }

  /** Signals it and waits for its exit (SIGKILL past the deadline); answers its exit code. */
  async stop(): Promise<number | null> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const done = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(this.spec.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => {
      this.log(`${this.spec.name} (pid ${child.pid}) did not stop within ${STOP_DEADLINE_MS / 1000} s: killed`);
      child.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
    const code = await done;
    clearTimeout(timer);
    return code;
  }

  private exited(child: ChildProcess, startedAt: number, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || child !== this.child) return;
    if (Date.now() - startedAt > HEALTHY_RUN_MS) this.pauseMs = 1_000;
    const pause = this.pauseMs;
    this.pauseMs = Math.min(MAX_PAUSE_MS, this.pauseMs * 2);
    this.log(
      `${this.spec.name} (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`}): starting it again in ${pause / 1000} s`,
    );
    setTimeout(() => {
      if (this.stopping) return;
      this.start().then(
        () => this.log(`${this.spec.name} started again: pid ${this.pid}`),
        (err: unknown) => this.log(`${this.spec.name} did not start again: ${err instanceof Error ? err.message : err}`),
      );
    }, pause).unref();
  }
}
