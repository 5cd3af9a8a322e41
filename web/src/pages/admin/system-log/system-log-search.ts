/**
 * The system log screen's place in the URL (`?actor=&action=&target=&from=&to=&page=`), validated
 * like the other tables (a bad value falls back to "any", defaults are left out), and the pure
 * rules of showing a line: which fields a change touched, each value as short readable text.
 */
import type { SystemLogFilter, SystemLogQuery } from '@mtp/proto';
import { validateTableSearch } from '../../../routes/table-search';

export type SystemLogSearch = { actor?: string; action?: string; target?: string; from?: string; to?: string; page?: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The server's limits of the text filters (proto/src/system-log.ts). */
const LIMITS = { actor: 120, action: 60, target: 120 } as const;

function dateOf(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

// The router parses search values as JSON, so `?target=42` arrives as the number 42.
function textOf(value: unknown, max: number): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const trimmed = text.trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
}

export function validateSystemLogSearch(search: Record<string, unknown>): SystemLogSearch {
  return {
    actor: textOf(search.actor, LIMITS.actor),
    action: textOf(search.action, LIMITS.action),
    target: textOf(search.target, LIMITS.target),
    from: dateOf(search.from),
    to: dateOf(search.to),
    page: validateTableSearch(search).page,
  };
}

/** The filter alone (what the export takes). */
export function systemLogFilterOf(search: SystemLogSearch): SystemLogFilter {
  const filter: SystemLogFilter = {};
  for (const key of ['actor', 'action', 'target', 'from', 'to'] as const) if (search[key]) filter[key] = search[key];
  return filter;
}

/** The list call's query for a place of the table. */
export function systemLogQueryOf(search: SystemLogSearch): SystemLogQuery {
  return { page: search.page ?? 1, ...systemLogFilterOf(search) };
}

/** One value as a person reads it: no value as a dash, text as it is, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export type ChangeRow = { field: string; before: string; after: string };

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * A line's before/after as one row per field: the fields of either side, in the order they were
 * written. A side that is not an object (a plain value) is one row named "value".
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  if (before == null && after == null) return [];
  const b = asRecord(before);
  const a = asRecord(after);
  if ((before != null && !b) || (after != null && !a)) return [{ field: 'value', before: valueText(before), after: valueText(after) }];
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields.map((field) => ({
    field,
    before: b ? valueText(b[field]) : '—',
    after: a ? valueText(a[field]) : '—',
  }));
}
