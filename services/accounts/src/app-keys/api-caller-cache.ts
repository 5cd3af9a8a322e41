/**
 * A short per-process memory of credentials already checked, so a busy API client costs one
 * PostgreSQL read per credential every CACHE_MS rather than one per request. PostgreSQL stays the
 * truth: an entry lives CACHE_MS at most, so a revocation, a new token, a deactivated owner or a
 * disabled site bites on every replica within that time (this process forgets the app at once
 * when it revokes the key or issues its token). Token expiry is checked on every hit.
 */
import type { Db } from '@mtp/platform';

export const API_CALLER_CACHE_MS = 2_000;
/** Past this many entries the memory starts afresh (a bound, not an eviction policy). */
const MAX_ENTRIES = 10_000;

/** Who an API request is: the key's owner and the key. */
export type ApiCaller = { userId: number; siteId: number; role: number; appId: string };

type Entry = { caller: ApiCaller; cachedUntil: number; tokenExpiresAt: number | null };

const byDb = new WeakMap<Db, Map<string, Entry>>();

function entriesOf(db: Db): Map<string, Entry> {
  let entries = byDb.get(db);
  if (!entries) {
    entries = new Map();
    byDb.set(db, entries);
  }
  return entries;
}

/** The caller remembered for a credential's hash, while the memory is fresh. */
export function recall(db: Db, credentialHash: string, now = Date.now()): Entry | null {
  const entries = entriesOf(db);
  const entry = entries.get(credentialHash);
  if (!entry) return null;
  if (entry.cachedUntil <= now) {
    entries.delete(credentialHash);
    return null;
  }
  return entry;
}

export function remember(db: Db, credentialHash: string, caller: ApiCaller, tokenExpiresAt: Date | null, now = Date.now()): void {
  const entries = entriesOf(db);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(credentialHash, { caller, cachedUntil: now + API_CALLER_CACHE_MS, tokenExpiresAt: tokenExpiresAt?.getTime() ?? null });
}

/** Drops every credential of an app (its key revoked, its token replaced) from this process. */
export function forgetApp(db: Db, appId: string): void {
  const entries = entriesOf(db);
  for (const [hash, entry] of entries) if (entry.caller.appId === appId) entries.delete(hash);
}
