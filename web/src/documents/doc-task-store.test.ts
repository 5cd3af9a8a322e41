import type { DocCreateData, DocFileItem, DocFileStatus, DocQueryData } from '@mtp/proto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../auth/tokens';
import { ApiError } from '../api/api-error';
import { createDocTaskStore, stepOf, type DocTaskEvent } from './doc-task-store';
import { TASK_STORAGE_KEY } from './doc-task-types';

type FakeFile = { name: string; size: number };

function item(status: DocFileStatus, score = status === 'done' ? 100 : 10): DocFileItem {
  return {
    projectId: 'p1',
    file_name: 'a.docx',
    status,
    message: '',
    code: 0,
    score,
    chars: 12,
    result_name: status === 'done' ? 'a.docx' : null,
  };
}

function answer(score: number, files: DocFileItem[], step = score >= 100 ? 3 : 1): DocQueryData {
  return {
    task_id: 't1',
    score,
    step,
    doc_num: files.length,
    price: 12,
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    mode: 0,
    translate_list: files,
    created_at: '2026-11-22T00:00:00Z',
    expires_at: '2026-11-23T00:00:00Z',
  };
}

/** A scripted server: each query answers the next scripted value (the last one repeats). */
function setup(opts: { answers?: (DocQueryData | Error)[]; storage?: ReturnType<typeof memoryStorage>; loggedIn?: boolean } = {}) {
  const answers = opts.answers ?? [answer(50, [item('translating')]), answer(100, [item('done')])];
  const calls = {
    create: [] as { files: readonly FakeFile[]; signal: AbortSignal }[],
    query: 0,
    interrupt: [] as string[],
    retry: [] as string[],
  };
  let finishUpload: ((d: DocCreateData) => void) | null = null;
  const storage = opts.storage ?? memoryStorage();
  const store = createDocTaskStore<FakeFile>({
    create: (files, _form, onProgress, signal) => {
      calls.create.push({ files, signal });
      onProgress(40);
      return new Promise<DocCreateData>((resolve, reject) => {
        finishUpload = resolve;
        signal.addEventListener('abort', () => reject(new ApiError({ kind: 'aborted', handled: true })));
      });
    },
    query: () => {
      const next = answers[Math.min(calls.query++, answers.length - 1)]!;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    interrupt: (id) => {
      calls.interrupt.push(id);
      return Promise.resolve(null);
    },
    retry: (id) => {
      calls.retry.push(id);
      return Promise.resolve({ restarted: 1 });
    },
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    storage,
    loggedIn: () => opts.loggedIn ?? true,
  });
  const events: DocTaskEvent[] = [];
  store.onEvent((e) => events.push(e));
  const uploaded = async () => {
    finishUpload!({ task_id: 't1', do_cat: 0 });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { store, calls, events, storage, uploaded };
}

beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => void vi.useRealTimers());

describe('document task store', () => {
  it('uploads with progress, then polls every 2 s until score 100, and only while attached', async () => {
    const { store, calls, events, uploaded } = setup();
    const detach = store.attach();
    store.setFiles([{ name: 'a.docx', size: 1 }]);
    void store.start();
    expect(store.getState()).toMatchObject({ phase: 'uploading', uploadProgress: 40 });
    expect(stepOf(store.getState().phase)).toBe(1);
    await uploaded();
    expect(calls.query).toBe(1);
    expect(store.getState()).toMatchObject({ phase: 'translating', taskId: 't1', files: [] });
    expect(store.getState().data?.score).toBe(50);

    // Leaving the page pauses polling; coming back polls at once.
    detach();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.query).toBe(1);
    store.attach();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.query).toBe(2);
    expect(store.getState().phase).toBe('done');
    expect(stepOf('done')).toBe(3);
    // 10 s after the upload started: the popup may show.
    expect(events).toEqual([expect.objectContaining({ type: 'completed', outcome: 'done', popup: true })]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.query).toBe(2);
  });

  it('suppresses the success popup when the task ends within 5 s of the upload start', async () => {
    const { store, events, uploaded } = setup({ answers: [answer(100, [item('done')])] });
    store.attach();
    store.setFiles([{ name: 'a.docx', size: 1 }]);
    void store.start();
    await vi.advanceTimersByTimeAsync(1000);
    await uploaded();
    expect(events).toEqual([expect.objectContaining({ type: 'completed', popup: false })]);
  });

  it('reset during translation interrupts the task on the server and warns', async () => {
    const { store, calls, events, storage, uploaded } = setup({ answers: [answer(10, [item('translating')])] });
    store.attach();
    store.setFiles([{ name: 'a.docx', size: 1 }]);
    void store.start();
    await uploaded();
    expect(storage.getItem(TASK_STORAGE_KEY)).toContain('"taskId":"t1"');
    store.reset();
    expect(calls.interrupt).toEqual(['t1']);
    expect(events).toEqual([{ type: 'interrupted' }]);
    expect(store.getState()).toMatchObject({ phase: 'idle', taskId: null, data: null });
    expect(storage.getItem(TASK_STORAGE_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.query).toBe(1);
  });

  it('interrupt keeps the task with its interrupted files; start again polls it to done', async () => {
    const { store, calls, events, uploaded } = setup({
      answers: [
        answer(10, [item('translating')]),
        answer(100, [item('interrupted')], 4),
        answer(40, [item('queued')]),
        answer(100, [item('done')]),
      ],
    });
    store.attach();
    store.setFiles([{ name: 'a.docx', size: 1 }]);
    void store.start();
    await uploaded();
    await store.interrupt();
    expect(calls.interrupt).toEqual(['t1']);
    expect(events).toEqual([{ type: 'interrupted' }]);
    expect(store.getState()).toMatchObject({ phase: 'interrupted', taskId: 't1' });
    expect(store.getState().data?.translate_list.map((f) => f.status)).toEqual(['interrupted']);
    // Stopped: no polling while interrupted.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.query).toBe(2);

    await store.retry();
    expect(calls.retry).toEqual(['t1']);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ phase: 'translating', taskId: 't1' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.getState().phase).toBe('done');
    expect(events.at(-1)).toMatchObject({ type: 'completed', outcome: 'done' });
  });

  it('cancel during upload aborts it, keeps the files and calls no interrupt', async () => {
    const { store, calls, events } = setup();
    store.setFiles([{ name: 'a.docx', size: 1 }]);
    const started = store.start();
    store.reset();
    await started;
    expect(calls.create[0]!.signal.aborted).toBe(true);
    expect(calls.interrupt).toEqual([]);
    expect(events).toEqual([{ type: 'interrupted' }]);
    expect(store.getState()).toMatchObject({ phase: 'idle', files: [{ name: 'a.docx' }] });
  });

  it('a failed upload ends in the error step with the server code', async () => {
    const { store } = setup();
    const failing = createDocTaskStore<FakeFile>({
      ...baseDeps(),
      create: () => Promise.reject(new ApiError({ kind: 'envelope', code: 41005, msg: 'Not enough characters', handled: true })),
    });
    failing.setFiles([{ name: 'a.docx', size: 1 }]);
    await failing.start();
    expect(failing.getState()).toMatchObject({ phase: 'error', error: { code: 41005, msg: 'Not enough characters' } });
    expect(stepOf('error')).toBe(4);
    expect(store.getState().phase).toBe('idle');
  });

  it('retries transient poll failures, then gives up', async () => {
    const net = new ApiError({ kind: 'network', handled: true });
    const { store, calls, uploaded } = setup({ answers: [net, answer(30, [item('translating')]), net, net, net] });
    store.attach();
    store.setFiles([{ name: 'a.docx', size: 1 }]);
    void store.start();
    await uploaded();
    expect(store.getState().phase).toBe('translating');
    await vi.advanceTimersByTimeAsync(2000);
    expect(store.getState().data?.score).toBe(30);
    await vi.advanceTimersByTimeAsync(6000);
    expect(calls.query).toBe(5);
    expect(store.getState().phase).toBe('error');
  });

  it('resumes a saved task after a reload, but not for a logged-out tab; clear() forgets it', async () => {
    const storage = memoryStorage();
    const first = setup({ storage, answers: [answer(10, [item('translating')])] });
    first.store.setFiles([{ name: 'a.docx', size: 1 }]);
    first.store.setForm({ tgt: 'ja' });
    void first.store.start();
    await first.uploaded();

    await vi.advanceTimersByTimeAsync(6000);
    const reloaded = setup({ storage, answers: [answer(100, [item('done')])] });
    expect(reloaded.store.getState()).toMatchObject({ phase: 'translating', taskId: 't1', form: { tgt: 'ja' } });
    reloaded.store.attach();
    await vi.advanceTimersByTimeAsync(0);
    expect(reloaded.store.getState().phase).toBe('done');
    expect(reloaded.events).toEqual([expect.objectContaining({ type: 'completed', popup: true, replay: false })]);

    // Reloading again shows the ended task, without announcing it a second time.
    const again = setup({ storage, answers: [answer(100, [item('done')])] });
    again.store.attach();
    await vi.advanceTimersByTimeAsync(0);
    expect(again.store.getState().phase).toBe('done');
    expect(again.events).toEqual([expect.objectContaining({ type: 'completed', popup: false, replay: true })]);

    expect(setup({ storage, loggedIn: false }).store.getState()).toMatchObject({ phase: 'idle', taskId: null });
    reloaded.store.clear();
    expect(reloaded.calls.interrupt).toEqual([]);
    expect(storage.getItem(TASK_STORAGE_KEY)).toBeNull();
  });
});

function baseDeps() {
  return {
    create: () => Promise.reject(new Error('unused')),
    query: () => Promise.reject(new Error('unused')),
    interrupt: () => Promise.resolve(null),
    retry: () => Promise.resolve(null),
    now: () => Date.now(),
    setTimer: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimer: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
    storage: memoryStorage(),
    loggedIn: () => true,
  };
}
