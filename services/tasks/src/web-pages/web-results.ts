/**
 * The ledger side of a web page: `web.charge` reserves the page's characters under the task id
 * (once for the whole page, whatever the number of chunks: a redelivered job asking again is
 * granted what is already reserved), `web.results` records each chunk's progress, settles the
 * reservation when the page is done, and a failure refunds all of it and gives a free user's
 * trial back. Decision: a failure after the first screen was translated still refunds
 * everything and deletes the partial page (it is no longer served): an error never costs
 * anything, as for documents and API calls, and a half-translated page is not what was asked.
 */
import { consumeJobsOf, serveRequestsOf, type BusSubscription, type JobConsumer } from '@mtp/platform';
import { AppError, BUS, CODES, type WebChargeReply, type WebChargeRequest, type WebFailureCode, type WebTranslateDone } from '@mtp/proto';
import { payerOf } from '../documents/doc-deps';
import { giveTrialBack } from '../trials';
import { webPagePrefix, type WebDeps } from './web-create';

type TaskRow = { user_id: number; via: 'api' | null; status: string; chars: number; trial: boolean };

async function taskRow(deps: Pick<WebDeps, 'db'>, taskId: string): Promise<TaskRow | undefined> {
  const { rows } = await deps.db.query<TaskRow>('SELECT user_id, via, status, chars, trial FROM web_tasks WHERE task_id::text = $1', [
    taskId,
  ]);
  return rows[0];
}

export async function chargeWebPage(deps: WebDeps, req: WebChargeRequest): Promise<WebChargeReply> {
  const row = await taskRow(deps, req.task_id);
  if (!row || row.status !== 'working') return { granted: false };
  if (row.chars > 0) return { granted: true };
  try {
    await deps.quota.reserve(payerOf(row), req.task_id, req.chars);
  } catch (err) {
    if (err instanceof AppError && err.codeName === 'CHARS_NOT_ENOUGH') return { granted: false };
    throw err;
  }
  await deps.db.query('UPDATE web_tasks SET chars = $2 WHERE task_id::text = $1', [req.task_id, req.chars]);
  return { granted: true };
}

/** Ends a working task as failed: its reservation refunded, a trial given back. False when it had ended. */
export async function failWebTask(deps: WebDeps, taskId: string, code: WebFailureCode, detail: string): Promise<boolean> {
  const row = await taskRow(deps, taskId);
  if (!row || row.status !== 'working') return false;
  if (row.chars > 0) {
    await deps.quota.refund(taskId).catch((err: unknown) => {
      if (!(err instanceof AppError && err.codeName === 'NOT_FOUND')) throw err;
    });
  }
  if (row.trial) await giveTrialBack(deps.db, row.user_id, 'web');
  const { rowCount } = await deps.db.query(
    `UPDATE web_tasks SET status = 'failed', code = $2, message = $3, finished_at = now()
     WHERE task_id::text = $1 AND status = 'working'`,
    [taskId, CODES[code].code, detail.slice(0, 2000)],
  );
  // The partial page (and the original) serve nothing now: a failed task is not shown.
  await deps.storage.deletePrefix(webPagePrefix(taskId));
  return !!rowCount;
}

/** A chunk done: progress only grows (results may arrive out of order), and only on a working task. */
async function recordProgress(deps: Pick<WebDeps, 'db'>, p: Extract<WebTranslateDone, { kind: 'web.progress' }>): Promise<void> {
  await deps.db.query(
    `UPDATE web_tasks SET units_done = GREATEST(units_done, $2), units_total = $3,
       partial_at = CASE WHEN $4 THEN coalesce(partial_at, now()) ELSE partial_at END
     WHERE task_id::text = $1 AND status = 'working'`,
    [p.task_id, Math.min(p.done, p.total), p.total, p.partial],
  );
}

export async function onWebResult(deps: WebDeps, result: WebTranslateDone): Promise<void> {
  if (result.kind === 'web.progress') return recordProgress(deps, result);
  if (result.kind === 'web.failed') {
    deps.log(`web page ${result.task_id} failed: ${result.detail}`);
    await failWebTask(deps, result.task_id, result.code, result.detail);
    return;
  }
  const row = await taskRow(deps, result.task_id);
  if (!row || row.status !== 'working') return;
  await deps.quota.settle(result.task_id, row.chars);
  await deps.db.query(
    `UPDATE web_tasks SET status = 'done', final_url = $2, units_done = units_total, finished_at = now()
     WHERE task_id::text = $1 AND status = 'working'`,
    [result.task_id, result.final_url],
  );
}

export async function startWebPageRuntime(deps: WebDeps): Promise<{ stop(): Promise<void> }> {
  const charges: BusSubscription = await serveRequestsOf(deps.bus, BUS.webCharge, (req) => chargeWebPage(deps, req));
  const results: JobConsumer = await consumeJobsOf(deps.bus, BUS.webResults, (job) => onWebResult(deps, job.payload), { concurrency: 2 });
  return {
    stop: async () => {
      await charges.unsubscribe();
      await results.stop();
    },
  };
}
