import { describe, expect, it } from 'vitest';
import { GUEST } from './session-user';
import { KEPT_DRAFT_KEY, keepDraft, keptDraftFor } from './kept-draft';
import { memoryStorage } from './tokens';

describe('kept draft', () => {
  it('gives the text back to the account that typed it', () => {
    const store = memoryStorage();
    keepDraft(store, 'u5', 'hello world');
    expect(keptDraftFor(store, 'u5')).toBe('hello world');
    expect(keptDraftFor(store, 'u5')).toBe('hello world');
  });

  it('never shows it to another account, which drops it; a guest leaves it for its owner', () => {
    const store = memoryStorage();
    keepDraft(store, 'u5', 'private');
    expect(keptDraftFor(store, GUEST)).toBeNull();
    expect(keptDraftFor(store, 'u5')).toBe('private');
    expect(keptDraftFor(store, 'u6')).toBeNull();
    expect(store.getItem(KEPT_DRAFT_KEY)).toBeNull();
    expect(keptDraftFor(store, 'u5')).toBeNull();
  });

  it('keeps nothing for an empty text and survives a corrupt entry', () => {
    const store = memoryStorage();
    keepDraft(store, 'u5', 'x');
    keepDraft(store, 'u5', '');
    expect(store.getItem(KEPT_DRAFT_KEY)).toBeNull();
    store.setItem(KEPT_DRAFT_KEY, '{not json');
    expect(keptDraftFor(store, 'u5')).toBeNull();
  });
});
