/**
 * What the user typed on the text screen survives a forced logout (a login elsewhere, an expired
 * session): it is kept per tab in sessionStorage together with the account that typed it, and
 * comes back when that same account logs in again. Another account never sees it (and its
 * login on this tab drops it); a visitor without a token is its own account (`guest`).
 */
import { useEffect, useRef } from 'react';
import { GUEST, currentSessionUser, type SessionUser } from './session-user';
import { memoryStorage, type KeyValueStore } from './tokens';

export const KEPT_DRAFT_KEY = 'keptDraft';

type Kept = { user: SessionUser; text: string };

/** sessionStorage (one per tab, gone with the tab), or memory where it is unavailable. */
export function tabStorage(): KeyValueStore {
  try {
    if (typeof sessionStorage !== 'undefined') {
      sessionStorage.getItem(KEPT_DRAFT_KEY);
      return sessionStorage;
    }
  } catch {
    // Locked-down browsers throw on access; the draft then lasts as long as the page.
  }
  return memoryStorage();
}

function read(store: KeyValueStore): Kept | null {
  try {
    const kept = JSON.parse(store.getItem(KEPT_DRAFT_KEY) ?? 'null') as Partial<Kept> | null;
    return typeof kept?.user === 'string' && typeof kept.text === 'string' ? { user: kept.user, text: kept.text } : null;
  } catch {
    return null;
  }
}

/** Keeps the text for `user`; an empty text keeps nothing. */
export function keepDraft(store: KeyValueStore, user: SessionUser, text: string): void {
  if (text === '') store.removeItem(KEPT_DRAFT_KEY);
  else store.setItem(KEPT_DRAFT_KEY, JSON.stringify({ user, text } satisfies Kept));
}

/**
 * The text kept for `user`, or null. Another logged-in account drops the draft, so it cannot
 * wait in the tab for the next login; a guest leaves it for its owner.
 */
export function keptDraftFor(store: KeyValueStore, user: SessionUser): string | null {
  const kept = read(store);
  if (!kept) return null;
  if (kept.user === user) return kept.text;
  if (user !== GUEST) store.removeItem(KEPT_DRAFT_KEY);
  return null;
}

/**
 * Binds a text box's state to the kept draft: restores it once on mount (for the same account)
 * and keeps every later change. Saving starts only once the text differs from its first value,
 * so the empty box of a fresh mount never wipes the draft it is about to restore.
 */
export function useKeptDraft(text: string, setText: (text: string) => void, store: KeyValueStore = defaultStore()): void {
  const last = useRef(text);
  useEffect(() => {
    const kept = keptDraftFor(store, currentSessionUser());
    if (kept !== null) setText(kept);
    // Mount only: a restore later would overwrite what the user has typed since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (text === last.current) return;
    last.current = text;
    keepDraft(store, currentSessionUser(), text);
  }, [text, store]);
}

let shared: KeyValueStore | null = null;
function defaultStore(): KeyValueStore {
  shared ??= tabStorage();
  return shared;
}
