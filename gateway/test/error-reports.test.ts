/**
 * Error reports through the real gateway (issue 20 item 6): a user reports a translation of the
 * tiny test model ("twenty one" -> "二十一"), staff list and filter reports within their scope,
 * resolve them and add a proposal to a system memory, each with its system-log line, and the
 * same source then translates from that memory.
 */
import type { BankItem, ErrorReportItem, ErrorReportList } from '@mtp/proto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildTestGateway, type TestGateway } from './helper';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

let gw: TestGateway;
let admin: string;
let user: { token: string; userId: number };
let acmeUser: { token: string; userId: number };
let acmeManager: { token: string; userId: number };

async function onSite(account: string, role: number, siteId?: number) {
  const u = await gw.registeredUser(account);
  await gw.db.query('UPDATE users SET role = $2, site_id = coalesce($3, site_id) WHERE user_id = $1', [u.userId, role, siteId ?? null]);
  return u;
}

beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  admin = await gw.adminToken();
  user = await gw.registeredUser('reporter@example.com');
  const { rows } = await gw.db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config) VALUES ('acme', 'Acme', '{}') RETURNING site_id`,
  );
  acmeUser = await onSite('acme-user@example.com', 2, rows[0]!.site_id);
  acmeManager = await onSite('acme-manager@example.com', 1, rows[0]!.site_id);
});
afterAll(async () => {
  await gw?.close();
});

const report = (token: string | undefined, extra: Record<string, unknown> = {}, lang?: string) =>
  gw.call<{ report_id: number }>('POST', 'text/error_report', {
    token,
    lang,
    body: { src_lang: 'en-us', tgt_lang: 'zh-cn', source: 'twenty one', output: '二十一', error_type: 3, proposal: '廿一', ...extra },
  });

const list = (token: string, query: Record<string, string> = {}) =>
  gw.call<ErrorReportList>('GET', 'admin/error_reports', { token, query });

const logLines = async (action: string) =>
  (
    await gw.db.query<{ target_id: string; actor_account: string }>(
      'SELECT target_id, actor_account FROM system_log WHERE action = $1 ORDER BY log_id',
      [action],
    )
  ).rows;

describe('reporting from the site', () => {
  it('takes a signed-in user’s report and refuses a free visitor', async () => {
    const res = await report(user.token);
    expect(res.code, res.msg).toBe(20000);
    expect(res.data.report_id).toBeGreaterThan(0);
    expect((await report(undefined)).status).toBe(401);
  });

  it('answers a wrong error type, a too long text and the same languages in the caller’s language, writing nothing', async () => {
    const before = (await list(admin)).data.total;
    const badType = await report(user.token, { error_type: 9 }, 'zh-CN');
    expect([badType.code, badType.msg]).toEqual([10018, '错误类型编号不正确']);
    const long = await report(user.token, { proposal: 'x'.repeat(5001) }, 'en-US');
    expect(long.code).toBe(40019);
    expect(long.msg).toContain('proposal');
    const zhLong = await report(user.token, { source: 'x'.repeat(5001) }, 'zh-CN');
    expect(zhLong.msg).toContain('原文');
    expect((await report(user.token, { tgt_lang: 'en-us' })).code).toBe(40016);
    expect((await report(user.token, { src_lang: 'auto' })).code).toBe(40000);
    expect((await list(admin)).data.total).toBe(before);
  });
});

describe('the admin list', () => {
  it('shows the platform administrator every site’s reports, a manager their own site’s, and refuses users', async () => {
    const acme = await report(acmeUser.token, { source: 'acme only' });
    const all = await list(admin, { keyword: 'acme only' });
    expect(all.data.list.map((r) => r.report_id)).toEqual([acme.data.report_id]);
    expect(all.data.list[0]).toMatchObject({ account: 'acme-user@example.com', origin: 'site', status: 'open', error_type: 3 });
    const mine = await list(acmeManager.token);
    expect(mine.data.list.map((r) => r.account)).toEqual(['acme-user@example.com']);
    expect((await list(user.token)).code).toBe(42000);
    expect((await list(admin, { error_type: '9' })).code).toBe(40000);
  });

  it('resolves a selection with one log line each; a manager cannot touch another site’s report', async () => {
    const a = (await report(user.token, { source: 'resolve a' })).data.report_id;
    const b = (await report(user.token, { source: 'resolve b' })).data.report_id;
    const refused = await gw.call('POST', 'admin/error_reports/resolve', { token: acmeManager.token, body: { report_ids: [a] } });
    expect(refused.code).toBe(44061);
    const res = await gw.call('POST', 'admin/error_reports/resolve', { token: admin, body: { report_ids: [a, b] } });
    expect([res.code, res.data]).toEqual([20000, { resolved: 2 }]);
    expect((await logLines('error_report.resolve')).map((l) => l.target_id)).toEqual([String(a), String(b)]);
    const resolved = await list(admin, { status: 'resolved', keyword: 'resolve' });
    expect(resolved.data.list.map((r) => [r.report_id, r.resolved_by_account])).toEqual([
      [b, 'admin@example.com'],
      [a, 'admin@example.com'],
    ]);
  });
});

describe('adding a proposal to a system memory', () => {
  it('puts source -> proposal into the memory, resolves the report, logs it, and the source then translates from it', async () => {
    const first = await gw.call<{ translated: string }>('POST', 'text/translate', {
      token: user.token,
      body: { text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(first.data.translated).toBe('二十一');
    const { report_id } = (await report(user.token, { output: first.data.translated, proposal: '廿一' })).data;

    const bank = await gw.call<BankItem>('POST', 'tm_term_library/create', {
      token: admin,
      body: { flag: 0, name: 'Reported fixes', src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 0 },
    });
    const memories = await gw.call<{ list: BankItem[] }>('GET', 'admin/error_reports/memories', {
      token: admin,
      query: { src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(memories.data.list.map((b) => b.bank_id)).toContain(bank.data.bank_id);
    // The acme manager may not write the main site's system memory.
    const acmeReport = (await report(acmeUser.token, { source: 'acme memory' })).data.report_id;
    const notTheirs = await gw.call('POST', 'admin/error_reports/to_memory', {
      token: acmeManager.token,
      body: { report_id: acmeReport, bank_id: bank.data.bank_id },
    });
    expect(notTheirs.code).toBe(42000);

    const added = await gw.call<{ report: ErrorReportItem; entry_id: number }>('POST', 'admin/error_reports/to_memory', {
      token: admin,
      body: { report_id, bank_id: bank.data.bank_id },
    });
    expect(added.code, added.msg).toBe(20000);
    expect(added.data.report).toMatchObject({ status: 'resolved', bank_id: bank.data.bank_id, bank_name: 'Reported fixes' });
    expect((await logLines('error_report.to_memory')).map((l) => l.target_id)).toEqual([String(report_id)]);
    const again = await gw.call('POST', 'admin/error_reports/to_memory', {
      token: admin,
      lang: 'zh-CN',
      body: { report_id, bank_id: bank.data.bank_id },
    });
    expect([again.code, again.msg]).toEqual([44064, '该反馈已加入记忆库']);

    const second = await gw.call<{ translated: string; tm_score?: number }>('POST', 'text/translate', {
      token: user.token,
      body: { text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' },
    });
    expect(second.data.translated).toBe('廿一');
    expect(second.data.tm_score).toBe(100);
  });

  it('refuses a report without a proposal (44062)', async () => {
    const { report_id } = (await report(user.token, { proposal: '' })).data;
    const bank = await gw.call<BankItem>('POST', 'tm_term_library/create', {
      token: admin,
      body: { flag: 0, name: 'No proposal', src_lang: 'en-us', tgt_lang: 'zh-cn', system_or_individual: 0 },
    });
    const res = await gw.call('POST', 'admin/error_reports/to_memory', { token: admin, body: { report_id, bank_id: bank.data.bank_id } });
    expect(res.code).toBe(44062);
  });
});
