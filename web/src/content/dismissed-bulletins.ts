/**
 * Bulletins a reader closed stay closed in that browser: their ids are kept in localStorage
 * (not per account: a shared bulletin closed once need not come back after a login).
 */
export const DISMISSED_KEY = 'dismissedBulletins';
/** Enough for years of bulletins; the oldest ids go first. */
const KEEP = 200;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function dismissedBulletins(storage: KeyValueStorage): Set<number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DISMISSED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : []);
  } catch {
    return new Set();
  }
}

export function dismissBulletin(storage: KeyValueStorage, id: number): Set<number> {
  const ids = [...dismissedBulletins(storage)].filter((d) => d !== id);
  ids.push(id);
  const kept = ids.slice(-KEEP);
  storage.setItem(DISMISSED_KEY, JSON.stringify(kept));
  return new Set(kept);
}

/** The bulletins still to show, newest first. */
export function visibleBulletins<T extends { bulletin_id: number; publish_from: string }>(list: readonly T[], dismissed: Set<number>): T[] {
  return list
    .filter((b) => !dismissed.has(b.bulletin_id))
    .sort((a, b) => b.publish_from.localeCompare(a.publish_from) || b.bulletin_id - a.bulletin_id);
}
