/**
 * Login, tokens and logout. The order of checks in `login` decides which code a caller sees:
 * shape first, then the terms, then the account, the password, the activation, the site.
 */
import { AppError, assertRule, checkAccount, type LoginBody, type TokenPair } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import type { AccountsDeps, AuthContext } from './deps';
import { decryptPassword, verifyPassword } from './password-crypto';
import { endSession, findSession, openSession } from './sessions';
import { findSiteRow, isSiteDisabled, MAIN_SITE_CODE } from './sites';
import { findUserByAccount, findUserById } from './users';
import { ROLES } from '@mtp/proto';

export async function issueTokens(deps: AccountsDeps, userId: number, sessionId: string): Promise<TokenPair> {
  const [access_token, refresh_token] = await Promise.all([
    deps.tokens.sign({ userId, sessionId, kind: 'access' }),
    deps.tokens.sign({ userId, sessionId, kind: 'refresh' }),
  ]);
  return { access_token, refresh_token, expires_in: deps.tokens.settings.accessTtlSeconds };
}

/** Fails with 41007 or "site not activated" when the site may not be used now. */
export async function assertSiteUsable(deps: AccountsDeps, siteId: number): Promise<void> {
  const site = await findSiteRow(deps.db, { id: siteId });
  if (!site) throw new AppError('SITE_NOT_FOUND');
  if (isSiteDisabled(site)) throw new AppError('SITE_DISABLED');
  if (!site.is_login) throw new AppError('SITE_NOT_ACTIVATED');
}

export async function login(deps: AccountsDeps, body: LoginBody): Promise<TokenPair> {
  assertRule(checkAccount(body.account));
  if (!body.agree_terms) throw new AppError('TERMS_NOT_AGREED');
  const password = decryptPassword(deps.keys, body.password);

  const user = await findUserByAccount(deps.db, body.account);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  if (body.site_code && body.site_code !== MAIN_SITE_CODE) {
    const site = await findSiteRow(deps.db, { code: body.site_code });
    if (!site) throw new AppError('SITE_NOT_FOUND');
    // A site's login page admits its own users; the main site's administrators may enter any.
    const mainAdmin = user.role === ROLES.ADMIN && (await findSiteRow(deps.db, {}))?.site_id === user.site_id;
    if (site.site_id !== user.site_id && !mainAdmin) throw new AppError('ACCOUNT_NOT_FOUND');
  }
  if (!user.password_hash || !(await verifyPassword(user.password_hash, password))) throw new AppError('PASSWORD_WRONG');
  if (!user.activated) throw new AppError('ACCOUNT_DEACTIVATED');
  await assertSiteUsable(deps, user.site_id);

  const sessionId = await inTransaction(deps.db, async (client) => {
    // Serialise logins of one account so two at once still leave exactly one live session.
    await client.query('SELECT 1 FROM users WHERE user_id = $1 FOR UPDATE', [user.user_id]);
    return openSession(client, user.user_id, user.site_id);
  });
  return issueTokens(deps, user.user_id, sessionId);
}

/** Maps a session's state to the HTTP-status code the client reacts to. */
function assertLive(session: { endedReason: string | null } | null): asserts session is { endedReason: string | null } {
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
};

/** Every authenticated call runs this, so the session, user and site come in one query. */
export async function authenticate(deps: AccountsDeps, accessToken: string): Promise<AuthContext> {
  const verdict = await deps.tokens.verify(accessToken, 'access');
  if (!verdict.ok) throw new AppError('UNAUTHORIZED');
  const { rows } = await deps.db.query<AuthRow>(
    `SELECT s.session_id, s.end_reason, u.user_id, u.role, u.site_id, u.account, u.activated, st.account_status, st.expires_at
     FROM sessions s JOIN users u ON u.user_id = s.user_id JOIN sites st ON st.site_id = u.site_id
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

export async function refreshAccessToken(deps: AccountsDeps, refreshToken: string): Promise<{ access_token: string; expires_in: number }> {
  const verdict = await deps.tokens.verify(refreshToken, 'refresh');
  if (!verdict.ok) throw new AppError('UNAUTHORIZED');
  const session = await findSession(deps.db, verdict.claims.sessionId);
  assertLive(session);
  const user = await findUserById(deps.db, session.userId);
  if (!user || !user.activated) throw new AppError('UNAUTHORIZED');
  const access_token = await deps.tokens.sign({ userId: user.user_id, sessionId: session.sessionId, kind: 'access' });
  return { access_token, expires_in: deps.tokens.settings.accessTtlSeconds };
}

export async function logout(deps: AccountsDeps, ctx: AuthContext): Promise<void> {
  await endSession(deps.db, ctx.sessionId, 'logout');
}
