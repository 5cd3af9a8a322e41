/**
 * A MarianEngine in its own worker thread, with the engine's calls (`translate`, `info`,
 * `modelVersion`, `dispose`). onnxruntime-node's `session.run` blocks the thread that calls it
 * (its promise only defers the call), so an engine on the main thread stalls every HTTP request,
 * bus message and database answer of the process for the whole of each decoder step. The
 * single-process platform and the worker process load their engines this way.
 */
import { Worker } from 'node:worker_threads';
import type { EngineInfo, EngineOptions, TranslateOptions } from './marian-engine';
import { reviveError, type ThreadReply, type ThreadRequest } from './engine-thread-protocol';

const ENTRY = new URL('./engine-thread-boot.mjs', import.meta.url);
const DISPOSE_GRACE_MS = 5_000;

/** What the registry and workers need of an engine, in this thread or another. */
export type TranslationEngine = {
  readonly modelVersion: string;
  /** False once the engine can no longer translate (its thread ended); absent: always usable. */
  readonly alive?: boolean;
  info(): EngineInfo;
  translate(texts: readonly string[], options?: TranslateOptions): Promise<string[]>;
  dispose(): Promise<void>;
};

type Pending = { resolve: (translations: string[]) => void; reject: (err: Error) => void };

export class ThreadedEngine implements TranslationEngine {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly engineInfo: EngineInfo,
  ) {
    worker.on('message', (reply: ThreadReply) => {
      if (reply.type !== 'translated' && reply.type !== 'failed') return;
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.type === 'translated') call?.resolve(reply.translations);
      else call?.reject(reviveError(reply.error));
    });
    // A thread that dies (out of memory, a native crash) fails what it held and every later call.
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const call of this.pending.values()) call.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`engine thread exited (code ${code})`)));
  }

  static load(dir: string, options: EngineOptions = {}): Promise<ThreadedEngine> {
    const worker = new Worker(ENTRY, { workerData: { dir, options }, execArgv: [] });
    return new Promise((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      // A thread that ends before it is ready (a failed import, say) must not leave the load hanging.
      const onExit = (code: number) => reject(new Error(`engine thread exited (code ${code}) while loading ${dir}`));
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.once('message', (reply: ThreadReply) => {
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (reply.type === 'ready') resolve(new ThreadedEngine(worker, reply.info));
        else {
          void worker.terminate();
          reject(reply.type === 'load-failed' ? reviveError(reply.error) : new Error(`unexpected engine reply ${reply.type}`));
        }
      });
    });
  }

  get modelVersion(): string {
    return this.engineInfo.modelVersion;
  }

  get alive(): boolean {
    return this.failure === null;
  }

  info(): EngineInfo {
    return { ...this.engineInfo };
  }

  translate(texts: readonly string[], options: TranslateOptions = {}): Promise<string[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'translate', id, texts: [...texts], options } satisfies ThreadRequest);
    });
  }

  async dispose(): Promise<void> {
    if (this.failure) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage({ type: 'dispose' } satisfies ThreadRequest);
    // The thread ends once its sessions are released; one that hangs is stopped.
    const stuck = setTimeout(() => void this.worker.terminate(), DISPOSE_GRACE_MS);
    await exited;
    clearTimeout(stuck);
  }
}
