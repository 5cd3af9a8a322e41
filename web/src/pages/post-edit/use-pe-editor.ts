/**
 * The editor's state and what each action does: the segments (the whole document, edited in
 * place), the active one, the filter, autosave (pe-autosave.ts), undo (pe-undo.ts), confirm with
 * repetitions offered for propagation, replace, and a segment reloaded after a 44073.
 */
import { matchStatus, type PeMatches, type PeProject, type PeSegment } from '@mtp/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { storage } from '../../api/instance';
import { currentSessionUser } from '../../auth/session-user';
import { showSuccess, showWarning } from '../../components/toast';
import { createPeAutosave, type PeSaveState } from './pe-autosave';
import { saveOnExit } from './pe-exit-save';
import { filterSegments, isConfirmed, moveFrom, NO_FILTER, nextUnconfirmed, type PeFilter } from './pe-filters';
import { createUndoStack } from './pe-undo';
import {
  fetchSegment,
  peMatchesQueryOptions,
  PE_STALE_REVISION,
  propagateSegment,
  replaceInTargets,
  saveSegment,
  type PeSaveAnswer,
} from './post-edit-api';

const WARNING_MS = 6_000;

type SegPatch = Partial<PeSegment> & { seg_index: number };
export type PeRepetitionOffer = { seg_index: number; to: number[] };
export type PeReplaceRequest = { search: string; replace: string; match_case: boolean; whole_word: boolean };

export function usePeEditor(project: PeProject, initial: PeSegment[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = currentSessionUser();
  const projectId = project.project_id;
  const [segments, setSegments] = useState<PeSegment[]>(initial);
  const segmentsRef = useRef(segments);
  segmentsRef.current = segments;
  const position = useMemo(() => new Map(initial.map((s, i) => [s.seg_index, i])), [initial]);
  const [active, setActiveRaw] = useState<number>(() => initial.find((s) => !isConfirmed(s))?.seg_index ?? initial[0]?.seg_index ?? 0);
  const [filter, setFilter] = useState<PeFilter>(NO_FILTER);
  const [saveState, setSaveState] = useState<PeSaveState>('saved');
  const [offer, setOffer] = useState<PeRepetitionOffer | null>(null);
  const [concordance, setConcordance] = useState<{ text: string; n: number } | null>(null);
  const undo = useMemo(() => createUndoStack(), []);
  const [undoSize, setUndoSize] = useState(0);
  const rows = useMemo(() => filterSegments(segments, filter), [segments, filter]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const patch = useCallback(
    (changes: SegPatch | SegPatch[]) => {
      const list = Array.isArray(changes) ? changes : [changes];
      setSegments((prev) => {
        const next = prev.slice();
        for (const c of list) {
          const at = position.get(c.seg_index);
          if (at !== undefined) next[at] = { ...next[at]!, ...c };
        }
        return next;
      });
    },
    [position],
  );
  const segmentOf = useCallback((i: number) => segmentsRef.current[position.get(i) ?? -1], [position]);

  const store = useMemo(
    () =>
      createPeAutosave({
        projectId,
        storage,
        send: saveSegment,
        isConflict: (e) => e instanceof ApiError && e.code === PE_STALE_REVISION,
        sendOnExit: saveOnExit,
        onSaved: (saved: PeSaveAnswer) => {
          const s = saved.segment;
          // Typed on meanwhile: keep the newer local text (it is still to be sent) and its draft state.
          patch(
            store.hasPending(s.seg_index)
              ? { seg_index: s.seg_index, revision: s.revision }
              : { ...s, target: segmentOf(s.seg_index)?.target ?? s.target },
          );
          if (saved.memory_message) showWarning(saved.memory_message, WARNING_MS, 'pe-memory-warning');
        },
        onConflict: (segIndex) => {
          showWarning(t('postEdit.conflict', { n: segIndex + 1 }), WARNING_MS, 'pe-conflict-warning');
          void fetchSegment(projectId, segIndex).then((fresh) => {
            if (!fresh) return;
            store.setRevision(fresh.seg_index, fresh.revision);
            patch(fresh);
          });
        },
        onState: setSaveState,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one store per opened project
    [projectId],
  );

  useEffect(() => {
    const restored = store.load(initial);
    if (restored.length > 0) {
      patch(restored);
      showWarning(t('postEdit.restored', { count: restored.length }), WARNING_MS, 'pe-restored');
    }
    const onExit = () => store.flushOnExit();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void store.flush().catch(() => undefined);
    };
    window.addEventListener('pagehide', onExit);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', onExit);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the screen inside the app: what is pending is sent now.
      void store.flush().catch(() => undefined);
      store.dispose();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per store
  }, [store]);

  const setActive = useCallback(
    (i: number) => {
      undo.leave();
      setActiveRaw(i);
    },
    [undo],
  );

  /** A keystroke in the active segment's editor (already checked against protected tokens). */
  const type = useCallback(
    (i: number, target: string) => {
      const seg = segmentOf(i);
      if (!seg || seg.target === target) return;
      undo.typed(i, seg.target);
      setUndoSize(undo.size);
      patch({ seg_index: i, target, status: 'draft', score: 0 });
      store.edit(i, target);
    },
    [patch, segmentOf, store, undo],
  );

  /**
   * A change made at once (copy source, a match inserted): one undo step, saved like typing. A
   * memory match (`matchScore`) shows as that match until it is edited.
   */
  const replaceTarget = useCallback(
    (i: number, target: string, matchScore?: number) => {
      const seg = segmentOf(i);
      if (!seg || seg.target === target) return;
      undo.changed([{ seg_index: i, before: seg.target }]);
      setUndoSize(undo.size);
      patch({ seg_index: i, target, status: matchScore === undefined ? 'draft' : matchStatus(matchScore), score: matchScore ?? 0 });
      store.edit(i, target, 'draft', matchScore);
    },
    [patch, segmentOf, store, undo],
  );

  const move = useCallback((by: 1 | -1) => setActive(moveFrom(rowsRef.current, active, by)), [active, setActive]);

  const confirm = useCallback(() => {
    const seg = segmentOf(active);
    if (!seg) return;
    patch({ seg_index: active, status: 'translated' });
    const next = nextUnconfirmed(
      rowsRef.current.map((r) => (r.seg_index === active ? { ...r, status: 'translated' as const } : r)),
      active,
    );
    if (next !== null) setActive(next);
    void store
      .commit(active, seg.target, 'translated')
      .then((saved) => {
        const to = saved?.repetitions ?? [];
        if (to.length > 0) setOffer({ seg_index: active, to });
      })
      .catch(() => undefined);
  }, [active, patch, segmentOf, setActive, store]);

  const applyChanged = useCallback(
    (changed: PeSegment[]) => {
      for (const s of changed) store.setRevision(s.seg_index, s.revision);
      patch(changed);
    },
    [patch, store],
  );

  const propagate = useCallback(
    async (o: PeRepetitionOffer) => {
      setOffer(null);
      const before = o.to.map((i) => ({ seg_index: i, before: segmentOf(i)?.target ?? '' }));
      const { segments: changed } = await propagateSegment(projectId, o.seg_index, o.to);
      undo.changed(before.filter((b) => changed.some((c) => c.seg_index === b.seg_index)));
      setUndoSize(undo.size);
      applyChanged(changed);
      showSuccess(t('postEdit.propagated', { count: changed.length }));
    },
    [applyChanged, projectId, segmentOf, t, undo],
  );

  const replace = useCallback(
    async (r: PeReplaceRequest) => {
      // The server replaces in what it has: send the pending edits first.
      await store.flush();
      const { segments: changed } = await replaceInTargets({ project_id: projectId, ...r });
      undo.changed(changed.map((c) => ({ seg_index: c.seg_index, before: segmentOf(c.seg_index)?.target ?? '' })));
      setUndoSize(undo.size);
      applyChanged(changed);
      showSuccess(t('postEdit.replaced', { count: changed.length }));
      return changed.length;
    },
    [applyChanged, projectId, segmentOf, store, t, undo],
  );

  const undoLast = useCallback(() => {
    const step = undo.pop();
    setUndoSize(undo.size);
    if (!step) return;
    for (const { seg_index, before } of step.changes) {
      patch({ seg_index, target: before, status: 'draft', score: 0 });
      void store.commit(seg_index, before, 'draft').catch(() => undefined);
    }
    setActiveRaw(step.changes[0]!.seg_index);
  }, [patch, store, undo]);

  const insertMatch = useCallback(
    (n: 1 | 2 | 3) => {
      const matches = queryClient.getQueryData<PeMatches>(peMatchesQueryOptions(user, projectId, active).queryKey);
      const match = matches?.tm[n - 1];
      if (match) replaceTarget(active, match.target, match.score);
    },
    [active, projectId, queryClient, replaceTarget, user],
  );

  const searchMemories = useCallback((text: string) => {
    const trimmed = text.trim().slice(0, 200);
    if (trimmed) setConcordance((c) => ({ text: trimmed, n: (c?.n ?? 0) + 1 }));
  }, []);

  return {
    project,
    segments,
    rows,
    active,
    activeSegment: segments[position.get(active) ?? 0],
    setActive,
    filter,
    setFilter,
    saveState,
    type,
    replaceTarget,
    move,
    confirm,
    offer,
    setOffer,
    propagate,
    replace,
    undo: undoLast,
    canUndo: undoSize > 0,
    insertMatch,
    concordance,
    searchMemories,
    flush: () => store.flush(),
  };
}

export type PeEditorState = ReturnType<typeof usePeEditor>;
