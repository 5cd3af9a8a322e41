/**
 * Test support: canned document-scan answers in proto's shape (term-extraction.ts), layered over
 * the fake gateway (test-utils/fake-gateway.ts) so render tests run the real client, queries,
 * loader and page. Without a token the scan calls answer 401 as the server does.
 */
import type { TermCandidate, TermExtractionResult } from '@mtp/proto';
import { createFakeGateway } from '../../test-utils/fake-gateway';

export function fakeCandidate(termId: number, extra: Partial<TermCandidate> = {}): TermCandidate {
  return {
    term_id: termId,
    term: `term ${termId}`,
    translation: '',
    frequency: 30 - termId,
    score: 10 - termId / 10,
    in_termbase: false,
    chosen: false,
    example: `A sentence with term ${termId}.`,
    ...extra,
  };
}

export function fakeScan(extra: Partial<TermExtractionResult> = {}, candidates: TermCandidate[] = []): TermExtractionResult {
  return {
    task_id: '11111111-2222-4333-8444-555555555555',
    file_name: 'manual.docx',
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    status: 'done',
    message: '',
    list: candidates.slice(0, 10),
    total: candidates.length,
    page: 1,
    page_size: 10,
    created_at: '2026-03-01T08:30:00Z',
    ...extra,
  };
}

const PAIRS = [
  { src_lang: 'zh-cn', tgt_lang: 'en-us', name: 'Chinese → English' },
  { src_lang: 'en-us', tgt_lang: 'zh-cn', name: 'English → Chinese' },
];

export function createDocScanGateway(scan: TermExtractionResult | null, candidates: TermCandidate[] = []) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (!path.startsWith('saas/')) return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
    if (path === 'saas/sites_term_language_list') return ok({ list: PAIRS });
    const bearer = ((init?.headers ?? {}) as Record<string, string>).Authorization;
    if (!bearer) return new Response(JSON.stringify({ code: 40100, msg: 'Unauthorized', data: null }), { status: 401 });
    if (path === 'saas/term_extraction_latest') return ok(scan);
    if (path === 'saas/term_extraction_query' && scan) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const chosenOnly = url.searchParams.get('chosen') === 'true';
      const rows = chosenOnly ? candidates.filter((c) => c.chosen) : candidates;
      return ok({ ...scan, list: rows.slice((page - 1) * 10, page * 10), total: rows.length, page });
    }
    return new Response(JSON.stringify({ code: 44081, msg: 'The scan does not exist or has expired', data: null }));
  };
  return { fetch, requests: base.requests };
}
