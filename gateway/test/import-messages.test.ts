/**
 * What a refused import says, through the real gateway and PostgreSQL: the import dialog shows
 * `msg` as it is, so it must be one language (the caller's Accept-Language) from start to end and
 * carry no parser internals; and `get_list` answers the plan's limits the screen shows early.
 */
import type { BankItem, BankList } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

let users = 0;
const newUser = () => gw.registeredUser(`import-msg${++users}@example.com`);

async function memoryOf(token: string): Promise<BankItem> {
  const res = await gw.call<BankItem>('POST', 'tm_term_library/create', {
    token,
    body: { flag: 0, name: 'Msgs', src_lang: 'zh-cn', tgt_lang: 'en-us' },
  });
  expect(res.code, res.msg).toBe(20000);
  return res.data;
}

async function importFile(token: string, bankId: number, filename: string, text: string, lang: string) {
  const boundary = '----mtpmsg';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="system_or_individual"\r\n\r\n1\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="bank_id"\r\n\r\n${bankId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="tm_file"; filename="${filename}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  const res = await gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/tm/es_save_file',
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': lang,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.from(payload),
  });
  return res.json() as { code: number; msg: string };
}

const BAD_FILES: [string, string][] = [
  ['broken.tmx', '<tmx><body>\n<tu><tuv xml:lang="zh-cn"><seg>x</seg></tuv>\n<tuv xml:lang="en"><seg>y</tuv></tu>\n</body></tmx>'],
  ['quote.csv', '一,One\n"二,Two\n三,Three\n'],
  ['empty-target.csv', '一,One\n二,\n'],
  ['six.csv', '一,1\n二,2\n三,3\n四,4\n五,5\n六,6\n'],
];
/** Words a parser or the runtime would leak; none is ours. */
const INTERNALS = /unexpected|sax|exception|error:|\/tmp|\bat \w+ \(|<tuv>|csv_|invalid opening/i;

describe('refused imports', () => {
  it('answer one whole sentence in Chinese for a Chinese screen, without internals', async () => {
    const { token } = await newUser();
    const bank = await memoryOf(token);
    for (const [name, text] of BAD_FILES) {
      const res = await importFile(token, bank.bank_id, name, text, 'zh-CN');
      expect(res.code, name).not.toBe(20000);
      // Only Chinese, numbers, punctuation, the quoted entry and a format's name (TMX, CSV).
      expect(res.msg.replace(/TMX|CSV|"[^"]*"/g, ''), name).not.toMatch(/[A-Za-z]/);
      expect(res.msg, name).not.toMatch(INTERNALS);
    }
  });

  it('answer in English for an English screen, saying where', async () => {
    const { token } = await newUser();
    const bank = await memoryOf(token);
    const answers = [];
    for (const [name, text] of BAD_FILES) {
      const res = await importFile(token, bank.bank_id, name, text, 'en-US');
      // No Chinese outside the quoted entry (the file's own text).
      expect(res.msg.replace(/"[^"]*"/g, ''), name).not.toMatch(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/);
      expect(res.msg, name).not.toMatch(INTERNALS);
      answers.push(res.msg);
    }
    expect(answers).toEqual([
      'File parsing failed (the file is broken or not a valid TMX file near line 3; check it and import again)',
      'File parsing failed (a quotation mark opened at line 2 is never closed; check that line)',
      'Invalid content. Please re-enter. (entry 2 "二": Translation and source text cannot be empty)',
      'The limit of your current plan has been reached (the free plan allows 5 entries per translation memory)',
    ]);
    expect((await importFile(token, bank.bank_id, 'good.csv', '一,One\n二,Two\n', 'en-US')).code).toBe(20000);
  });
});

describe('get_list limits', () => {
  it("answers the caller's plan limits for their own banks", async () => {
    const { token } = await newUser();
    const res = await gw.call<BankList>('GET', 'tm_term_library/get_list/0', { token });
    expect(res.data.limits).toEqual({ entries_per_bank: 5, banks: 1 });
  });
});
