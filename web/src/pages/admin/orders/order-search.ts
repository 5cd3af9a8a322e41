/**
 * The order management table's place in the URL (`?keyword=&pay_status=2&from=2026-01-01&to=&page=`),
 * validated like the other tables: a bad value falls back to "any", defaults are left out.
 * Also the admin's price input: yuan with at most two decimals, sent as cents.
 */
import type { AdminOrdersQuery, PayStatus } from '@mtp/proto';
import { validateTableSearch } from '../../../routes/table-search';

export type OrderSearch = { keyword?: string; pay_status?: PayStatus; from?: string; to?: string; page?: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateOf(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

function payStatusOf(value: unknown): PayStatus | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return n === 0 || n === 1 || n === 2 || n === 3 ? n : undefined;
}

export function validateOrderSearch(search: Record<string, unknown>): OrderSearch {
  const { page, keyword } = validateTableSearch(search);
  return { keyword, pay_status: payStatusOf(search.pay_status), from: dateOf(search.from), to: dateOf(search.to), page };
}

/** The call's query for a place of the table (the export takes the same filters, no page). */
export function ordersQueryOf(search: OrderSearch): AdminOrdersQuery {
  const query: AdminOrdersQuery = { page: search.page ?? 1 };
  if (search.keyword) query.keyword = search.keyword;
  if (search.pay_status !== undefined) query.pay_status = search.pay_status;
  if (search.from) query.from = search.from;
  if (search.to) query.to = search.to;
  return query;
}

/** "99", "99.9", "99.90" → 9990 cents; null for anything else (negative, three decimals, text). */
export function parseYuan(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, frac = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents as the input's starting text ("99.00"). */
export function yuanText(cents: number): string {
  return (cents / 100).toFixed(2);
}
