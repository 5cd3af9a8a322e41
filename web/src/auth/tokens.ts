/**
 * The client keys the spec stores (section 3: authToken, refreshToken) plus the site a user
 * logged in through, so that logout and expiry return them to that site's login page.
 */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  siteCode: 'siteCode',
  lang: 'lang',
} as const;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or a memory map where it is unavailable (private modes, tests without a DOM). */
export function browserStorage(): KeyValueStore {
  try {
    if (typeof localStorage !== 'undefined') {
      localStorage.getItem(STORAGE_KEYS.lang);
      return localStorage;
    }
  } catch {
    // Access itself throws in some locked-down browsers; fall through to memory.
  }
  return memoryStorage();
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStore & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}

export function storeTokens(store: KeyValueStore, access: string, refresh?: string): void {
  store.setItem(STORAGE_KEYS.authToken, access);
  if (refresh !== undefined) store.setItem(STORAGE_KEYS.refreshToken, refresh);
}

export function clearTokens(store: KeyValueStore): void {
  store.removeItem(STORAGE_KEYS.authToken);
  store.removeItem(STORAGE_KEYS.refreshToken);
}

/** Remembers the white-label site of the last login; the main site is remembered as none. */
export function rememberSite(store: KeyValueStore, siteCode: string | null): void {
  if (siteCode) store.setItem(STORAGE_KEYS.siteCode, siteCode);
  else store.removeItem(STORAGE_KEYS.siteCode);
}

export function rememberedSite(store: KeyValueStore): string | null {
  return store.getItem(STORAGE_KEYS.siteCode) || null;
}

export function loginPathFor(siteCode: string | null): string {
  return siteCode ? `/${encodeURIComponent(siteCode)}` : '/login';
}
