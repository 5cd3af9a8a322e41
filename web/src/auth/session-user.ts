/**
 * Who the cached answers belong to. Every query that depends on the logged-in account is keyed
 * under this identity (`['user', sessionUser, ...]`), so even a cache that somehow survived a
 * change of account could never hand the previous account's banks or files to the next one.
 *
 * The identity is known before the first call: the gateway's access token is a JWT whose `sub`
 * is the user id, and a token refresh keeps it. A token that is not such a JWT (the render
 * tests' fake gateway uses plain words) is reduced to a hash of itself: still one identity per
 * login, without putting the token into query keys.
 */
import { storage } from '../api/instance';
import { STORAGE_KEYS, type KeyValueStore } from './tokens';

/** The identity of a visitor without a token; such a visitor owns no banks or files. */
export const GUEST = 'guest';

export type SessionUser = string;

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The user id a JWT names in `sub`, or null when the token is not a readable JWT. */
export function jwtSubject(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = decodeSegment(parts[1]) as { sub?: unknown };
    const sub = payload?.sub;
    return (typeof sub === 'string' && sub !== '') || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

// FNV-1a: short and synchronous (WebCrypto's digest is async and missing on plain http).
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The identity of an access token: `u<id>` for the gateway's JWTs, `t<hash>` otherwise. */
export function sessionUserOf(token: string | null): SessionUser {
  if (!token) return GUEST;
  const sub = jwtSubject(token);
  return sub !== null ? `u${sub}` : `t${fnv1a(token)}`;
}

/** The identity of the tokens stored now; read on every call, so a login or logout shows at once. */
export function currentSessionUser(store: KeyValueStore = storage): SessionUser {
  return sessionUserOf(store.getItem(STORAGE_KEYS.authToken));
}
