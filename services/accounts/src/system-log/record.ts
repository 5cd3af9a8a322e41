/**
 * Writing the system log. Every administrator and manager action calls `recordAction` with the
 * same client (transaction) as the change it records, so the line commits or rolls back with the
 * change; sign-ins call `recordSignIn`. Values are cut to the columns' limits rather than refused:
 * a log line must never make the action it records fail.
 */
import type pg from 'pg';

/** A pool or a transaction's client: the log line goes wherever the change goes. */
export type LogQueryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** Who acted, from where: taken from the request by the gateway. */
export type LogActor = {
  userId: number | null;
  account: string;
  siteId: number | null;
  ip?: string;
  userAgent?: string;
};

/** Where a request came from (the gateway's `req.ip`, which honours TRUST_PROXY, and User-Agent). */
export type RequestOrigin = { ip?: string; userAgent?: string };

/** The signed-in caller as a log actor. */
export function actorOf(ctx: { userId: number; account: string; siteId: number }, origin: RequestOrigin = {}): LogActor {
  return { userId: ctx.userId, account: ctx.account, siteId: ctx.siteId, ip: origin.ip, userAgent: origin.userAgent };
}

export type ActionEntry = {
  /** `<area>.<verb>`: 'user.create', 'user.update', 'site.update', 'permission.grant', ... */
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  /** The site the target belongs to, when it is not the actor's. */
  siteId?: number | null;
};

const cut = (s: string | undefined, n: number) => (s ?? '').slice(0, n);
const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function recordAction(q: LogQueryable, actor: LogActor, entry: ActionEntry): Promise<void> {
  await q.query(
    `INSERT INTO system_log (action, actor_id, actor_account, site_id, target_type, target_id, before, after, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      cut(entry.action, 60),
      actor.userId,
      cut(actor.account, 120),
      entry.siteId === undefined ? actor.siteId : entry.siteId,
      cut(entry.targetType, 40),
      cut(String(entry.targetId), 120),
      json(entry.before),
      json(entry.after),
      cut(actor.ip, 64),
      cut(actor.userAgent, 400),
    ],
  );
}

/**
 * A sign-in attempt: `ok` false for a failure (the account as typed, no password ever), with the
 * error's name as `reason` (`PASSWORD_WRONG`, `ACCOUNT_DEACTIVATED`, ...) so a run of failures
 * reads as guessing or as a locked-out user.
 */
export async function recordSignIn(q: LogQueryable, actor: LogActor, ok: boolean, reason?: string): Promise<void> {
  await recordAction(q, actor, {
    action: ok ? 'sign_in' : 'sign_in_failed',
    targetType: 'user',
    targetId: actor.userId ?? actor.account,
    after: reason === undefined ? undefined : { reason },
  });
}
