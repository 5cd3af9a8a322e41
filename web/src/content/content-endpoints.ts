/**
 * The calls of proto/src/content.ts: bulletins, the FAQ and the user terms (public, whitelisted),
 * their editing by administrators and managers, and the admin home's figures. Every HTML field
 * arrives sanitized by the server.
 */
import type {
  AdminBulletin,
  AdminBulletinsData,
  AdminFaq,
  AdminFaqData,
  AdminTerms,
  BilingualHtml,
  CreateBulletinBody,
  CreateFaqBody,
  DocumentData,
  FaqItem,
  HomeSummary,
  NoticeData,
  SiteList,
  TermsDocument,
  UpdateBulletinBody,
  UpdateFaqBody,
} from '@mtp/proto';
import { DOCUMENT_KINDS } from '@mtp/proto';
import { api } from '../api/instance';

export const BULLETIN_PAGE_SIZE = 10;

/** A banner must never toast: a blip simply shows no bulletins. */
export async function fetchNotices(siteCode: string | null): Promise<NoticeData> {
  return api.get<NoticeData>('text/get_notice', { site_code: siteCode ?? undefined }, { background: true, quiet: true });
}

export async function fetchFaq(): Promise<FaqItem[]> {
  return (await api.get<DocumentData>(`text/notice_or_document_data/${DOCUMENT_KINDS.faq}`)).faq_list ?? [];
}

/** Quiet: the terms dialog falls back to the text shipped with the app. */
export async function fetchTerms(): Promise<TermsDocument | null> {
  return (await api.get<DocumentData>(`text/notice_or_document_data/${DOCUMENT_KINDS.terms}`, undefined, { quiet: true })).terms ?? null;
}

export const fetchAdminBulletins = (page: number) =>
  api.get<AdminBulletinsData>('admin/bulletins', { page, page_size: BULLETIN_PAGE_SIZE });
export const createBulletin = (body: CreateBulletinBody) => api.post<AdminBulletin>('admin/bulletins/create', body);
export const updateBulletin = (body: UpdateBulletinBody) => api.post<AdminBulletin>('admin/bulletins/update', body);
export const deleteBulletin = (id: number) => api.request<unknown>('admin/bulletins', { method: 'DELETE', body: { ids: [id] } });

export const fetchAdminFaq = () => api.get<AdminFaqData>('admin/faq');
export const createFaq = (body: CreateFaqBody) => api.post<AdminFaq>('admin/faq/create', body);
export const updateFaq = (body: UpdateFaqBody) => api.post<AdminFaq>('admin/faq/update', body);
export const deleteFaq = (id: number) => api.request<unknown>('admin/faq', { method: 'DELETE', body: { ids: [id] } });

export const fetchAdminTerms = () => api.get<AdminTerms>('admin/terms');
export const saveTerms = (content: BilingualHtml) => api.post<AdminTerms>('admin/terms/save', { content });
export const publishTerms = (content: BilingualHtml) => api.post<AdminTerms>('admin/terms/publish', { content });

export const fetchHomeSummary = () => api.get<HomeSummary>('admin/home_summary');

/** The sites an administrator may aim a bulletin at. */
export const fetchSites = () => api.get<SiteList>('site/list');
