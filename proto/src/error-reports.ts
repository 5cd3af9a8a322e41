/**
 * Translation error reports (issue 20 item 6): a signed-in user reports a bad translation from
 * the text screen (and the public API's error-report call does the same for an app key); staff
 * list, filter and resolve them, and add a report's proposal to a system memory in one click.
 *
 * - `POST text/error_report {src_lang, tgt_lang, source, output, error_type, proposal?}` ->
 *   `data {report_id}` (signed-in users; a free visitor gets 401).
 * - `GET admin/error_reports {status?, error_type?, src_lang?, tgt_lang?, keyword?, site_id?,
 *   from?, to?, page?, page_size?}`: newest first. The platform administrator sees every report,
 *   other staff (managers, an enterprise site's administrator) their own site's; NORMAL 42000.
 * - `POST admin/error_reports/resolve {report_ids}` -> `data {resolved}` (newly resolved ones).
 * - `GET admin/error_reports/memories {src_lang, tgt_lang}`: the system memories of that pair
 *   the caller may write (a two-way memory of the reverse pair too), for the add-to-memory dialog.
 * - `POST admin/error_reports/to_memory {report_id, bank_id}`: adds source -> proposal to that
 *   system memory and marks the report resolved, together.
 *
 * `from` and `to` are days (YYYY-MM-DD, UTC), both inclusive; `keyword` matches the source, the
 * output or the proposal.
 */
import { Type, type Static } from 'typebox';
import type { LocalizedText } from './app-error';
import { LIMITS } from './constants';
import { BankItem } from './language';
import { literalUnion } from './literal-union';
import { LanguageCode } from './translation';

/** The error types a report names by number (the public API's `error_type` takes the same numbers). */
export const ERROR_TYPES = [
  { id: 1, key: 'mistranslation', zh_CN: '误译', en_US: 'Mistranslation' },
  { id: 2, key: 'omission_addition', zh_CN: '漏译或多译', en_US: 'Omission or addition' },
  { id: 3, key: 'terminology', zh_CN: '术语错误', en_US: 'Terminology' },
  { id: 4, key: 'grammar_fluency', zh_CN: '语法或不通顺', en_US: 'Grammar or fluency' },
  { id: 5, key: 'formatting_punctuation', zh_CN: '格式或标点', en_US: 'Formatting or punctuation' },
  { id: 6, key: 'other', zh_CN: '其他', en_US: 'Other' },
] as const satisfies readonly ({ id: number; key: string } & LocalizedText)[];

export type ErrorTypeId = (typeof ERROR_TYPES)[number]['id'];

export function isErrorType(value: unknown): value is ErrorTypeId {
  return ERROR_TYPES.some((t) => t.id === value);
}

export const ERROR_REPORT_STATUSES = ['open', 'resolved'] as const;
export const ErrorReportStatus = literalUnion(ERROR_REPORT_STATUSES);
export type ErrorReportStatus = Static<typeof ErrorReportStatus>;

export const ErrorReportOrigin = literalUnion(['site', 'api'] as const);
export type ErrorReportOrigin = Static<typeof ErrorReportOrigin>;

/**
 * The texts are held to LIMITS.textChars characters by the language service (with a message
 * naming the field); the schema only stops bodies that are far too large before they are read.
 * `error_type` is any integer here so that a wrong number gets its own answer (10018).
 */
const ReportText = Type.String({ maxLength: LIMITS.textChars * 4 });

export const ErrorReportBody = Type.Object({
  src_lang: LanguageCode,
  tgt_lang: LanguageCode,
  source: ReportText,
  output: ReportText,
  error_type: Type.Integer({ description: 'ERROR_TYPES: 1 mistranslation ... 6 other' }),
  proposal: Type.Optional(ReportText),
});
export type ErrorReportBody = Static<typeof ErrorReportBody>;

export const ErrorReportCreated = Type.Object({ report_id: Type.Integer() });
export type ErrorReportCreated = Static<typeof ErrorReportCreated>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

export const ErrorReportListQuery = Type.Object({
  status: Type.Optional(ErrorReportStatus),
  error_type: Type.Optional(Type.Integer({ minimum: 1, maximum: ERROR_TYPES.length })),
  src_lang: Type.Optional(LanguageCode),
  tgt_lang: Type.Optional(LanguageCode),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ErrorReportListQuery = Static<typeof ErrorReportListQuery>;

export const ErrorReportItem = Type.Object({
  report_id: Type.Integer(),
  user_id: Type.Integer(),
  account: Type.String(),
  username: Type.String(),
  site_id: Type.Integer(),
  app_id: NullableString,
  origin: ErrorReportOrigin,
  src_lang: Type.String(),
  tgt_lang: Type.String(),
  source: Type.String(),
  output: Type.String(),
  error_type: Type.Integer(),
  proposal: Type.String(),
  status: ErrorReportStatus,
  resolved_by: NullableInt,
  resolved_by_account: NullableString,
  resolved_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The system memory and entry the proposal went into, once added. */
  bank_id: NullableInt,
  bank_name: NullableString,
  entry_id: NullableInt,
  created_at: Type.String({ format: 'date-time' }),
});
export type ErrorReportItem = Static<typeof ErrorReportItem>;

export const ErrorReportList = Type.Object({
  list: Type.Array(ErrorReportItem),
  total: Type.Integer(),
  pages: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type ErrorReportList = Static<typeof ErrorReportList>;

/** At most a page's worth at once (the page size's maximum). */
export const ResolveErrorReportsBody = Type.Object({
  report_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 }),
});
export type ResolveErrorReportsBody = Static<typeof ResolveErrorReportsBody>;

export const ResolvedErrorReports = Type.Object({ resolved: Type.Integer() });
export type ResolvedErrorReports = Static<typeof ResolvedErrorReports>;

export const ErrorReportToMemoryBody = Type.Object({
  report_id: Type.Integer({ minimum: 1 }),
  bank_id: Type.Integer({ minimum: 1 }),
});
export type ErrorReportToMemoryBody = Static<typeof ErrorReportToMemoryBody>;

export const ErrorReportToMemoryData = Type.Object({ report: ErrorReportItem, entry_id: Type.Integer() });
export type ErrorReportToMemoryData = Static<typeof ErrorReportToMemoryData>;

export const ErrorReportMemoriesQuery = Type.Object({ src_lang: LanguageCode, tgt_lang: LanguageCode });
export type ErrorReportMemoriesQuery = Static<typeof ErrorReportMemoriesQuery>;

export const ErrorReportMemories = Type.Object({ list: Type.Array(BankItem) });
export type ErrorReportMemories = Static<typeof ErrorReportMemories>;
