/**
 * Rows for the statistics tests, written with SQL into the owning services' own tables: the
 * services' write functions stamp `now()` (a reservation's settle, a sign-in's log line, a payment)
 * and the tests need a month in the past with known instants. Each writer makes the rows those
 * functions would make: a settled reservation as `settle` leaves it, a text task as the result
 * consumer leaves it, a document file with its task, a paid order, a `sign_in` line.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '@mtp/platform';

export const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

export async function insertUser(db: Db, account: string, siteId: number, createdAt: Date, username = account): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, role, site_id, created_at) VALUES ($1, $2, 2, $3, $4) RETURNING user_id`,
    [account, username, siteId, createdAt],
  );
  return rows[0]!.user_id;
}

/** A reservation as `settle` (or `refund`: chars 0) leaves it, finished at `finishedAt`. */
export async function charge(db: Db, taskId: string, userId: number | null, chars: number, finishedAt: Date, refunded = false) {
  await db.query(
    `INSERT INTO quota_reservations (task_id, user_id, anon_key, chars_reserved, chars_charged, state, created_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [
      taskId,
      userId,
      userId === null ? 'ip4:10.9.8.7' : null,
      Math.max(chars, 1),
      refunded ? 0 : chars,
      refunded ? 'refunded' : 'settled',
      finishedAt,
    ],
  );
}

export async function textTask(db: Db, userId: number, pair: [string, string], chars: number, status: 'done' | 'failed', finishedAt: Date) {
  const taskId = randomUUID();
  await db.query(
    `INSERT INTO text_tasks (task_id, user_id, src_lang, tgt_lang, domain, segments, truncated, chars, status, created_at, finished_at, ledger_done)
     VALUES ($1, $2, $3, $4, 'general', '["x"]', false, $5, $6, $7, $7, true)`,
    [taskId, userId, pair[0], pair[1], chars, status, finishedAt],
  );
  await charge(db, taskId, userId, chars, finishedAt, status === 'failed');
  return taskId;
}

/** A document task of one file, ended with `status`; answers the file's project id. */
export async function docFile(
  db: Db,
  userId: number,
  pair: [string, string],
  chars: number,
  status: 'done' | 'failed' | 'interrupted',
  finishedAt: Date,
  via: 'api' | null = null,
): Promise<string> {
  const taskId = randomUUID();
  const projectId = randomUUID();
  await db.query(
    `INSERT INTO doc_tasks (task_id, user_id, src_lang, tgt_lang, domain, mode, translate_pictures, status, created_at, expires_at, via)
     VALUES ($1, $2, $3, $4, 'general', 0, true, 'done', $5, $5::timestamptz + interval '1 day', $6)`,
    [taskId, userId, pair[0], pair[1], finishedAt, via],
  );
  await db.query(
    `INSERT INTO doc_files (project_id, task_id, position, file_name, ext, bytes, status, chars, source_key, created_at, finished_at, ledger_done)
     VALUES ($1, $2, 0, 'a.docx', 'docx', 100, $3, $4, 'k', $5, $5, true)`,
    [projectId, taskId, status, chars, finishedAt],
  );
  await charge(db, projectId, userId, chars, finishedAt, status !== 'done');
  return projectId;
}

/** An order of `sku` at its catalogue price; paid at `paidAt`, or left unpaid (null). */
export async function order(db: Db, userId: number, sku: string, paidAt: Date | null): Promise<number> {
  const { rows } = await db.query<{ price_cents: number }>(
    `INSERT INTO orders (tid, user_id, sku_id, sku_code, goods_type, price_cents, quota_chars, provider, pay_status, created_at, paid_at)
     SELECT $1, $2, sku_id, code, goods_type, price_cents, quota_chars, 'sandbox', $3, COALESCE($4, now()), $4 FROM goods_skus WHERE code = $5
     RETURNING price_cents`,
    [randomBytes(16).toString('hex'), userId, paidAt ? 2 : 0, paidAt, sku],
  );
  return rows[0]!.price_cents;
}

export async function signIn(db: Db, userId: number, siteId: number, when: Date) {
  await db.query(
    `INSERT INTO system_log (at, action, actor_id, actor_account, site_id, target_type, target_id) VALUES ($1, 'sign_in', $2, '', $3, 'user', $4)`,
    [when, userId, siteId, String(userId)],
  );
}
