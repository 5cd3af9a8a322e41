/**
 * The accounts service: users, sites, sessions, codes and permissions. `createAccounts` loads
 * the keys it needs once; the flows are plain functions over its deps.
 */
import type { Db } from '@mtp/platform';
import { DevLogMailer, DevLogSmsProvider, SmtpMailer, type Log, type Mailer, type SmsProvider } from './delivery';
import type { AccountsDeps } from './deps';
import { loadPasswordKeys, makeStandInPasswordHash } from './password-crypto';
import { DEFAULT_TOKEN_SETTINGS, TokenIssuer, type TokenSettings } from './tokens';
import { captchaFontFamilies } from './captcha-image';

export type AccountsOptions = {
  db: Db;
  log: Log;
  smtpUrl?: string;
  mailFrom?: string;
  /** Token signing secret (JWT_SECRET / JWT_SECRET_FILE); absent: made once, kept in settings. */
  jwtSecret?: string;
  /** PEM of the password-encryption key (RSA_PRIVATE_KEY / _FILE); absent: made once, kept in settings. */
  rsaPrivateKey?: string;
  tokenSettings?: Partial<TokenSettings>;
  sms?: SmsProvider;
  mailer?: Mailer;
};

export async function createAccounts(opts: AccountsOptions): Promise<AccountsDeps> {
  const settings = { ...DEFAULT_TOKEN_SETTINGS, ...opts.tokenSettings };
  const [keys, tokens, dummyPasswordHash] = await Promise.all([
    loadPasswordKeys(opts.db, opts.rsaPrivateKey),
    TokenIssuer.load(opts.db, settings, opts.jwtSecret),
    makeStandInPasswordHash(),
  ]);
  const mailer =
    opts.mailer ??
    (opts.smtpUrl ? new SmtpMailer(opts.smtpUrl, opts.mailFrom ?? 'MT Platform <no-reply@localhost>') : new DevLogMailer(opts.log));
  if (captchaFontFamilies().length === 0)
    opts.log('no fonts found: image codes cannot be drawn (install fonts-dejavu or fonts-liberation)');
  return { db: opts.db, keys, tokens, dummyPasswordHash, mailer, sms: opts.sms ?? new DevLogSmsProvider(opts.log), log: opts.log };
}

export type { AccountsDeps, AuthContext } from './deps';
export * from './auth-service';
export * from './registration-service';
export * from './profile-service';
export * from './admin-service';
export { createCaptcha } from './captcha';
export { accountsMigrations } from './migrations';
export { secretSetting } from './secret-settings';
export {
  createSite,
  updateSite,
  listSites,
  resolveSite,
  siteById,
  saveLogo,
  readLogo,
  LOGO_MIME_TYPES,
  MAIN_SITE_CODE,
  type LogoKind,
} from './sites';
export { findUserByAccount } from './users';
export { currentTermsVersion, publishTermsVersion } from './terms';
export { DevLogMailer, DevLogSmsProvider, SmtpMailer } from './delivery';
export * from './messages/index';
export {
  actorOf,
  recordAction,
  recordSignIn,
  type ActionEntry,
  type LogActor,
  type LogQueryable,
  type RequestOrigin,
} from './system-log/record';
export * from './enterprises/index';
export { listSystemLog, exportSystemLogCsv, SYSTEM_LOG_EXPORT_MAX_ROWS } from './system-log/search';
export { deleteExpiredSystemLog } from './system-log/retention';
export * from './user-admin/index';
export { summarizeUsers, type UserSummary } from './user-summary';
export * from './content/index';
export * from './app-keys/index';
export { signInsBetween, newUsersBetween, usersByIds, firstUserAt, type SignIns, type UserLabel } from './daily-facts';
