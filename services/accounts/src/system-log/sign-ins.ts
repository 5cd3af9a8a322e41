/**
 * Sign-in lines of the system log. A success is written by `login` inside the transaction that
 * opens the session; a failure is written here after the refusal, on its own, and never changes
 * the answer: a log that cannot be written is reported to the service log, and the caller still
 * gets the refusal it earned (not a 500 that would tell it something else happened).
 */
import { AppError } from '@mtp/proto';
import type { AccountsDeps } from '../deps';
import { findSiteRow } from '../sites';
import { recordSignIn, type LogActor, type RequestOrigin } from './record';

type KnownUser = { user_id: number; account: string; site_id: number };

/** The actor of a sign-in: the account's own fields when it exists, else the account as typed. */
export function signInActor(user: KnownUser | null, typedAccount: string, siteId: number | null, origin: RequestOrigin): LogActor {
  return {
    userId: user?.user_id ?? null,
    account: user?.account ?? typedAccount,
    siteId: user?.site_id ?? siteId,
    ip: origin.ip,
    userAgent: origin.userAgent,
  };
}

/**
 * Records a refused login. The line belongs to the account's site; for an account that does not
 * exist, to the site whose login page was used (so its managers see attempts on their page).
 */
export async function recordFailedSignIn(
  deps: AccountsDeps,
  attempt: { account: string; siteCode?: string; user: KnownUser | null },
  origin: RequestOrigin,
  err: unknown,
): Promise<void> {
  const reason = err instanceof AppError ? err.codeName : 'INTERNAL';
  try {
    const page = attempt.user || !attempt.siteCode ? null : await findSiteRow(deps.db, { code: attempt.siteCode });
    await recordSignIn(deps.db, signInActor(attempt.user, attempt.account, page?.site_id ?? null, origin), false, reason);
  } catch (logErr) {
    deps.log(`system log: a failed sign-in of ${attempt.account} was not recorded: ${(logErr as Error).message}`);
  }
}
