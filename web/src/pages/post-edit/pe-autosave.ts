/**
 * Saving as the translator types (issue 21: nothing lost on reload or a closed tab). Every edit is
 * written to localStorage at once and sent as a `draft` after a pause; the local copy is dropped
 * only when the server has confirmed that very text. A reload lays the local copies back over
 * the server's segments and sends them again; `pagehide` sends what is still pending with
 * `fetch(..., {keepalive: true})`, which outlives the page. One save per segment is in flight at
 * a time, each naming the revision it started from: a 44073 (saved meanwhile elsewhere) drops
 * the local copy and asks the screen to reload that segment.
 */
import type { PeSaveBody, PeSaveStatus, PeSegment } from '@mtp/proto';
import type { PeSaveAnswer } from './post-edit-api';

export const PE_SAVE_DEBOUNCE_MS = 800;
/** After a failed save (network, server down) the pending edits are tried again this often. */
export const PE_RETRY_MS = 5_000;

export type PeSaveState = 'saved' | 'pending' | 'saving' | 'error';
/** `matchScore`: the target is a memory match of that score, inserted unchanged. */
type Pending = { target: string; status: PeSaveStatus; matchScore?: number };
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type PeAutosaveDeps = {
  projectId: string;
  storage: KeyValueStorage;
  send: (body: PeSaveBody) => Promise<PeSaveAnswer>;
  /** A 44073 answer: the server's segment moved on. */
  isConflict: (err: unknown) => boolean;
  /** Sends a body that must survive the page closing (keepalive fetch). */
  sendOnExit: (body: PeSaveBody) => void;
  onSaved: (saved: PeSaveAnswer, body: PeSaveBody) => void;
  onConflict: (segIndex: number) => void;
  onState: (state: PeSaveState) => void;
  debounceMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export const draftsKey = (projectId: string) => `peDrafts:${projectId}`;

export function createPeAutosave(deps: PeAutosaveDeps) {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const pending = new Map<number, Pending>();
  const revisions = new Map<number, number>();
  const inflight = new Map<number, Promise<PeSaveAnswer | null>>();
  let timer: unknown = null;
  let failed = false;

  const state = (): PeSaveState => (failed ? 'error' : inflight.size > 0 ? 'saving' : pending.size > 0 ? 'pending' : 'saved');
  const emit = () => deps.onState(state());
  const persist = () => {
    try {
      if (pending.size === 0) deps.storage.removeItem(draftsKey(deps.projectId));
      else deps.storage.setItem(draftsKey(deps.projectId), JSON.stringify(Object.fromEntries(pending)));
    } catch {
      // A full or blocked storage: the edit still goes to the server.
    }
  };
  const bodyOf = (seg: number, p: Pending): PeSaveBody => ({
    project_id: deps.projectId,
    seg_index: seg,
    target: p.target,
    status: p.status,
    revision: revisions.get(seg) ?? 0,
    ...(p.matchScore === undefined ? {} : { match_score: p.matchScore }),
  });
  const schedule = (ms: number) => {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush().catch(() => undefined);
    }, ms);
  };

  function sendOne(seg: number): Promise<PeSaveAnswer | null> {
    const running = inflight.get(seg);
    // The next save must name the revision this one answers: wait for it, then send what is left.
    if (running) return running.catch(() => null).then(() => (pending.has(seg) ? sendOne(seg) : running));
    const item = pending.get(seg);
    if (!item) return Promise.resolve(null);
    const body = bodyOf(seg, item);
    const done = deps.send(body).then(
      (saved) => {
        revisions.set(seg, saved.segment.revision);
        // Typed on meanwhile: that newer text is still to be sent.
        if (pending.get(seg) === item) pending.delete(seg);
        persist();
        deps.onSaved(saved, body);
        return saved;
      },
      (err: unknown) => {
        if (!deps.isConflict(err)) throw err;
        pending.delete(seg);
        persist();
        deps.onConflict(seg);
        return null;
      },
    );
    const tracked = done.finally(() => {
      inflight.delete(seg);
      emit();
    });
    inflight.set(seg, tracked);
    emit();
    return tracked;
  }

  async function flush(): Promise<void> {
    const results = await Promise.allSettled([...pending.keys()].map(sendOne));
    failed = results.some((r) => r.status === 'rejected');
    if (failed) schedule(PE_RETRY_MS);
    emit();
  }

  return {
    /** The server's segments as loaded; answers the local edits laid back over them. */
    load(segments: readonly PeSegment[]): { seg_index: number; target: string; status: PeSaveStatus }[] {
      for (const s of segments) revisions.set(s.seg_index, s.revision);
      let stored: Record<string, Pending> = {};
      try {
        stored = JSON.parse(deps.storage.getItem(draftsKey(deps.projectId)) ?? '{}') as Record<string, Pending>;
      } catch {
        stored = {};
      }
      const restored: { seg_index: number; target: string; status: PeSaveStatus }[] = [];
      for (const [key, item] of Object.entries(stored)) {
        const seg = segments.find((s) => s.seg_index === Number(key));
        if (!seg || typeof item?.target !== 'string') continue;
        // Already on the server (a keepalive save whose answer the page did not live to read).
        if (seg.target === item.target && seg.status === item.status) continue;
        // The last thing typed in this browser wins over what the server has: it is newer.
        pending.set(seg.seg_index, item);
        restored.push({ seg_index: seg.seg_index, ...item });
      }
      persist();
      if (pending.size > 0) schedule(0);
      emit();
      return restored;
    },
    /** A keystroke: kept locally now, sent after a pause. */
    edit(seg: number, target: string, status: PeSaveStatus = 'draft', matchScore?: number): void {
      pending.set(seg, matchScore === undefined ? { target, status } : { target, status, matchScore });
      persist();
      schedule(deps.debounceMs ?? PE_SAVE_DEBOUNCE_MS);
      emit();
    },
    /** Sends this segment now (a confirm, an undo) and answers the server's reply (null on 44073). */
    commit(seg: number, target: string, status: PeSaveStatus): Promise<PeSaveAnswer | null> {
      pending.set(seg, { target, status });
      persist();
      return sendOne(seg);
    },
    flush,
    /** The page is going away: what is pending goes out with keepalive; the local copy stays until a reload confirms it. */
    flushOnExit(): void {
      for (const [seg, item] of pending) if (!inflight.has(seg)) deps.sendOnExit(bodyOf(seg, item));
    },
    /** A segment changed on the server by another call (propagate, replace, a reload). */
    setRevision(seg: number, revision: number): void {
      revisions.set(seg, revision);
    },
    hasPending: (seg: number) => pending.has(seg),
    state,
    dispose(): void {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

export type PeAutosave = ReturnType<typeof createPeAutosave>;
