/**
 * What the plug-in keeps in `chrome.storage.local` (README "What is stored"): the settings of the
 * options page and the session of the last sign-in. A login's password is never written: the
 * session keeps only the tokens the server gave (`storableSession`). An API key is kept, so a
 * key session can sign in again by itself when its token expires.
 */
import { storableSession, type ClientSession } from '@mtp/client';

export type AuthKind = 'key' | 'login';

export type Settings = {
  server: string;
  src: string;
  tgt: string;
  authKind: AuthKind;
  apiKey: string;
  /** The account of the last login, shown on the options page (not a secret). */
  account: string;
  screenWord: boolean;
};

export const DEFAULT_SETTINGS: Settings = {
  server: '',
  src: 'auto',
  tgt: 'en-us',
  authKind: 'key',
  apiKey: '',
  account: '',
  screenWord: true,
};

/** The first default target: the browser's language where the platform has it. */
export function defaultTarget(browserLanguage: string): string {
  return /^zh/i.test(browserLanguage) ? 'zh-cn' : 'en-us';
}

/** `https://host[:port][/path]` without a trailing slash, or null for anything but http(s). */
export function validServerUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Stored values of the wrong type (an old version's, a hand edit) fall back to the defaults. */
export function withDefaults(stored: Record<string, unknown>, browserLanguage: string): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS, tgt: defaultTarget(browserLanguage) };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) (out as Record<keyof Settings, unknown>)[key] = value;
  }
  if (out.authKind !== 'key' && out.authKind !== 'login') out.authKind = 'key';
  return out;
}

export async function loadSettings(): Promise<Settings> {
  const { settings } = await chrome.storage.local.get('settings');
  return withDefaults((settings ?? {}) as Record<string, unknown>, chrome.i18n.getUILanguage());
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set({ settings });
}

export async function loadSession(): Promise<ClientSession | null> {
  const { session } = await chrome.storage.local.get('session');
  const s = session as ClientSession | undefined;
  return s && typeof s.token === 'string' && typeof s.server === 'string' ? s : null;
}

export async function saveSession(session: ClientSession | null): Promise<void> {
  if (session) await chrome.storage.local.set({ session: storableSession(session) });
  else await chrome.storage.local.remove('session');
}
