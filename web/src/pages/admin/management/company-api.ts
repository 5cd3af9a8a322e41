/**
 * The enterprise calls of proto/src/enterprises.ts and their query options, keyed under the
 * signed-in account (queries/query-keys.ts) so a logout drops them with the rest.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  CompanyBody,
  CompanyCodeData,
  CompanyListData,
  CompanyListQuery,
  CompanyLogoData,
  CompanySaveData,
  Enterprise,
} from '@mtp/proto';
import { api } from '../../../api/instance';
import type { SessionUser } from '../../../auth/session-user';
import { userKey } from '../../../queries/query-keys';

export const COMPANY_PAGE_SIZE = 10;

export const companyKeys = {
  all: (user: SessionUser) => [...userKey(user), 'enterprises'] as const,
};

export const companyListQueryOptions = (user: SessionUser, query: CompanyListQuery) =>
  queryOptions({
    queryKey: [...companyKeys.all(user), 'list', query] as const,
    queryFn: () => api.get<CompanyListData>('company/list', { page_size: COMPANY_PAGE_SIZE, ...query }),
  });

/** A fresh code for the creation form; never cached, each form gets its own. */
export function fetchSuggestedCode(): Promise<CompanyCodeData> {
  return api.get<CompanyCodeData>('company/get_code');
}

export function saveCompany(body: CompanyBody): Promise<CompanySaveData> {
  return api.post<CompanySaveData>('company', body);
}

export function renewCompany(siteId: number, expiresAt: string | null): Promise<Enterprise> {
  return api.post<Enterprise>('company/renew', { site_id: siteId, expires_at: expiresAt });
}

export function uploadCompanyLogo(siteId: number, kind: 'large' | 'small', file: File): Promise<CompanyLogoData> {
  const form = new FormData();
  form.set('site_id', String(siteId));
  form.set('kind', kind);
  form.set('file', file);
  return api.post<CompanyLogoData>('company/upload_logo', form);
}
