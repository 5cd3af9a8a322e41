import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../auth/tokens';
import { createFakeGateway } from '../test-utils/fake-gateway';
import { isApiError } from './api-error';
import { createDocTask, DOC_PATHS, docCreateForm } from './document-endpoints';
import { storage } from './instance';

const form = { src: 'en-us', tgt: 'zh-cn', mode: 1, translatePictures: true, domain: '' } as const;

/** A stand-in for the browser's XMLHttpRequest: records the request, answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, envelope: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

const realFetch = globalThis.fetch;
beforeEach(() => {
  globalThis.fetch = createFakeGateway().fetch as typeof fetch;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  storage.setItem('authToken', 'normal');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
  clearTokens(storage);
  FakeXhr.last = null;
});

async function sent(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
  return FakeXhr.last!;
}

describe('docCreateForm', () => {
  it('sends one `files` part per file and the fields as strings; no domain when none is chosen', () => {
    const data = docCreateForm([new File(['a'], 'a.docx'), new File(['b'], 'b.pdf')], form);
    expect(data.getAll('files').map((f) => (f as File).name)).toEqual(['a.docx', 'b.pdf']);
    expect(Object.fromEntries([...data.entries()].filter(([k]) => k !== 'files'))).toEqual({
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
      mode: '1',
      translate_pictures: '1',
    });
    expect(docCreateForm([], { ...form, domain: 'legal', translatePictures: false }).get('domain')).toBe('legal');
  });
});

describe('createDocTask', () => {
  it('posts the form with the bearer token, reports progress and resolves with task_id', async () => {
    const progress: number[] = [];
    const done = createDocTask([new File(['a'], 'a.docx')], form, (p) => progress.push(p), new AbortController().signal);
    const xhr = await sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/v1.0/${DOC_PATHS.create}`);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer normal', 'Accept-Language': 'en-US' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    // 99 until the server accepted the upload.
    expect(progress).toEqual([99]);
    xhr.answer(200, { code: 20000, msg: 'Success', data: { task_id: 't9', do_cat: 1 } });
    await expect(done).resolves.toEqual({ task_id: 't9', do_cat: 1 });
    expect(progress).toEqual([99, 100]);
  });

  it('rejects with the envelope code (41005) and aborts with the signal', async () => {
    const refused = createDocTask([new File(['a'], 'a.docx')], form, () => {}, new AbortController().signal);
    (await sent()).answer(200, { code: 41005, msg: 'Not enough characters', data: null });
    await expect(refused).rejects.toSatisfy((e) => isApiError(e, 41005) && e.kind === 'envelope');

    FakeXhr.last = null;
    const controller = new AbortController();
    const aborted = createDocTask([new File(['a'], 'a.docx')], form, () => {}, controller.signal);
    const xhr = await sent();
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(aborted).rejects.toSatisfy((e) => isApiError(e) && e.kind === 'aborted');
  });
});
