/**
 * Test support: the post-editing calls in the contract's shapes (proto/src/post-editing.ts),
 * layered over the fake gateway, so render tests run the real client, queries and guards.
 */
import type { PeProject, PeSegment } from '@mtp/proto';
import { createFakeGateway } from '../../test-utils/fake-gateway';

export function fakePeProject(n: number, extra: Partial<PeProject> = {}): PeProject {
  return {
    project_id: `pe-${n}`,
    task_id: `task-${n}`,
    file_name: `report-${n}.docx`,
    ext: 'docx',
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    mode: 0,
    segments: 40,
    bank_id: null,
    bank_name: null,
    counts: { mt: 30, translated: 8, approved: 2 },
    expires_at: '2026-03-09T08:00:00Z',
    updated_at: '2026-03-02T08:00:00Z',
    ...extra,
  };
}

export function fakePeSegment(i: number, extra: Partial<PeSegment> = {}): PeSegment {
  return {
    seg_index: i,
    paragraph: i,
    source: `Sentence ${i}.`,
    target: `句子 ${i}。`,
    status: 'mt',
    score: 0,
    revision: 0,
    updated_at: '2026-03-02T08:00:00Z',
    ...extra,
  };
}

export function createPostEditGateway(projects: PeProject[] = []) {
  const base = createFakeGateway();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1.0/', '');
    if (path !== 'post_edit/projects') return base.fetch(input, init);
    base.requests.push({ url: url.pathname + url.search, headers: {} });
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const data = { list: projects.slice((page - 1) * size, page * size), total: projects.length, page, page_size: size };
    return new Response(JSON.stringify({ code: 20000, msg: 'Success', data }));
  };
  return { fetch, requests: base.requests };
}
