/**
 * The search params of the paged tables (My Documents, the bank screens): the page, the keyword
 * searched and, on a bank screen, the chosen bank. Validated here like every route's search
 * (`validateSearch`), so a hand-edited or stale URL falls back to the first page and no keyword
 * instead of failing. Defaults are undefined, which the router leaves out of the URL, so an
 * untouched table keeps a clean one.
 */
import type { PageFilter } from '../queries/query-keys';

export type TableSearch = { page?: number; keyword?: string };
export type BankSearch = TableSearch & { bank?: number };

/** Keywords longer than this are cut: nobody types more into a search box. */
const MAX_KEYWORD_CHARS = 200;

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

// The router parses search values as JSON, so `?keyword=42` arrives as the number 42.
function keywordOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const trimmed = text.trim().slice(0, MAX_KEYWORD_CHARS);
  return trimmed === '' ? undefined : trimmed;
}

// Every key is returned, undefined when invalid: the router lays the validated params over the
// raw ones, so a key left out would let `?page=abc` through to the loader.
export function validateTableSearch(search: Record<string, unknown>): TableSearch {
  const page = positiveInt(search.page);
  return { page: page !== undefined && page > 1 ? page : undefined, keyword: keywordOf(search.keyword) };
}

export function validateBankSearch(search: Record<string, unknown>): BankSearch {
  return { bank: positiveInt(search.bank), ...validateTableSearch(search) };
}

/** The page and keyword a table shows for its search params. */
export function pageFilterOf(search: TableSearch): PageFilter {
  return { page: search.page ?? 1, keyword: search.keyword ?? '' };
}

/** The search params of a table place, defaults left out (the inverse of pageFilterOf). */
export function tableSearchOf(filter: PageFilter): TableSearch {
  return validateTableSearch(filter);
}
