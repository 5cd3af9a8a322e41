/**
 * Helpers of the phone layout test: data that makes the tables show rows (an entry table, the
 * staff's list of users' banks, a translated document), created through the platform's API as
 * the administrator, and the in-page check of what does not fit the screen.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { RunningPlatform } from '../support/running-platform';
import { E2E_ADMIN } from '../support/running-platform';

type Envelope<T> = { code: number; msg: string; data: T };
export type Seeded = { bank: string; file: string };

export async function seedAdminData(platform: RunningPlatform): Promise<Seeded> {
  const call = async <T>(path: string, init: RequestInit = {}, token?: string): Promise<T> => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const env = (await (await fetch(`${platform.url}/api/v1.0/${path}`, { ...init, headers })).json()) as Envelope<T>;
    if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
    return env.data;
  };
  const post = <T>(path: string, body: unknown, token?: string) => call<T>(path, { method: 'POST', body: JSON.stringify(body) }, token);
  const { public_key } = await call<{ public_key: string }>('user/get_public_key');
  const password = publicEncrypt(
    { key: public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(E2E_ADMIN.password),
  ).toString('base64');
  const { access_token: token } = await post<{ access_token: string }>('user/login', {
    account: E2E_ADMIN.account,
    password,
    agree_terms: true,
  });

  // Long words and a long name: the widths a real bank and file bring to a narrow screen.
  const bank = 'Engineering glossary';
  for (const system of [0, 1]) {
    const name = system === 0 ? bank : 'My engineering terms';
    await post(
      'tm_term_library/create',
      { flag: 1, name, src_lang: 'en-us', tgt_lang: 'zh-cn', tow_way: 0, system_or_individual: system },
      token,
    );
    const { bank_list } = await call<{ bank_list: { bank_id: number; name: string }[] }>(
      `tm_term_library/get_list/1?system_or_individual=${system}`,
      {},
      token,
    );
    const bankId = bank_list.find((b) => b.name === name)!.bank_id;
    for (const [source, translated] of [
      ['internationalization infrastructure', '国际化基础设施'],
      ['machine translation', '机器翻译'],
    ])
      await post(
        'tm_term/es_insert',
        { flag: 1, system_or_individual: system, bank_id: bankId, source, translated, note: 'reviewed' },
        token,
      );
  }

  const file = 'quarterly-engineering-report-final-version.txt';
  const form = new FormData();
  form.append('files', new Blob(['twenty one\n'], { type: 'text/plain' }), file);
  for (const [k, v] of Object.entries({ src_lang: 'en-us', tgt_lang: 'zh-cn', mode: '0', translate_pictures: '0' })) form.set(k, v);
  const { task_id } = await call<{ task_id: string }>('request_translate/doc/create', { method: 'POST', body: form }, token);
  for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 300))) {
    const { score } = await call<{ score: number }>(`request_translate/doc/query?task_id=${task_id}`, {}, token);
    if (score === 100) break;
    if (Date.now() > deadline) throw new Error(`${file} was not translated within a minute`);
  }
  return { bank, file };
}

/**
 * Runs in the page: why the screen does not fit, as readable lines. The page must not scroll
 * sideways, and no visible element of the header or the main area may reach past the screen's
 * edges, unless it sits in a box that scrolls (or clips) sideways itself: a wide table there is
 * reachable by scrolling that box.
 */
export function offScreen(): string[] {
  const width = window.innerWidth;
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`page is ${root.scrollWidth} px wide`);
  const insideScroller = (el: Element): boolean => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden') return true;
    }
    return false;
  };
  for (const el of Array.from(document.querySelectorAll('header *, main *, [data-testid=mobile-translate-page] *'))) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if ((rect.right <= width + 1 && rect.left >= -1) || insideScroller(el)) continue;
    const label = el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().slice(0, 30);
    problems.push(`<${el.tagName.toLowerCase()}> "${label}" spans ${Math.round(rect.left)}..${Math.round(rect.right)}`);
  }
  return problems.slice(0, 8);
}
