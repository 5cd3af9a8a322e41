/**
 * The /error-reports screen's place in the URL (`?status=&type=&src=&tgt=&keyword=&from=&to=&page=`),
 * validated like the other tables (a bad value falls back to "any"), and the error types' names.
 */
import { ERROR_TYPES, LANGUAGES, type ErrorReportListQuery, type ErrorReportStatus, type LanguageCode, type UiLang } from '@mtp/proto';
import { validateTableSearch } from '../../../routes/table-search';

export type ErrorReportSearch = {
  status?: ErrorReportStatus;
  type?: number;
  src?: LanguageCode;
  tgt?: LanguageCode;
  keyword?: string;
  from?: string;
  to?: string;
  page?: number;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The server's keyword limit (proto's ErrorReportListQuery). */
const KEYWORD_MAX = 100;

const dateOf = (value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;
const languageOf = (value: unknown) => ((LANGUAGES as readonly unknown[]).includes(value) ? (value as LanguageCode) : undefined);

// The router parses search values as JSON, so `?keyword=42` arrives as the number 42.
function keywordOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const trimmed = text.trim().slice(0, KEYWORD_MAX);
  return trimmed === '' ? undefined : trimmed;
}

export function validateErrorReportSearch(search: Record<string, unknown>): ErrorReportSearch {
  const type = Number(search.type);
  return {
    status: search.status === 'open' || search.status === 'resolved' ? search.status : undefined,
    type: ERROR_TYPES.some((t) => t.id === type) ? type : undefined,
    src: languageOf(search.src),
    tgt: languageOf(search.tgt),
    keyword: keywordOf(search.keyword),
    from: dateOf(search.from),
    to: dateOf(search.to),
    page: validateTableSearch(search).page,
  };
}

/** The list call's query for a place of the table. */
export function errorReportQueryOf(s: ErrorReportSearch): ErrorReportListQuery {
  const q: ErrorReportListQuery = { page: s.page ?? 1 };
  if (s.status) q.status = s.status;
  if (s.type) q.error_type = s.type;
  if (s.src) q.src_lang = s.src;
  if (s.tgt) q.tgt_lang = s.tgt;
  if (s.keyword) q.keyword = s.keyword;
  if (s.from) q.from = s.from;
  if (s.to) q.to = s.to;
  return q;
}

/** An error type's name in the interface language; an unknown number as itself. */
export function errorTypeName(id: number, lang: UiLang): string {
  return ERROR_TYPES.find((t) => t.id === id)?.[lang] ?? String(id);
}
