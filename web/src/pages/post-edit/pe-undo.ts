/**
 * The editor's undo: each step is the targets some action changed (an edit of one segment, a copy
 * of the source, a match inserted, a replace over many), with what they were before; undoing
 * saves those previous targets back. Typing into one segment is one step until another segment
 * is worked on, like a word processor's undo of a paragraph.
 */
export type UndoStep = { changes: { seg_index: number; before: string }[] };

/** How many steps are kept; older ones are forgotten. */
export const UNDO_DEPTH = 200;

export function createUndoStack() {
  const steps: UndoStep[] = [];
  // The segment whose typing the top step covers: more typing there extends it.
  let typingIn: number | null = null;
  const push = (step: UndoStep) => {
    if (step.changes.length === 0) return;
    steps.push(step);
    if (steps.length > UNDO_DEPTH) steps.shift();
  };
  return {
    /** A keystroke in a segment: a new step only when the typing moved to another segment. */
    typed(segIndex: number, before: string): void {
      if (typingIn === segIndex) return;
      typingIn = segIndex;
      push({ changes: [{ seg_index: segIndex, before }] });
    },
    /** A change made at once (copy source, insert a match, replace, propagate). */
    changed(changes: UndoStep['changes']): void {
      typingIn = null;
      push({ changes });
    },
    /** Leaving a segment ends its typing step. */
    leave(): void {
      typingIn = null;
    },
    pop(): UndoStep | null {
      typingIn = null;
      return steps.pop() ?? null;
    },
    get size() {
      return steps.length;
    },
  };
}
