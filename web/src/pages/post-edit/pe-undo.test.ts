import { describe, expect, it } from 'vitest';
import { createUndoStack, UNDO_DEPTH } from './pe-undo';

describe('the undo stack', () => {
  it('makes one step of the typing in one segment, a new one in the next', () => {
    const undo = createUndoStack();
    undo.typed(3, 'orig 3');
    undo.typed(3, 'orig 3 + a');
    undo.typed(4, 'orig 4');
    expect(undo.size).toBe(2);
    expect(undo.pop()).toEqual({ changes: [{ seg_index: 4, before: 'orig 4' }] });
    expect(undo.pop()).toEqual({ changes: [{ seg_index: 3, before: 'orig 3' }] });
    expect(undo.pop()).toBeNull();
  });

  it('starts a new step after leaving the segment or after an action', () => {
    const undo = createUndoStack();
    undo.typed(1, 'a');
    undo.leave();
    undo.typed(1, 'ab');
    undo.changed([
      { seg_index: 1, before: 'abc' },
      { seg_index: 2, before: 'x' },
    ]);
    undo.typed(1, 'replaced');
    expect(undo.size).toBe(4);
    expect(undo.pop()!.changes[0]!.before).toBe('replaced');
    expect(undo.pop()!.changes).toHaveLength(2);
  });

  it('keeps a bounded history', () => {
    const undo = createUndoStack();
    for (let i = 0; i < UNDO_DEPTH + 10; i++) undo.changed([{ seg_index: i, before: '' }]);
    expect(undo.size).toBe(UNDO_DEPTH);
  });
});
