/**
 * The service worker's one job for the pages: translate texts with the stored settings and
 * session through @mtp/client (a service-worker fetch with host permissions is not held by the
 * page's CORS). A key signs in by itself when it has no session; a login session whose sign-in
 * ended is dropped and the user is sent back to the options page. Every failure becomes a
 * message in the browser's language: the server's own message where it gave one.
 */
import { ClientError, signIn, translateTexts, type ClientSession } from '@mtp/client';
import { t, uiLang } from '../shared/i18n';
import type { TranslateAnswer } from '../shared/messages';
import { loadSession, loadSettings, saveSession, validServerUrl, type Settings } from '../shared/settings';

/** "Source and target are the same": the site's (40016) and the API's (10016) code. */
const SAME_LANGUAGE_CODES = new Set([40016, 10016]);

/** A login that ended (expired past refreshing, or replaced by a login elsewhere). */
const ENDED_LOGIN_CODES = new Set([40100, 40300]);

class NotReady extends Error {}

async function sessionFor(settings: Settings, server: string): Promise<ClientSession> {
  const stored = await loadSession();
  if (stored && stored.server === server && stored.kind === settings.authKind) return stored;
  if (settings.authKind === 'key' && settings.apiKey.trim() !== '') {
    const session = await signIn(server, { kind: 'key', apiKey: settings.apiKey }, undefined, uiLang());
    await saveSession(session);
    return session;
  }
  throw new NotReady(t('errNotSignedIn'));
}

export async function translateForPage(texts: string[]): Promise<TranslateAnswer> {
  const settings = await loadSettings();
  const server = validServerUrl(settings.server);
  if (!server) return { ok: false, message: t('errNoServer') };
  let session: ClientSession | null = null;
  try {
    session = await sessionFor(settings, server);
    const before = { token: session.token, refresh: session.refreshToken };
    const out = await translateTexts(session, texts, settings.src, settings.tgt, { uiLang: uiLang() });
    // translateTexts renews the token in place; the next call must start from the new one.
    if (session.token !== before.token || session.refreshToken !== before.refresh) await saveSession(session);
    return { ok: true, texts: out };
  } catch (err) {
    if (err instanceof NotReady) return { ok: false, message: err.message };
    if (err instanceof ClientError) {
      // The server's wording ("select the same source language") reads oddly for a page that is
      // simply already in the language asked for: say that, and where to change it.
      if (SAME_LANGUAGE_CODES.has(err.code)) return { ok: false, message: t('errSameLanguage') };
      if (session?.kind === 'login' && ENDED_LOGIN_CODES.has(err.code)) {
        await saveSession(null);
        return { ok: false, message: t('errSessionEnded', err.message) };
      }
      // A key whose token cannot be renewed (revoked, wrong): forget the session, keep the key.
      if (session?.kind === 'key' && (err.code === 10006 || err.code === 10007 || err.code === 10003)) await saveSession(null);
      return { ok: false, message: err.message };
    }
    console.error('mtp: translation failed', err);
    return { ok: false, message: t('errUnknown') };
  }
}
