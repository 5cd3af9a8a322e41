/**
 * Registration, password reset and the codes they need. A code is sent only after the image
 * code is solved, and only where it makes sense for its purpose (no "reset" code for an
 * unknown account, no "register" code for a taken one).
 */
import {
  AppError,
  accountKind,
  assertRule,
  checkAccount,
  checkPassword,
  checkUsername,
  ROLES,
  type CodePurpose,
  type RegisterBody,
  type ResetPasswordBody,
  type SendCodeBody,
  type SendCodeData,
  type TokenPair,
  type UiLang,
} from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import type { AccountsDeps, AuthContext } from './deps';
import { consumeCaptcha } from './captcha';
import { codeMessage } from './delivery';
import { hashPassword, decryptPassword } from './password-crypto';
import { endUserSessions, openSession } from './sessions';
import { findSiteRow } from './sites';
import { findUserByAccount, insertUser, normalizeAccount, updateUser } from './users';
import { CODE_TTL_SECONDS, consumeCode, issueCode, RESEND_AFTER_SECONDS, withdrawCode } from './verification-codes';
import { assertSiteUsable, issueTokens } from './auth-service';

export type Channel = 'email' | 'mobile';

async function assertPurposeAllowed(deps: AccountsDeps, account: string, purpose: CodePurpose, ctx: AuthContext | null) {
  const existing = await findUserByAccount(deps.db, account);
  switch (purpose) {
    case 'register':
      if (existing) throw new AppError('ACCOUNT_EXISTS');
      return;
    case 'reset':
      if (!existing) throw new AppError('ACCOUNT_NOT_FOUND');
      return;
    case 'verify':
      // Proves the caller still holds their current account.
      if (!ctx) throw new AppError('UNAUTHORIZED');
      if (normalizeAccount(account) !== ctx.account) throw new AppError('ACCOUNT_NOT_FOUND');
      return;
    case 'update':
      if (!ctx) throw new AppError('UNAUTHORIZED');
      if (normalizeAccount(account) === ctx.account) throw new AppError('ACCOUNT_UNCHANGED');
      if (existing) throw new AppError('ACCOUNT_EXISTS');
      return;
    default: {
      const never: never = purpose;
      throw new Error(`unknown purpose ${String(never)}`);
    }
  }
}

export async function sendCode(
  deps: AccountsDeps,
  channel: Channel,
  body: SendCodeBody,
  ctx: AuthContext | null,
  lang: UiLang,
): Promise<SendCodeData> {
  assertRule(checkAccount(body.account));
  if (accountKind(body.account.trim()) !== channel) throw new AppError('ACCOUNT_INVALID');
  if (!(await consumeCaptcha(deps.db, body.captcha_id, body.captcha_code))) throw new AppError('CAPTCHA_INVALID');
  await assertPurposeAllowed(deps, body.account, body.purpose, ctx);

  const account = normalizeAccount(body.account);
  const code = await issueCode(deps.db, account, body.purpose);
  if (!code) throw new AppError('CODE_TOO_FREQUENT');
  const message = codeMessage(code, lang, CODE_TTL_SECONDS / 60);
  try {
    if (channel === 'email') await deps.mailer.send({ to: account, ...message });
    else await deps.sms.send(account, message.text);
  } catch (err) {
    await withdrawCode(deps.db, account, body.purpose);
    deps.log(`code delivery to ${account} failed: ${(err as Error).message}`);
    throw new AppError('SERVER_ERROR', 'the code could not be delivered');
  }
  return { resend_after_s: RESEND_AFTER_SECONDS };
}

export async function register(deps: AccountsDeps, body: RegisterBody): Promise<TokenPair> {
  assertRule(checkAccount(body.account));
  assertRule(checkUsername(body.username));
  // Registering is agreeing the current terms (the web app shows them first); only an explicit no stops it.
  if (body.agree_terms === false) throw new AppError('TERMS_NOT_AGREED');
  const password = decryptPassword(deps.keys, body.password);
  assertRule(checkPassword(password));

  const site = await findSiteRow(deps.db, body.site_code ? { code: body.site_code } : {});
  if (!site) throw new AppError('SITE_NOT_FOUND');
  if (!site.is_main && !site.allow_register) throw new AppError('NO_PERMISSION');
  await assertSiteUsable(deps, site.site_id);
  if (await findUserByAccount(deps.db, body.account)) throw new AppError('ACCOUNT_EXISTS');
  if (!(await consumeCode(deps.db, normalizeAccount(body.account), 'register', body.code))) throw new AppError('CODE_INVALID');

  const passwordHash = await hashPassword(password);
  const { userId, sessionId } = await inTransaction(deps.db, async (client) => {
    const id = await insertUser(client, {
      account: body.account,
      username: body.username,
      passwordHash,
      role: ROLES.NORMAL,
      siteId: site.site_id,
      agreedTerms: true,
    });
    if (id === null) throw new AppError('ACCOUNT_EXISTS');
    return { userId: id, sessionId: await openSession(client, id, site.site_id) };
  });
  return issueTokens(deps, userId, sessionId);
}

export async function resetPassword(deps: AccountsDeps, body: ResetPasswordBody): Promise<void> {
  assertRule(checkAccount(body.account));
  const password = decryptPassword(deps.keys, body.password);
  assertRule(checkPassword(password));
  const user = await findUserByAccount(deps.db, body.account);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  if (!(await consumeCode(deps.db, user.account, 'reset', body.code))) throw new AppError('CODE_INVALID');
  const passwordHash = await hashPassword(password);
  await inTransaction(deps.db, async (client) => {
    await updateUser(client, user.user_id, { password_hash: passwordHash });
    // Whoever knew the old password is logged out.
    await endUserSessions(client, user.user_id, 'password');
  });
}
