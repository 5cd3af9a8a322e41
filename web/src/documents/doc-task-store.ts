/**
 * The document-translation task as a module-level store, so it outlives the `/file` page
 * (spec: "state kept when leaving"): upload with progress and abort, then polling every 2 s
 * while a page is attached, until the task ends. Every side effect (calls, clock, timers,
 * storage) comes in through `deps`, so the whole machine runs in unit tests.
 *
 * Phases: idle → uploading → translating → done | error | interrupted; interrupt() stops a
 * running task but keeps it (its files `interrupted`), retry() starts it again (→ translating);
 * reset() goes back to idle from anywhere (interrupting a running task on the server), clear()
 * does the same silently for a logout. A generation counter drops answers that arrive after either.
 */
import { DOC_STEPS, type DocCreateData, type DocQueryData } from '@mtp/proto';
import type { KeyValueStore } from '../auth/tokens';
import { DOC_POLL_MS, pollFailureAction, shouldStopPolling, successPopupAllowed, taskOutcome } from './doc-task-rules';
import { defaultDocForm, parseSavedTask, TASK_STORAGE_KEY, type DocForm, type SavedTask } from './doc-task-types';

export type DocTaskPhase = 'idle' | 'uploading' | 'translating' | 'done' | 'error' | 'interrupted';

export type DocTaskState<F = File> = {
  phase: DocTaskPhase;
  form: DocForm;
  /** The files chosen for the next upload (kept while the user is elsewhere). */
  files: readonly F[];
  uploadProgress: number;
  uploadStartedAt: number | null;
  taskId: string | null;
  doCat: number;
  data: DocQueryData | null;
  /** Why an upload or the polling failed, when the server said (code and message). */
  error: { code: number; msg: string } | null;
};

export type DocTaskEvent =
  /** `popup`: the success popup may show; `replay`: a reload found the task already announced. */
  | { type: 'completed'; data: DocQueryData; outcome: ReturnType<typeof taskOutcome>; popup: boolean; replay: boolean }
  | { type: 'interrupted' };

type Failure = { kind: string; code: number; message?: string };

export type DocTaskDeps<F = File> = {
  create: (files: readonly F[], form: DocForm, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<DocCreateData>;
  query: (taskId: string) => Promise<DocQueryData>;
  interrupt: (taskId: string) => Promise<unknown>;
  /** `doc/retry`: starts the task's interrupted files (or the given ones) again. */
  retry: (taskId: string, projectIds?: readonly string[]) => Promise<unknown>;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  /** sessionStorage in the browser: a reload of the tab resumes the task. */
  storage: KeyValueStore;
  /** Whether someone is logged in; a saved task of a logged-out tab is dropped, not resumed. */
  loggedIn: () => boolean;
  /** The form before any choice (it depends on the UI language). */
  defaultForm?: () => DocForm;
};

/** Only an envelope carries the server's message; other failures keep their code alone. */
function failureOf(f: Failure): { code: number; msg: string } {
  return { code: f.code ?? 0, msg: f.kind === 'envelope' ? (f.message ?? '') : '' };
}

/** The spec's step of a phase: 1 upload (working), 3 done, 4 error; null when idle. */
export function stepOf(phase: DocTaskPhase): number | null {
  if (phase === 'uploading' || phase === 'translating') return DOC_STEPS.upload;
  if (phase === 'done') return DOC_STEPS.done;
  if (phase === 'error' || phase === 'interrupted') return DOC_STEPS.error;
  return null;
}

export function createDocTaskStore<F = File>(deps: DocTaskDeps<F>) {
  const initial = (form: DocForm = deps.defaultForm?.() ?? defaultDocForm()): DocTaskState<F> => ({
    phase: 'idle',
    form,
    files: [],
    uploadProgress: 0,
    uploadStartedAt: null,
    taskId: null,
    doCat: 0,
    data: null,
    error: null,
  });
  // A task restored after a reload that had already ended was announced then; not again.
  let announced = false;
  let state = restore();
  const listeners = new Set<() => void>();
  const eventHandlers = new Set<(e: DocTaskEvent) => void>();
  let attached = 0;
  let timer: unknown = null;
  let polling = false;
  let failures = 0;
  let generation = 0;
  let upload: AbortController | null = null;

  function restore(): DocTaskState<F> {
    const saved = parseSavedTask(deps.storage.getItem(TASK_STORAGE_KEY));
    if (!saved || !deps.loggedIn()) return initial(saved?.form);
    announced = saved.ended;
    return {
      ...initial(saved.form),
      phase: 'translating',
      taskId: saved.taskId,
      doCat: saved.doCat,
      uploadStartedAt: saved.uploadStartedAt,
    };
  }

  function set(patch: Partial<DocTaskState<F>>): void {
    state = { ...state, ...patch };
    persist();
    for (const l of listeners) l();
  }

  function persist(): void {
    try {
      if (state.taskId === null) return deps.storage.removeItem(TASK_STORAGE_KEY);
      const saved: SavedTask = {
        taskId: state.taskId,
        doCat: state.doCat,
        uploadStartedAt: state.uploadStartedAt,
        form: state.form,
        ended: state.phase !== 'translating',
      };
      deps.storage.setItem(TASK_STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // A full or blocked storage only costs resuming after a reload.
    }
  }

  const emit = (e: DocTaskEvent) => eventHandlers.forEach((h) => h(e));

  function stopTimer(): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = null;
  }

  function schedule(ms: number): void {
    stopTimer();
    if (attached === 0 || state.phase !== 'translating' || polling) return;
    timer = deps.setTimer(() => void pollOnce(), ms);
  }

  async function pollOnce(): Promise<void> {
    timer = null;
    const gen = generation;
    const taskId = state.taskId;
    if (taskId === null || state.phase !== 'translating') return;
    polling = true;
    let data: DocQueryData;
    try {
      data = await deps.query(taskId);
    } catch (err) {
      if (gen !== generation) return;
      polling = false;
      const f = err as Failure;
      failures++;
      if (pollFailureAction({ kind: f.kind ?? 'network', code: f.code ?? 0 }, failures) === 'retry') return schedule(DOC_POLL_MS);
      return set({ phase: 'error', error: failureOf(f) });
    }
    if (gen !== generation) return;
    polling = false;
    failures = 0;
    if (!shouldStopPolling(data)) {
      set({ data });
      return schedule(DOC_POLL_MS);
    }
    const outcome = taskOutcome(data);
    const phase: DocTaskPhase =
      outcome === 'interrupted' ? 'interrupted' : outcome === 'failed' || data.step === DOC_STEPS.error ? 'error' : 'done';
    set({ data, phase });
    const replay = announced;
    announced = false;
    emit({ type: 'completed', data, outcome, replay, popup: !replay && successPopupAllowed(deps.now(), state.uploadStartedAt) });
  }

  /** Drops whatever runs: upload, timer, answers in flight. */
  function halt(): void {
    generation++;
    stopTimer();
    polling = false;
    failures = 0;
    upload?.abort();
    upload = null;
  }

  return {
    getState: (): DocTaskState<F> => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEvent(handler: (e: DocTaskEvent) => void): () => void {
      eventHandlers.add(handler);
      return () => eventHandlers.delete(handler);
    },
    /** A page shows the task: polling runs (at once) while at least one is attached. */
    attach(): () => void {
      attached++;
      if (attached === 1) schedule(0);
      let detached = false;
      return () => {
        if (detached) return;
        detached = true;
        attached--;
        if (attached === 0) stopTimer();
      };
    },
    setForm(patch: Partial<DocForm>): void {
      set({ form: { ...state.form, ...patch } });
    },
    setFiles(files: readonly F[]): void {
      set({ files });
    },
    /** Uploads the chosen files with the form; resolves when the upload ended (either way). */
    async start(): Promise<void> {
      if (state.phase === 'uploading' || state.phase === 'translating' || state.files.length === 0) return;
      halt();
      const gen = generation;
      const controller = new AbortController();
      upload = controller;
      set({ phase: 'uploading', uploadProgress: 0, uploadStartedAt: deps.now(), taskId: null, data: null, error: null, doCat: 0 });
      try {
        const created = await deps.create(
          state.files,
          state.form,
          (p) => gen === generation && set({ uploadProgress: p }),
          controller.signal,
        );
        if (gen !== generation) return;
        upload = null;
        set({ phase: 'translating', uploadProgress: 100, taskId: created.task_id, doCat: created.do_cat, files: [] });
        schedule(0);
      } catch (err) {
        if (gen !== generation) return;
        upload = null;
        const f = err as Failure;
        set({ phase: 'error', error: failureOf(f) });
      }
    },
    /** "Reset" / "Interrupt" / "Cancel": stops everything; a running task is interrupted on the server. */
    reset(): void {
      const { phase, taskId } = state;
      halt();
      if (phase === 'translating' && taskId !== null) void deps.interrupt(taskId).catch(() => undefined);
      set({ ...initial(state.form), files: phase === 'uploading' ? state.files : [] });
      if (phase === 'uploading' || phase === 'translating') emit({ type: 'interrupted' });
    },
    /** "Interrupt" (confirmed): the task stops on the server but stays shown, its files interrupted, to start again. */
    async interrupt(): Promise<void> {
      const { phase, taskId } = state;
      if (phase !== 'translating' || taskId === null) return;
      halt();
      const gen = generation;
      set({ phase: 'interrupted' });
      emit({ type: 'interrupted' });
      try {
        await deps.interrupt(taskId);
        const data = await deps.query(taskId);
        if (gen === generation) set({ data });
      } catch {
        // The client already said what went wrong; the rows stay as last polled.
      }
    },
    /** "Start again": the ended task's interrupted files (or `projectIds`) run again from their source; polling resumes. */
    async retry(projectIds?: readonly string[]): Promise<void> {
      const { phase, taskId } = state;
      if (taskId === null || phase === 'uploading' || phase === 'translating') return;
      halt();
      const gen = generation;
      try {
        await deps.retry(taskId, projectIds);
      } catch (err) {
        if (gen === generation) set({ error: failureOf(err as Failure) });
        return;
      }
      if (gen !== generation) return;
      announced = false;
      set({ phase: 'translating', error: null, uploadStartedAt: deps.now() });
      schedule(0);
    },
    /** Logout: forget the task without telling anyone (the session is gone). */
    clear(): void {
      halt();
      set(initial());
    },
  };
}

export type DocTaskStore<F = File> = ReturnType<typeof createDocTaskStore<F>>;
