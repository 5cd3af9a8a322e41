/**
 * Translate-as-you-type plumbing: a debounced runner where only the latest request may land.
 * Every `schedule` replaces whatever came before it: the waiting timer is dropped, the request
 * in flight is aborted, and an answer that still arrives for an older input is ignored. Timers
 * are injected so the rules are testable without a DOM or real time.
 */
export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export type LatestRunnerOptions<I, O> = {
  /** Quiet time after the last `schedule` before the request starts. */
  delayMs: number;
  run: (input: I, signal: AbortSignal) => Promise<O>;
  /** Called only for the answer to the latest scheduled input. */
  onResult: (output: O, input: I) => void;
  /** Called only for a failure of the latest scheduled input (never for aborted stale ones). */
  onError?: (error: unknown, input: I) => void;
  /** True while the latest request is in flight. */
  onPendingChange?: (pending: boolean) => void;
  timers?: Timers;
};

export type LatestRunner<I> = {
  /** Runs `input` after `delayMs` (the runner's own delay when omitted) unless replaced first. */
  schedule: (input: I, delayMs?: number) => void;
  /** Drops the waiting timer and the request in flight; nothing lands until the next schedule. */
  cancel: () => void;
  readonly pending: boolean;
};

export function createLatestRunner<I, O>(opts: LatestRunnerOptions<I, O>): LatestRunner<I> {
  const timers = opts.timers ?? realTimers;
  let generation = 0;
  let timer: unknown = undefined;
  let controller: AbortController | undefined;
  let pending = false;

  const setPending = (value: boolean) => {
    if (pending === value) return;
    pending = value;
    opts.onPendingChange?.(value);
  };

  function cancel(): void {
    generation++;
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
    setPending(false);
  }

  function start(input: I, mine: number): void {
    if (mine !== generation) return; // a timer that fired after all, though replaced
    timer = undefined;
    const ctrl = new AbortController();
    controller = ctrl;
    setPending(true);
    let promise: Promise<O>;
    try {
      promise = opts.run(input, ctrl.signal);
    } catch (err) {
      promise = Promise.reject(err);
    }
    promise.then(
      (output) => {
        if (mine !== generation) return;
        controller = undefined;
        setPending(false);
        opts.onResult(output, input);
      },
      (err: unknown) => {
        if (mine !== generation) return;
        controller = undefined;
        setPending(false);
        opts.onError?.(err, input);
      },
    );
  }

  function schedule(input: I, delayMs = opts.delayMs): void {
    cancel();
    const mine = generation;
    timer = timers.setTimeout(() => start(input, mine), Math.max(0, delayMs));
  }

  return {
    schedule,
    cancel,
    get pending() {
      return pending;
    },
  };
}
