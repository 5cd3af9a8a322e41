/**
 * The pure rules of the app-key screens: what a key's name may be (the server's limit, checked
 * before anything is sent) and whether a key still works.
 */
import { APP_KEY_LIMITS } from '@mtp/proto';
import type { AppKeyItem } from './app-keys-api';

/** The server's bound on a key's name (`POST app/keys {name}`: 1-50 characters). */
export const APP_KEY_NAME_MAX = APP_KEY_LIMITS.nameMax;

export type AppKeyNameProblem = 'nameRequired' | 'nameTooLong';

/**
 * Why a name cannot be sent, or null. Counted in characters as a person sees them (code
 * points), trimmed as it is sent: a name of spaces only is no name.
 */
export function appKeyNameProblem(name: string): AppKeyNameProblem | null {
  const length = [...name.trim()].length;
  if (length === 0) return 'nameRequired';
  return length > APP_KEY_NAME_MAX ? 'nameTooLong' : null;
}

export type AppKeyState = 'live' | 'revoked';

export const appKeyState = (key: Pick<AppKeyItem, 'revoked_at'>): AppKeyState => (key.revoked_at ? 'revoked' : 'live');
