import type { Db } from '@mtp/platform';
import type { Mailer, SmsProvider, Log } from './delivery';
import type { PasswordKeys } from './password-crypto';
import type { TokenIssuer } from './tokens';

/** What the accounts flows need; built once at start by `createAccounts`. */
export type AccountsDeps = {
  db: Db;
  keys: PasswordKeys;
  /** What login verifies against when the account does not exist (see makeStandInPasswordHash). */
  dummyPasswordHash: string;
  tokens: TokenIssuer;
  mailer: Mailer;
  sms: SmsProvider;
  log: Log;
};

/** Who is calling: resolved from a live access token by `authenticate`. */
export type AuthContext = {
  userId: number;
  sessionId: string;
  role: number;
  siteId: number;
  account: string;
};
