/**
 * The autosave against a scripted server (the save call's contract: revisions, 44073) with fake
 * timers and an in-memory storage: debounced drafts, the local copy kept until confirmed,
 * restored after a reload, sent with keepalive when the page goes, and conflicts.
 */
import type { PeSaveBody, PeSegment } from '@mtp/proto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeAutosave, draftsKey, PE_RETRY_MS, type PeSaveState } from './pe-autosave';
import type { PeSaveAnswer } from './post-edit-api';

const P = 'p1';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

const seg = (i: number, target: string, revision = 0): PeSegment => ({
  seg_index: i,
  paragraph: i,
  source: `s${i}`,
  target,
  status: 'mt',
  score: 0,
  revision,
  updated_at: '2026-01-01T00:00:00Z',
});

/** A server holding segments with revisions; answers 44073 to a stale one, like post_edit/save. */
function fakeServer(segments: PeSegment[]) {
  const rows = new Map(segments.map((s) => [s.seg_index, { ...s }]));
  const bodies: PeSaveBody[] = [];
  const exits: PeSaveBody[] = [];
  let down = false;
  const send = async (body: PeSaveBody): Promise<PeSaveAnswer> => {
    bodies.push(body);
    if (down) throw new Error('network');
    const row = rows.get(body.seg_index)!;
    if (row.revision !== body.revision) throw Object.assign(new Error('stale'), { code: 44073 });
    Object.assign(row, { target: body.target, status: body.status, revision: row.revision + 1 });
    return { segment: { ...row }, repetitions: [], entry_id: null };
  };
  return { rows, bodies, exits, send, setDown: (d: boolean) => void (down = d) };
}

function setup(server: ReturnType<typeof fakeServer>, storage = memoryStorage()) {
  const states: PeSaveState[] = [];
  const conflicts: number[] = [];
  const saved: PeSaveAnswer[] = [];
  const store = createPeAutosave({
    projectId: P,
    storage,
    send: server.send,
    isConflict: (e) => (e as { code?: number }).code === 44073,
    sendOnExit: (b) => void server.exits.push(b),
    onSaved: (s) => void saved.push(s),
    onConflict: (i) => void conflicts.push(i),
    onState: (s) => void states.push(s),
    debounceMs: 500,
  });
  return { store, storage, states, conflicts, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it('keeps each keystroke locally and sends one draft after the pause, with the revision', async () => {
    const server = fakeServer([seg(0, 'a', 3)]);
    const { store, storage, states } = setup(server);
    store.load([seg(0, 'a', 3)]);
    store.edit(0, 'ab');
    store.edit(0, 'abc');
    expect(JSON.parse(storage.getItem(draftsKey(P))!)).toEqual({ 0: { target: 'abc', status: 'draft' } });
    expect(server.bodies).toHaveLength(0);
    expect(store.state()).toBe('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.bodies).toEqual([{ project_id: P, seg_index: 0, target: 'abc', status: 'draft', revision: 3 }]);
    expect(storage.getItem(draftsKey(P))).toBeNull();
    expect(states.at(-1)).toBe('saved');
    // The next save names the revision the server answered.
    store.edit(0, 'abcd');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.bodies.at(-1)!.revision).toBe(4);
  });

  it('sends an inserted memory match with its score, and drops the score once the match is typed over', async () => {
    const server = fakeServer([seg(0, 'a')]);
    const { store } = setup(server);
    store.load([seg(0, 'a')]);
    store.edit(0, 'from memory', 'draft', 85);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.bodies.at(-1)).toEqual({
      project_id: P,
      seg_index: 0,
      target: 'from memory',
      status: 'draft',
      revision: 0,
      match_score: 85,
    });
    store.edit(0, 'from memory, edited');
    await vi.advanceTimersByTimeAsync(500);
    expect(server.bodies.at(-1)).not.toHaveProperty('match_score');
  });

  it('restores an unsaved edit after a reload and sends it, dropping copies the server already has', async () => {
    const server = fakeServer([seg(0, 'a'), seg(1, 'b')]);
    const storage = memoryStorage();
    const first = setup(server, storage);
    first.store.load([seg(0, 'a'), seg(1, 'b')]);
    first.store.edit(0, 'typed before the reload');
    first.store.edit(1, 'b2');
    // The page closes before the pause ends: keepalive carries both, but its answer is never read.
    first.store.flushOnExit();
    first.store.dispose();
    expect(server.exits.map((b) => b.target)).toEqual(['typed before the reload', 'b2']);
    await server.send(server.exits[1]!); // only the second reached the server
    expect(storage.getItem(draftsKey(P))).not.toBeNull();

    const reloaded = setup(server, storage);
    const restored = reloaded.store.load([...server.rows.values()]);
    expect(restored).toEqual([{ seg_index: 0, target: 'typed before the reload', status: 'draft' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.rows.get(0)!.target).toBe('typed before the reload');
    expect(storage.getItem(draftsKey(P))).toBeNull();
  });

  it('keeps the local copy while the server is down and tries again', async () => {
    const server = fakeServer([seg(0, 'a')]);
    const { store, storage } = setup(server);
    store.load([seg(0, 'a')]);
    server.setDown(true);
    store.edit(0, 'offline edit');
    await vi.advanceTimersByTimeAsync(500);
    expect(store.state()).toBe('error');
    expect(storage.getItem(draftsKey(P))).toContain('offline edit');
    server.setDown(false);
    await vi.advanceTimersByTimeAsync(PE_RETRY_MS);
    expect(server.rows.get(0)!.target).toBe('offline edit');
    expect(store.state()).toBe('saved');
  });

  it('confirms at once, after the draft in flight, and does not lose text typed meanwhile', async () => {
    const server = fakeServer([seg(0, 'a')]);
    const { store, storage } = setup(server);
    store.load([seg(0, 'a')]);
    store.edit(0, 'draft');
    const draft = store.flush();
    const confirmed = store.commit(0, 'final', 'translated');
    await draft;
    const answer = await confirmed;
    expect(answer!.segment).toMatchObject({ target: 'final', status: 'translated', revision: 2 });
    expect(server.bodies.map((b) => [b.target, b.revision])).toEqual([
      ['draft', 0],
      ['final', 1],
    ]);
    expect(storage.getItem(draftsKey(P))).toBeNull();
  });

  it('on a stale revision drops the local copy and asks for the segment again', async () => {
    const server = fakeServer([seg(0, 'a', 5)]);
    const { store, conflicts, storage } = setup(server);
    store.load([seg(0, 'a', 4)]); // another tab saved revision 5 meanwhile
    store.edit(0, 'mine');
    await vi.advanceTimersByTimeAsync(500);
    expect(conflicts).toEqual([0]);
    expect(server.rows.get(0)!.target).toBe('a');
    expect(storage.getItem(draftsKey(P))).toBeNull();
    expect(store.state()).toBe('saved');
  });
});
