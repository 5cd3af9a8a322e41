/**
 * Login, tokens and logout. The order of checks in `login` decides which code a caller sees:
 * shape first, then the account, the password, the activation, the site, and last the terms
 * (only the account's owner learns that new terms wait for them; terms.ts).
 * Refresh tokens rotate: each is exchanged once, for a new pair; a retired one coming back ends
 * the session as stolen.
 */
import { AppError, assertRule, checkAccount, type LoginBody, type TokenPair } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '@mtp/platform';
import type { AccountsDeps, AuthContext } from './deps';
import { decryptPassword, verifyPassword } from './password-crypto';
import { currentRefreshTokenId, endSession, findSession, openSession, recordRefreshToken, rotateRefreshToken } from './sessions';
import { findSiteRow, isSiteDisabled, MAIN_SITE_CODE } from './sites';
import { mustAgreeTerms, recordTermsAgreed } from './terms';
import { findUserByAccount, findUserById, type UserRow } from './users';
import { ROLES } from '@mtp/proto';
import { replaceFirstPassword } from './user-admin/first-password';
import { recordSignIn, type RequestOrigin } from './system-log/record';
import { recordFailedSignIn, signInActor } from './system-log/sign-ins';

async function signPair(deps: AccountsDeps, userId: number, sessionId: string, refreshTokenId: string): Promise<TokenPair> {
  const [access_token, refresh_token] = await Promise.all([
    deps.tokens.sign({ userId, sessionId, kind: 'access' }),
    deps.tokens.sign({ userId, sessionId, kind: 'refresh', tokenId: refreshTokenId }),
  ]);
  return { access_token, refresh_token, expires_in: deps.tokens.settings.accessTtlSeconds };
}

/** A new token pair for the session; its refresh token becomes the only one the session takes. */
export async function issueTokens(deps: AccountsDeps, userId: number, sessionId: string): Promise<TokenPair> {
  const refreshTokenId = randomUUID();
  await recordRefreshToken(deps.db, sessionId, refreshTokenId);
  return signPair(deps, userId, sessionId, refreshTokenId);
}

/**
 * The session's tokens again, without rotating: the refresh token is re-signed with the id of
 * the current one, so the caller's stored refresh token stays valid and the two are one link of
 * the chain (whichever is exchanged first retires the other).
 */
export async function reissueTokens(deps: AccountsDeps, userId: number, sessionId: string): Promise<TokenPair> {
  return signPair(deps, userId, sessionId, await currentRefreshTokenId(deps.db, sessionId, randomUUID()));
}

/** Fails with 41007 or "site not activated" when the site may not be used now. */
export async function assertSiteUsable(deps: AccountsDeps, siteId: number): Promise<void> {
  const site = await findSiteRow(deps.db, { id: siteId });
  if (!site) throw new AppError('SITE_NOT_FOUND');
  if (isSiteDisabled(site)) throw new AppError('SITE_DISABLED');
  if (!site.is_login) throw new AppError('SITE_NOT_ACTIVATED');
}

/** A site's login page admits its own users; the main site's administrators may enter any. */
async function admittedBySite(deps: AccountsDeps, user: UserRow, siteCode: string | undefined): Promise<boolean> {
  if (!siteCode || siteCode === MAIN_SITE_CODE) return true;
  const site = await findSiteRow(deps.db, { code: siteCode });
  if (!site) throw new AppError('SITE_NOT_FOUND');
  if (site.site_id === user.site_id) return true;
  return user.role === ROLES.ADMIN && (await findSiteRow(deps.db, {}))?.site_id === user.site_id;
}

/**
 * Every attempt leaves a system-log line (issue 18): a success in the transaction that opens the
 * session, a failure (any refusal, with its reason) after it. `origin` is the caller's address
 * and user agent, as the gateway saw them.
 */
export async function login(deps: AccountsDeps, body: LoginBody, origin: RequestOrigin = {}): Promise<TokenPair> {
  let user: UserRow | null = null;
  try {
    assertRule(checkAccount(body.account));
    const password = decryptPassword(deps.keys, body.password);

    user = await findUserByAccount(deps.db, body.account);
    // Exactly one argon2 verify on every path, against a stand-in hash where there is no account
    // (or no password): an unknown account must cost as long as a wrong password, or the answer
    // time tells which accounts exist.
    if (!user) {
      await verifyPassword(deps.dummyPasswordHash, password);
      throw new AppError('ACCOUNT_NOT_FOUND');
    }
    const found = user;
    const admitted = await admittedBySite(deps, found, body.site_code);
    const passwordOk = await verifyPassword((admitted && found.password_hash) || deps.dummyPasswordHash, password);
    if (!admitted) throw new AppError('ACCOUNT_NOT_FOUND');
    if (!found.password_hash || !passwordOk) throw new AppError('PASSWORD_WRONG');
    if (!found.activated) throw new AppError('ACCOUNT_DEACTIVATED');
    await assertSiteUsable(deps, found.site_id);
    if (body.agree_terms === true) await recordTermsAgreed(deps.db, found.user_id);
    else if (await mustAgreeTerms(deps.db, found.terms_version)) throw new AppError('TERMS_NOT_AGREED');
    // A pre-activated account's first password was chosen by someone else (user-admin/first-password.ts).
    if (found.must_change_password) await replaceFirstPassword(deps, found, password, body.new_password);

    const sessionId = await inTransaction(deps.db, async (client) => {
      // Serialise logins of one account so two at once still leave exactly one live session.
      await client.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [found.user_id]);
      const id = await openSession(client, found.user_id, found.site_id);
      await recordSignIn(client, signInActor(found, body.account, null, origin), true);
      return id;
    });
    return await issueTokens(deps, found.user_id, sessionId);
  } catch (err) {
    await recordFailedSignIn(deps, { account: body.account, siteCode: body.site_code, user }, origin, err);
    throw err;
  }
}

/** Maps a session's state to the HTTP-status code the client reacts to. */
function assertLive<S extends { endedReason: string | null }>(session: S | null): asserts session is S {
  if (!session) throw new AppError('UNAUTHORIZED');
  if (session.endedReason === 'replaced') throw new AppError('LOGGED_IN_ELSEWHERE');
  if (session.endedReason) throw new AppError('UNAUTHORIZED');
}

type AuthRow = {
  session_id: string;
  end_reason: string | null;
  user_id: number;
  role: number;
  site_id: number;
  account: string;
  activated: boolean;
  account_status: number;
  expires_at: Date | null;
  parent_status: number | null;
  parent_expires_at: Date | null;
};

/** Every authenticated call runs this, so the session, user and site come in one query. */
export async function authenticate(deps: AccountsDeps, accessToken: string): Promise<AuthContext> {
  const verdict = await deps.tokens.verify(accessToken, 'access');
  if (!verdict.ok) throw new AppError('UNAUTHORIZED');
  const { rows } = await deps.db.query<AuthRow>(
    `SELECT s.session_id, s.end_reason, u.user_id, u.role, u.site_id, u.account, u.activated, st.account_status, st.expires_at,
       p.account_status AS parent_status, p.expires_at AS parent_expires_at
     FROM sessions s JOIN users u ON u.user_id = s.user_id JOIN sites st ON st.site_id = u.site_id
       LEFT JOIN sites p ON p.site_id = st.parent_site_id
     WHERE s.session_id = $1`,
    [verdict.claims.sessionId],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHORIZED');
  assertLive({ endedReason: row.end_reason });
  if (!row.activated) throw new AppError('UNAUTHORIZED');
  if (isSiteDisabled(row)) throw new AppError('SITE_DISABLED');
  return { userId: row.user_id, sessionId: row.session_id, role: row.role, siteId: row.site_id, account: row.account };
}

/**
 * Exchanges a refresh token for a new pair. A refresh token that was already exchanged is a copy
 * someone kept: the session ends as 'stolen', so neither the thief's tokens nor the owner's work
 * any more (401) and the owner logs in again. The web app never sends a retired one: it
 * refreshes under a lock shared by its tabs and re-reads the stored token inside it.
 */
export async function refreshTokens(deps: AccountsDeps, refreshToken: string): Promise<TokenPair> {
  const verdict = await deps.tokens.verify(refreshToken, 'refresh');
  if (!verdict.ok) throw new AppError('UNAUTHORIZED');
  const { sessionId, tokenId } = verdict.claims;
  const nextTokenId = randomUUID();
  const rotated = await rotateRefreshToken(deps.db, sessionId, tokenId ?? null, nextTokenId);
  if (!rotated) {
    const session = await findSession(deps.db, sessionId);
    assertLive(session);
    await endSession(deps.db, sessionId, 'stolen');
    deps.log(`a retired refresh token of session ${sessionId} (user ${session.userId}) came back: session ended as stolen`);
    throw new AppError('UNAUTHORIZED');
  }
  const user = await findUserById(deps.db, rotated.userId);
  if (!user || !user.activated) throw new AppError('UNAUTHORIZED');
  // Refreshing is a call of the site's user too: an expired enterprise answers 41007 here as well.
  const site = await findSiteRow(deps.db, { id: user.site_id });
  if (site && isSiteDisabled(site)) throw new AppError('SITE_DISABLED');
  return signPair(deps, user.user_id, sessionId, nextTokenId);
}

export async function logout(deps: AccountsDeps, ctx: AuthContext): Promise<void> {
  await endSession(deps.db, ctx.sessionId, 'logout');
}
