/**
 * Refresh tokens rotate (each is exchanged once; a retired one ends the session as stolen), and
 * every tab of the app shares one stored refresh token. So a tab refreshes only while holding a
 * lock all tabs of the origin share (the Web Locks API) and re-reads the stored tokens inside it:
 * a tab that waited finds the tokens another tab just stored and never sends a retired one.
 */
export type RefreshLock = <T>(fn: () => Promise<T>) => Promise<T>;

export const REFRESH_LOCK_NAME = 'mtp-token-refresh';

/** The browser's cross-tab lock; where the API is missing, one tab's own single refresh must do. */
export function crossTabRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock is held until `fn` settles; request() answers what `fn` answered.
  return locks ? (locks.request(REFRESH_LOCK_NAME, fn) as Promise<T>) : fn();
}
