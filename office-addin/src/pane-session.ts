/**
 * The signed-in session and the chosen languages, kept in the pane's sessionStorage: Office
 * keeps the pane's page between uses, so a user does not sign in again for every translation,
 * and nothing outlives the Office session. Only `storableSession` goes there (never a password).
 */
import { storableSession, type ClientSession } from '@mtp/client';

const SESSION_KEY = 'mtp-office-addin:session';
const LANGS_KEY = 'mtp-office-addin:langs';

export type LanguagePair = { src: string; tgt: string };

function read(storage: Storage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be refused (private modes, quotas): the pane then only forgets sooner.
  }
}

/** What the pane keeps: the session, and the account it belongs to (shown in the pane). */
export type StoredSession = { session: ClientSession; account: string | null };

/** A stored session of this server, or null for anything else found there. */
export function loadSession(storage: Storage | null, server: string): StoredSession | null {
  const value = read(storage, SESSION_KEY) as { session?: Partial<ClientSession>; account?: unknown } | null;
  const session = value?.session;
  if (!session || session.server !== server || typeof session.token !== 'string') return null;
  if (session.kind !== 'key' && session.kind !== 'login') return null;
  return { session: session as ClientSession, account: typeof value.account === 'string' ? value.account : null };
}

export function saveSession(storage: Storage | null, stored: StoredSession | null): void {
  write(storage, SESSION_KEY, stored ? { session: storableSession(stored.session), account: stored.account } : null);
}

export function loadLanguagePair(storage: Storage | null): LanguagePair | null {
  const value = read(storage, LANGS_KEY) as Partial<LanguagePair> | null;
  return value && typeof value.src === 'string' && typeof value.tgt === 'string' ? { src: value.src, tgt: value.tgt } : null;
}

export function saveLanguagePair(storage: Storage | null, pair: LanguagePair): void {
  write(storage, LANGS_KEY, pair);
}
