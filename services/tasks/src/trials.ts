/**
 * Free-plan trials of document, web and picture translation (spec section 6: 3 each). Paid
 * plans have none (unlimited); staff (administrators and managers) are not counted. A trial is
 * taken in the caller's transaction, so a refused or failed submit does not use one.
 */
import { AppError, PLAN_ENTITLEMENTS, ROLES, type PlanCode } from '@mtp/proto';
import type { inTransaction } from '@mtp/platform';

type Queryable = Parameters<Parameters<typeof inTransaction>[1]>[0];

export type TrialFeature = 'document' | 'web' | 'picture';

/** Who submits: the plan comes from billing (`remaining().plan_code`). */
export type TrialSubject = { userId: number; role: number; plan: PlanCode };

/** Takes one trial when the subject's plan counts them; answers whether one was taken. */
export async function takeTrial(q: Queryable, subject: TrialSubject, feature: TrialFeature): Promise<boolean> {
  const allowed = PLAN_ENTITLEMENTS[subject.plan].trials;
  if (allowed === null || subject.role !== ROLES.NORMAL) return false;
  const { rows } = await q.query<{ used: number }>(
    `INSERT INTO feature_trials (user_id, feature, used) VALUES ($1, $2, 1)
     ON CONFLICT (user_id, feature) DO UPDATE SET used = feature_trials.used + 1
     RETURNING used`,
    [subject.userId, feature],
  );
  if (rows[0]!.used > allowed) {
    throw new AppError(
      'PLAN_LIMIT',
      `the ${subject.plan} plan includes ${allowed} ${feature} translation trials; please upgrade your plan`,
    );
  }
  return true;
}

/** Gives a trial back (a submission that ended without anything translated, through no fault of the user's plan). */
export async function giveTrialBack(q: Pick<Queryable, 'query'>, userId: number, feature: TrialFeature): Promise<void> {
  await q.query('UPDATE feature_trials SET used = used - 1 WHERE user_id = $1 AND feature = $2 AND used > 0', [userId, feature]);
}
