/**
 * Characters charged since the platform began, by kind of work, for the gateway's /metrics. Read
 * from settled reservations (what was actually charged; refunds and open reservations count
 * nothing). Platform-wide: every gateway replica reports the same figure.
 *
 * The kind is what the reservation id tells, read the way the statistics read it (the tasks
 * service names reservations; services/tasks/src/daily-facts.ts lists the shapes):
 * `sync:<pair>:web:<uuid>` web, `sync:<pair>:api:<uuid>` api, other `sync:` ids text,
 * `<project>:pic:...` picture; a bare uuid is an asynchronous text task when `text_tasks` holds it
 * (those rows are kept) and a document file otherwise (document rows go after 24 hours); any other
 * shape counts as text. Looking into `text_tasks` is the one place billing reads a table of the
 * tasks service: the ledger alone cannot tell the two kinds of queued work apart, and one
 * statement keeps the five figures consistent with each other (no figure ever goes down).
 */
import type { Queryable } from './grants';

export const CHARGE_KINDS = ['text', 'document', 'picture', 'web', 'api'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

const UUID_RE = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** Every kind once, 0 where nothing was charged yet. One scan of the reservations table. */
export async function chargedCharsByKind(q: Queryable): Promise<Record<ChargeKind, number>> {
  // The nested CASE casts to uuid only ids that are uuids (CASE branches run in order).
  const { rows } = await q.query<{ kind: ChargeKind; chars: string }>(
    `SELECT CASE
              WHEN r.task_id LIKE 'sync:%:web:%' THEN 'web'
              WHEN r.task_id LIKE 'sync:%:api:%' THEN 'api'
              WHEN r.task_id LIKE 'sync:%' THEN 'text'
              WHEN r.task_id LIKE '%:pic:%' THEN 'picture'
              WHEN r.task_id ~ $1 THEN
                CASE WHEN EXISTS (SELECT 1 FROM text_tasks t WHERE t.task_id = r.task_id::uuid) THEN 'text' ELSE 'document' END
              ELSE 'text'
            END AS kind,
            sum(r.chars_charged)::text AS chars
     FROM quota_reservations r WHERE r.state = 'settled' GROUP BY 1`,
    [UUID_RE],
  );
  const totals: Record<ChargeKind, number> = { text: 0, document: 0, picture: 0, web: 0, api: 0 };
  // bigint sums come back as text; they stay far below 2^53 on any real platform.
  for (const row of rows) totals[row.kind] = Number(row.chars);
  return totals;
}
