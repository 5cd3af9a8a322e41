/**
 * Bulletins, the FAQ, the user terms text (issue 18 item 5) and the admin home summary (item 6).
 * Every HTML field is sanitized by the server when it is stored and again when it is served
 * (services/accounts/src/content/sanitize.ts): clients may render it as HTML.
 *
 * Public (whitelisted, spec section 7):
 * - `GET text/get_notice {site_code?}`: the live bulletins of the caller's site (a logged-in
 *   caller's own site; else `site_code`, else the main site), newest first, in the caller's language.
 * - `GET text/notice_or_document_data/1`: the FAQ; `/2`: the current user terms.
 *
 * Administrators (role 0) and managers (role 1, their own site's bulletins only):
 * - `GET admin/bulletins`, `POST admin/bulletins/create`, `POST admin/bulletins/update`,
 *   `DELETE admin/bulletins {ids}`.
 * Administrators only: `GET admin/faq`, `POST admin/faq/create|update`, `DELETE admin/faq {ids}`,
 * `GET admin/terms`, `POST admin/terms/save` (corrects the current version's text, nobody is
 * asked again), `POST admin/terms/publish` (a new version with that text: everyone agrees again).
 * - `GET admin/home_summary`: the numbers of `/home`.
 */
import { Type, type Static } from 'typebox';

/** Bounds that keep one stored field reasonable (a bulletin is a page, not a book). */
export const CONTENT_LIMITS = { titleChars: 200, questionChars: 500, htmlChars: 100_000 } as const;

const Title = Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.titleChars });
const Html = Type.String({ maxLength: CONTENT_LIMITS.htmlChars });
const IsoTime = Type.String({ format: 'date-time' });
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 100 });

/** A text in both interface languages. */
export const BilingualTitle = Type.Object({ zh_CN: Title, en_US: Title });
export const BilingualHtml = Type.Object({ zh_CN: Html, en_US: Html });
export type BilingualHtml = Static<typeof BilingualHtml>;

// ---- public ----

export const NoticeQuery = Type.Object({ site_code: Type.Optional(Type.String({ maxLength: 32 })) });
export type NoticeQuery = Static<typeof NoticeQuery>;

export const Notice = Type.Object({
  bulletin_id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  publish_from: Type.String(),
  publish_until: Type.Union([Type.String(), Type.Null()]),
});
export type Notice = Static<typeof Notice>;
export const NoticeData = Type.Object({ notice_list: Type.Array(Notice) });
export type NoticeData = Static<typeof NoticeData>;

/** `notice_or_document_data/{kind}`: 1 = the FAQ, 2 = the user terms (decided here; the spec names only the numbers). */
export const DOCUMENT_KINDS = { faq: 1, terms: 2 } as const;
export const DocumentKindParams = Type.Object({ kind: Type.Union([Type.Literal(1), Type.Literal(2)]) });

export const FaqItem = Type.Object({ faq_id: Type.Integer(), question: Type.String(), answer: Type.String() });
export type FaqItem = Static<typeof FaqItem>;
export const TermsDocument = Type.Object({ version: Type.Integer(), content: Type.String() });
export type TermsDocument = Static<typeof TermsDocument>;
/** Kind 1 answers `faq_list`, kind 2 `terms`. */
export const DocumentData = Type.Object({ faq_list: Type.Optional(Type.Array(FaqItem)), terms: Type.Optional(TermsDocument) });
export type DocumentData = Static<typeof DocumentData>;

// ---- admin: bulletins ----

export const AdminBulletin = Type.Object({
  bulletin_id: Type.Integer(),
  /** null: every site. */
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  title: BilingualTitle,
  body: BilingualHtml,
  publish_from: Type.String(),
  publish_until: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
  updated_by: Type.String(),
});
export type AdminBulletin = Static<typeof AdminBulletin>;

export const AdminBulletinsQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type AdminBulletinsQuery = Static<typeof AdminBulletinsQuery>;
export const AdminBulletinsData = Type.Object({ list: Type.Array(AdminBulletin), total: Type.Integer(), pages: Type.Integer() });
export type AdminBulletinsData = Static<typeof AdminBulletinsData>;

const BulletinFields = {
  /** null or absent: every site (administrators only); a manager's bulletins are always their own site's. */
  site_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  title: BilingualTitle,
  body: BilingualHtml,
  /** Absent: now. */
  publish_from: Type.Optional(IsoTime),
  /** Absent or null: until deleted. */
  publish_until: Type.Optional(Type.Union([IsoTime, Type.Null()])),
};
export const CreateBulletinBody = Type.Object(BulletinFields);
export type CreateBulletinBody = Static<typeof CreateBulletinBody>;
export const UpdateBulletinBody = Type.Object({ bulletin_id: Type.Integer({ minimum: 1 }), ...BulletinFields });
export type UpdateBulletinBody = Static<typeof UpdateBulletinBody>;
export const DeleteIdsBody = Type.Object({ ids: Ids });
export type DeleteIdsBody = Static<typeof DeleteIdsBody>;

// ---- admin: FAQ ----

export const BilingualQuestion = Type.Object({
  zh_CN: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.questionChars }),
  en_US: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.questionChars }),
});
export const AdminFaq = Type.Object({
  faq_id: Type.Integer(),
  question: BilingualQuestion,
  answer: BilingualHtml,
  sort_order: Type.Integer(),
});
export type AdminFaq = Static<typeof AdminFaq>;
export const AdminFaqData = Type.Object({ list: Type.Array(AdminFaq) });
export type AdminFaqData = Static<typeof AdminFaqData>;
const FaqFields = {
  question: BilingualQuestion,
  answer: BilingualHtml,
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
};
export const CreateFaqBody = Type.Object(FaqFields);
export type CreateFaqBody = Static<typeof CreateFaqBody>;
export const UpdateFaqBody = Type.Object({ faq_id: Type.Integer({ minimum: 1 }), ...FaqFields });
export type UpdateFaqBody = Static<typeof UpdateFaqBody>;

// ---- admin: terms ----

export const AdminTerms = Type.Object({ version: Type.Integer(), published_at: Type.String(), content: BilingualHtml });
export type AdminTerms = Static<typeof AdminTerms>;
export const SaveTermsBody = Type.Object({ content: BilingualHtml });
export type SaveTermsBody = Static<typeof SaveTermsBody>;

// ---- admin: home ----

/** The numbers of `/home`; a figure a manager may not see (or this server cannot know) is null. */
export const HomeSummary = Type.Object({
  users_total: Type.Integer(),
  users_active_today: Type.Integer(),
  chars_today: Type.Integer(),
  chars_month: Type.Integer(),
  tasks_running: Type.Union([Type.Integer(), Type.Null()]),
  tasks_failed_today: Type.Union([Type.Integer(), Type.Null()]),
  devices_up: Type.Union([Type.Integer(), Type.Null()]),
});
export type HomeSummary = Static<typeof HomeSummary>;
