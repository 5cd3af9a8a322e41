/**
 * The character figures of the admin home page: characters charged (settled reservations, the
 * ledger's actual use) since the start of today and of this month. `siteId` confines them to
 * one site's users (a manager's); null counts everyone, visitors' trial translations included.
 */
import type { Db } from '@mtp/platform';

export type UsageSummary = { charsToday: number; charsMonth: number };

export async function summarizeUsage(db: Db, opts: { siteId: number | null; dayStart: Date; monthStart: Date }): Promise<UsageSummary> {
  const { rows } = await db.query<{ today: string; month: string }>(
    `SELECT COALESCE(sum(r.chars_charged) FILTER (WHERE r.finished_at >= $2), 0)::text AS today,
            COALESCE(sum(r.chars_charged), 0)::text AS month
     FROM quota_reservations r LEFT JOIN users u ON u.user_id = r.user_id
     WHERE r.state = 'settled' AND r.finished_at >= LEAST($2::timestamptz, $3::timestamptz)
       AND ($1::int IS NULL OR u.site_id = $1)`,
    [opts.siteId, opts.dayStart, opts.monthStart],
  );
  // bigint sums come back as text; a month of one platform stays far below 2^53.
  return { charsToday: Number(rows[0]!.today), charsMonth: Number(rows[0]!.month) };
}
