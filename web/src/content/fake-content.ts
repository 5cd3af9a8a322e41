/**
 * The fake gateway (test-utils/fake-gateway.ts) with the content calls answered: bulletins, the
 * FAQ, the terms, the admin lists and the home summary, as the server shapes them.
 */
import type { AdminBulletin, FaqItem, HomeSummary, Notice } from '@mtp/proto';
import { createFakeGateway } from '../test-utils/fake-gateway';

export const FAKE_NOTICES: Notice[] = [
  { bulletin_id: 1, title: 'Old news', body: '<p>old</p>', publish_from: '2026-01-01T00:00:00.000Z', publish_until: null },
  {
    bulletin_id: 2,
    title: 'Maintenance tonight',
    body: '<p>Down <strong>22:00</strong></p>',
    publish_from: '2026-02-01T00:00:00.000Z',
    publish_until: null,
  },
];

export const FAKE_FAQ: FaqItem[] = [
  { faq_id: 1, question: 'How do I translate a document?', answer: '<p>Open <strong>Documents</strong> and drop the file.</p>' },
  { faq_id: 2, question: 'How much does it cost?', answer: '<p>See the plans.</p>' },
];

export const FAKE_SUMMARY: HomeSummary = {
  users_total: 1234,
  users_active_today: 56,
  chars_today: 78_900,
  chars_month: 1_200_000,
  tasks_running: 3,
  tasks_failed_today: 1,
  devices_up: 2,
};

const adminBulletin = (n: Notice, siteId: number | null): AdminBulletin => ({
  bulletin_id: n.bulletin_id,
  site_id: siteId,
  title: { zh_CN: `${n.title}（中）`, en_US: n.title },
  body: { zh_CN: n.body, en_US: n.body },
  publish_from: n.publish_from,
  publish_until: n.publish_until,
  updated_at: n.publish_from,
  updated_by: 'admin@example.com',
});

export function createContentGateway() {
  const base = createFakeGateway();
  const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization?.replace(/^Bearer /, '');
    switch (path) {
      case 'text/get_notice':
        return ok({ notice_list: FAKE_NOTICES });
      case 'text/notice_or_document_data/1':
        return ok({ faq_list: FAKE_FAQ });
      case 'text/notice_or_document_data/2':
        return ok({ terms: { version: 3, content: '<p>Stored terms v3</p>' } });
      case 'admin/bulletins':
        return ok({ list: FAKE_NOTICES.map((n) => adminBulletin(n, bearer === 'manager' ? 8 : null)), total: 2, pages: 1 });
      case 'admin/home_summary':
        return ok(
          bearer === 'manager' ? { ...FAKE_SUMMARY, tasks_running: null, tasks_failed_today: null, devices_up: null } : FAKE_SUMMARY,
        );
      case 'site/list':
        return ok({ site_list: [] });
      default:
        return base.fetch(input, init);
    }
  };
  return { fetch, requests: base.requests };
}
