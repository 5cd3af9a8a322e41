/**
 * Signing in and staying signed in. An API key (`<app_id>:<app_secret>`, from the web app's API
 * keys page) is traded for a native-API token (`open/token`, 2 h by default; a new one retires
 * the old). A login is the web app's own: the password encrypted under `user/get_public_key`,
 * then `user/login`, answering a 30-minute access token and a rotating refresh token.
 *
 * Renewal (`renewSession`) mutates the session it is given, so a caller that stores sessions
 * saves it again after a call: a key session signs in again with its kept `auth`; a login
 * session trades its refresh token (`user/refresh_token`), and only where that fails and the
 * caller kept the password in `auth`, logs in again. `storableSession` drops a password.
 */
import { callApi, ClientError, normalizeServer, type UiLang } from './calls';
import { encryptPassword } from './password';

export type ClientAuth = { kind: 'key'; apiKey: string } | { kind: 'login'; account: string; password: string };

export type ClientSession = {
  server: string;
  kind: 'key' | 'login';
  token: string;
  /** A login session's refresh token (rotates on each use). */
  refreshToken?: string;
  /** Kept by the caller for a transparent sign-in when the token dies; never store a password. */
  auth?: ClientAuth;
};

/** Codes after which signing in again may help (10006/10007 native; 40100/40300 the site's). */
export const RENEWABLE_CODES: ReadonlySet<number> = new Set([10006, 10007, 40100, 40300]);

/** `ClientError` 10001 for a key that is not `<app_id>:<app_secret>`: the server's own code for it. */
function splitKey(apiKey: string): { app_id: string; app_secret: string } {
  const trimmed = apiKey.trim();
  const colon = trimmed.indexOf(':');
  return colon < 0 ? { app_id: trimmed, app_secret: '' } : { app_id: trimmed.slice(0, colon), app_secret: trimmed.slice(colon + 1) };
}

type TokenPair = { access_token: string; refresh_token: string; expires_in: number };

/** Signs in with a key or a login and answers the session (with `auth`, for renewal in memory). */
export async function signIn(server: string, auth: ClientAuth, fetchFn?: typeof fetch, uiLang?: UiLang): Promise<ClientSession> {
  const base = normalizeServer(server, uiLang);
  if (auth.kind === 'key') {
    // A missing half goes to the server as it is: it answers 10001 in the user's language.
    const data = await callApi<{ token: string }>(base, 'open/token', { body: splitKey(auth.apiKey), fetchFn, uiLang });
    return { server: base, kind: 'key', token: data.token, auth };
  }
  const { public_key } = await callApi<{ public_key: string }>(base, 'user/get_public_key', { fetchFn, uiLang });
  const password = await encryptPassword(public_key, auth.password, uiLang);
  const pair = await callApi<TokenPair>(base, 'user/login', { body: { account: auth.account.trim(), password }, fetchFn, uiLang });
  return { server: base, kind: 'login', token: pair.access_token, refreshToken: pair.refresh_token, auth };
}

/** The session without a password: what may be written to storage. */
export function storableSession(session: ClientSession): ClientSession {
  const { auth, ...rest } = session;
  return auth?.kind === 'key' ? { ...rest, auth } : rest;
}

/**
 * Gives the session a fresh token in place after `failure`; false where nothing could be done
 * (the caller then reports the original failure).
 */
export async function renewSession(
  session: ClientSession,
  failure: ClientError,
  fetchFn?: typeof fetch,
  uiLang?: UiLang,
): Promise<boolean> {
  if (!RENEWABLE_CODES.has(failure.code)) return false;
  // An expired login (40100) first tries its refresh token; a replaced one (40300) cannot.
  if (session.kind === 'login' && failure.code === 40100 && session.refreshToken) {
    try {
      const pair = await callApi<TokenPair>(session.server, 'user/refresh_token', { token: session.refreshToken, fetchFn, uiLang });
      session.token = pair.access_token;
      session.refreshToken = pair.refresh_token;
      return true;
    } catch (err) {
      if (!(err instanceof ClientError)) throw err;
    }
  }
  if (!session.auth || session.auth.kind !== session.kind) return false;
  const fresh = await signIn(session.server, session.auth, fetchFn, uiLang);
  session.token = fresh.token;
  if (fresh.refreshToken !== undefined) session.refreshToken = fresh.refreshToken;
  return true;
}
