/**
 * Pure rules of the /set-editor forms: drafts of bulletins and FAQ entries, the publish window
 * between a `datetime-local` input (the reader's local time) and the server's ISO times, and a
 * bulletin's state. Checked here so a dialog can point at the field before anything is sent.
 */
import type { AdminBulletin, AdminFaq, CreateBulletinBody, CreateFaqBody, UiLang } from '@mtp/proto';

export type Bilingual = Record<UiLang, string>;
export type BulletinDraft = { siteId: number | null; title: Bilingual; body: Bilingual; from: string; until: string };
export type FaqDraft = { question: Bilingual; answer: Bilingual; order: number };
export type DraftError = 'content.errTitle' | 'content.errWindow' | 'content.errQuestion' | 'content.errFrom';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time; empty or unreadable: null. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export const emptyBulletin = (siteId: number | null, now = new Date()): BulletinDraft => ({
  siteId,
  title: { zh_CN: '', en_US: '' },
  body: { zh_CN: '', en_US: '' },
  from: toLocalInput(now.toISOString()),
  until: '',
});

export const bulletinDraftOf = (b: AdminBulletin): BulletinDraft => ({
  siteId: b.site_id,
  title: { ...b.title },
  body: { ...b.body },
  from: toLocalInput(b.publish_from),
  until: toLocalInput(b.publish_until),
});

export function checkBulletin(d: BulletinDraft): DraftError | null {
  if (!d.title.zh_CN.trim() || !d.title.en_US.trim()) return 'content.errTitle';
  const from = fromLocalInput(d.from);
  if (!from) return 'content.errFrom';
  const until = fromLocalInput(d.until);
  if (until && until <= from) return 'content.errWindow';
  return null;
}

export function bulletinBody(d: BulletinDraft): CreateBulletinBody {
  return {
    site_id: d.siteId,
    title: { zh_CN: d.title.zh_CN.trim(), en_US: d.title.en_US.trim() },
    body: d.body,
    publish_from: fromLocalInput(d.from) ?? undefined,
    publish_until: fromLocalInput(d.until),
  };
}

export type BulletinState = 'live' | 'scheduled' | 'ended';

export function bulletinState(b: Pick<AdminBulletin, 'publish_from' | 'publish_until'>, now = new Date()): BulletinState {
  if (new Date(b.publish_from) > now) return 'scheduled';
  if (b.publish_until && new Date(b.publish_until) <= now) return 'ended';
  return 'live';
}

export const emptyFaq = (order: number): FaqDraft => ({ question: { zh_CN: '', en_US: '' }, answer: { zh_CN: '', en_US: '' }, order });
export const faqDraftOf = (f: AdminFaq): FaqDraft => ({ question: { ...f.question }, answer: { ...f.answer }, order: f.sort_order });

export function checkFaq(d: FaqDraft): DraftError | null {
  return d.question.zh_CN.trim() && d.question.en_US.trim() ? null : 'content.errQuestion';
}

export const faqBody = (d: FaqDraft): CreateFaqBody => ({
  question: { zh_CN: d.question.zh_CN.trim(), en_US: d.question.en_US.trim() },
  answer: d.answer,
  sort_order: d.order,
});

/** The next FAQ position: after the last one, in steps of 10 so entries can go between. */
export const nextFaqOrder = (list: readonly AdminFaq[]) => (list.length ? Math.max(...list.map((f) => f.sort_order)) + 10 : 10);
