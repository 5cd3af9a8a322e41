/**
 * The before/after of a log line: a row as JSON, read in the change's transaction, and only the
 * fields that changed, so a line says "account_status 1 → 0" instead of two copies of a site.
 */
import type { LogQueryable } from './record';

/** The site's row as JSON (every column but the id, so new columns are logged too), locked. */
export async function lockedSiteRow(q: LogQueryable, siteId: number): Promise<Record<string, unknown> | null> {
  const { rows } = await q.query<{ row: Record<string, unknown> }>(
    `SELECT to_jsonb(s) - 'site_id' AS row FROM sites s WHERE site_id = $1 FOR UPDATE`,
    [siteId],
  );
  return rows[0]?.row ?? null;
}

/** The fields whose values differ, as two objects of the same keys (both empty when none do). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return { before: was, after: is };
}
