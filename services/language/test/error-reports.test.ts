/**
 * Error reports on a real PostgreSQL: writing them (with every refusal writing nothing), the staff
 * list and its filters and scope, resolving, and adding a proposal to a system memory together
 * with the report's resolution (the memory then answers the source exactly).
 */
import { accountsMigrations } from '@mtp/accounts';
import { billingMigrations } from '@mtp/billing';
import { runMigrations, type Db } from '@mtp/platform';
import { createTestDatabase } from '@mtp/platform/testing';
import { AppError, LIMITS } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addReportToMemory,
  createBank,
  createErrorReport,
  createTmPort,
  languageMigrations,
  listErrorReports,
  listReportMemories,
  resolveErrorReports,
  type NewErrorReport,
  type ReportAuditEntry,
  type ReportStaff,
} from '../src/index';

let db: Db;
let drop: () => Promise<void>;
let mainSite: number;
let otherSite: number;
let next = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  db = tdb.db;
  drop = () => tdb.drop();
  await runMigrations(db, [...(await accountsMigrations()), ...(await billingMigrations()), ...(await languageMigrations())]);
  const sites = await db.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ('main', 'Main', '{}', true), ('other', 'Other', '{}', false)
     RETURNING site_id`,
  );
  mainSite = sites.rows[0]!.site_id;
  otherSite = sites.rows[1]!.site_id;
});
afterAll(async () => {
  await drop?.();
});

async function createUser(role: number, siteId: number, allSites = false): Promise<ReportStaff> {
  next += 1;
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO users (account, username, site_id, role) VALUES ($1, 'tester', $2, $3) RETURNING user_id`,
    [`report${next}@example.com`, siteId, role],
  );
  return { userId: rows[0]!.user_id, role, siteId, allSites };
}

async function codeOf(p: Promise<unknown>): Promise<number | 'no error'> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

const reportOf = (user: ReportStaff, extra: Partial<NewErrorReport> = {}): NewErrorReport => ({
  userId: user.userId,
  siteId: user.siteId,
  src_lang: 'en-us',
  tgt_lang: 'zh-cn',
  source: 'Hello world',
  output: '你好世界',
  error_type: 1,
  proposal: '世界你好',
  origin: 'site',
  ...extra,
});

const countReports = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM error_reports')).rows[0]!.n;

/** A system memory made by `staff` (its site is theirs). */
const systemMemory = (staff: ReportStaff, name: string, src = 'en-us', tgt = 'zh-cn', towWay = 0) =>
  createBank({ db, planOf: async () => 'free' }, staff, {
    flag: 0,
    name,
    src_lang: src as 'en-us',
    tgt_lang: tgt as 'zh-cn',
    tow_way: towWay as 0,
    system_or_individual: 0,
  });

describe('createErrorReport', () => {
  it('stores a report, open, with its trimmed texts; an API report keeps its app_id', async () => {
    const user = await createUser(2, mainSite);
    const { report_id } = await createErrorReport(db, reportOf(user, { source: '  Hello world \n' }));
    const api = await createErrorReport(db, reportOf(user, { origin: 'api', appId: '7d3f0a36-9f6b-4f3e-a0c8-2d0f3f0b1c11' }));
    const { rows } = await db.query('SELECT * FROM error_reports WHERE report_id = ANY($1) ORDER BY report_id', [
      [report_id, api.report_id],
    ]);
    expect(rows[0]).toMatchObject({ source: 'Hello world', status: 'open', origin: 'site', app_id: null, site_id: mainSite });
    expect(rows[1]).toMatchObject({ origin: 'api', app_id: '7d3f0a36-9f6b-4f3e-a0c8-2d0f3f0b1c11' });
  });

  it('refuses a wrong error type (10018), languages, empty and too long texts, and writes nothing', async () => {
    const user = await createUser(2, mainSite);
    const before = await countReports();
    for (const t of [0, 7, 1.5, -1]) expect(await codeOf(createErrorReport(db, reportOf(user, { error_type: t })))).toBe(10018);
    expect(await codeOf(createErrorReport(db, reportOf(user, { tgt_lang: 'en-us' })))).toBe(40016);
    expect(await codeOf(createErrorReport(db, reportOf(user, { src_lang: 'auto' })))).toBe(40000);
    expect(await codeOf(createErrorReport(db, reportOf(user, { output: '   ' })))).toBe(40019);
    const long = 'a'.repeat(LIMITS.textChars + 1);
    for (const field of ['source', 'output', 'proposal'] as const)
      expect(await codeOf(createErrorReport(db, reportOf(user, { [field]: long })))).toBe(40019);
    expect(await codeOf(createErrorReport(db, reportOf(user, { origin: 'api' })))).toBe(40000);
    expect(await countReports()).toBe(before);
    // The limit counts characters: 5,000 emoji (10,000 UTF-16 units) are allowed.
    expect(await codeOf(createErrorReport(db, reportOf(user, { source: '😀'.repeat(LIMITS.textChars) })))).toBe('no error');
  });
});

describe('listErrorReports', () => {
  it('shows the platform administrator every site, other staff their own, and refuses normal users', async () => {
    const admin = await createUser(0, mainSite, true);
    const manager = await createUser(1, otherSite);
    const onOther = await createUser(2, otherSite);
    const mine = await createErrorReport(db, reportOf(onOther, { source: 'scope probe' }));
    const elsewhere = await createErrorReport(db, reportOf(await createUser(2, mainSite), { source: 'scope probe' }));
    const ids = async (staff: ReportStaff) => (await listErrorReports(db, staff, { keyword: 'scope probe' })).list.map((r) => r.report_id);
    expect(await ids(admin)).toEqual([elsewhere.report_id, mine.report_id]);
    expect(await ids(manager)).toEqual([mine.report_id]);
    // An enterprise site's administrator (role 0, not the main site) is scoped like a manager.
    expect(await ids(await createUser(0, otherSite))).toEqual([mine.report_id]);
    expect(await codeOf(listErrorReports(db, onOther))).toBe(42000);
  });

  it('filters by status, type, pair, keyword (literally), site and days, newest first, paged', async () => {
    const admin = await createUser(0, mainSite, true);
    const user = await createUser(2, otherSite);
    const a = await createErrorReport(db, reportOf(user, { source: 'filter 100% sure', error_type: 3 }));
    const b = await createErrorReport(db, reportOf(user, { source: 'filter b', src_lang: 'ja', tgt_lang: 'ko' }));
    const c = await createErrorReport(db, reportOf(user, { source: 'filter c', proposal: 'needle in proposal' }));
    await resolveErrorReports(db, admin, [c.report_id]);
    await db.query(`UPDATE error_reports SET created_at = '2020-01-15T23:30:00Z' WHERE report_id = $1`, [a.report_id]);
    const ids = async (q: Parameters<typeof listErrorReports>[2]) =>
      (await listErrorReports(db, admin, { keyword: 'filter', ...q })).list.map((r) => r.report_id);
    expect(await ids({})).toEqual([c.report_id, b.report_id, a.report_id]);
    expect(await ids({ status: 'resolved' })).toEqual([c.report_id]);
    expect(await ids({ status: 'open' })).toEqual([b.report_id, a.report_id]);
    expect(await ids({ error_type: 3 })).toEqual([a.report_id]);
    expect(await ids({ src_lang: 'ja', tgt_lang: 'ko' })).toEqual([b.report_id]);
    expect(await ids({ keyword: '100%' })).toEqual([a.report_id]);
    expect(await ids({ keyword: '0% s' })).toEqual([a.report_id]);
    expect(await ids({ keyword: 'needle' })).toEqual([c.report_id]);
    expect(await ids({ site_id: mainSite })).toEqual([]);
    expect(await ids({ from: '2020-01-15', to: '2020-01-15' })).toEqual([a.report_id]);
    expect(await ids({ to: '2020-01-14' })).toEqual([]);
    expect(await codeOf(listErrorReports(db, admin, { from: '2020-02-30' }))).toBe(40000);
    const page = await listErrorReports(db, admin, { keyword: 'filter', page: 2, page_size: 2 });
    expect(page).toMatchObject({ total: 3, pages: 2, page: 2, page_size: 2 });
    expect(page.list.map((r) => r.report_id)).toEqual([a.report_id]);
    expect(page.list[0]).toMatchObject({ account: expect.stringContaining('@example.com'), status: 'open', error_type: 3 });
  });
});

describe('resolveErrorReports', () => {
  it('resolves the open ones with their log lines; an id out of scope changes nothing', async () => {
    const manager = await createUser(1, otherSite);
    const user = await createUser(2, otherSite);
    const foreign = await createErrorReport(db, reportOf(await createUser(2, mainSite)));
    const r1 = await createErrorReport(db, reportOf(user));
    const r2 = await createErrorReport(db, reportOf(user));
    const lines: ReportAuditEntry[] = [];
    const audit = async (_c: unknown, e: ReportAuditEntry) => void lines.push(e);
    expect(await codeOf(resolveErrorReports(db, manager, [r1.report_id, foreign.report_id], audit))).toBe(44061);
    expect(lines).toEqual([]);
    expect(await resolveErrorReports(db, manager, [r1.report_id, r2.report_id, r1.report_id], audit)).toEqual({ resolved: 2 });
    expect(lines.map((l) => [l.action, l.targetId, l.siteId])).toEqual([
      ['error_report.resolve', r1.report_id, otherSite],
      ['error_report.resolve', r2.report_id, otherSite],
    ]);
    expect(await resolveErrorReports(db, manager, [r1.report_id], audit)).toEqual({ resolved: 0 });
    const [item] = (await listErrorReports(db, manager, { status: 'resolved' })).list.filter((r) => r.report_id === r1.report_id);
    expect(item).toMatchObject({ resolved_by: manager.userId, status: 'resolved' });
    expect(item!.resolved_at).not.toBeNull();
    const { rows } = await db.query('SELECT status FROM error_reports WHERE report_id = $1', [foreign.report_id]);
    expect(rows[0]).toEqual({ status: 'open' });
  });
});

describe('addReportToMemory', () => {
  it('adds source -> proposal to the system memory and resolves the report; the memory then answers it', async () => {
    const admin = await createUser(0, mainSite, true);
    const user = await createUser(2, mainSite);
    const bank = await systemMemory(admin, 'Reports EN-ZH');
    const { report_id } = await createErrorReport(db, reportOf(user, { source: 'The fox jumps.', proposal: '狐狸跳了。' }));
    const lines: string[] = [];
    const result = await addReportToMemory(
      db,
      admin,
      { reportId: report_id, bankId: bank.bank_id },
      async (_c, e) => void lines.push(e.action),
    );
    expect(result.report).toMatchObject({
      status: 'resolved',
      bank_id: bank.bank_id,
      bank_name: 'Reports EN-ZH',
      entry_id: result.entry_id,
    });
    expect(lines).toEqual(['entry.create', 'error_report.to_memory']);
    const exact = await createTmPort(db).exactMatch(user.userId, 'en-us', 'zh-cn', 'The fox jumps.');
    expect(exact?.translated).toBe('狐狸跳了。');
    expect(await codeOf(addReportToMemory(db, admin, { reportId: report_id, bankId: bank.bank_id }))).toBe(44064);
  });

  it('refuses an empty proposal, another pair, a memory the staff may not write, and a failing log line, writing nothing', async () => {
    const admin = await createUser(0, mainSite, true);
    const manager = await createUser(1, otherSite);
    const user = await createUser(2, otherSite);
    const mainBank = await systemMemory(admin, 'Main EN-ZH');
    const jaBank = await systemMemory(admin, 'JA-KO', 'ja', 'ko');
    const noProposal = await createErrorReport(db, reportOf(user, { proposal: '  ' }));
    const report = await createErrorReport(db, reportOf(user, { source: 'Refused source' }));
    expect(await codeOf(addReportToMemory(db, admin, { reportId: noProposal.report_id, bankId: mainBank.bank_id }))).toBe(44062);
    expect(await codeOf(addReportToMemory(db, admin, { reportId: report.report_id, bankId: jaBank.bank_id }))).toBe(44063);
    // The manager sees the report (their site's) but may not write the main site's system memory.
    expect(await codeOf(addReportToMemory(db, manager, { reportId: report.report_id, bankId: mainBank.bank_id }))).toBe(42000);
    const failing = async () => {
      throw new Error('log down');
    };
    await expect(addReportToMemory(db, admin, { reportId: report.report_id, bankId: mainBank.bank_id }, failing)).rejects.toThrow(
      'log down',
    );
    const { rows } = await db.query('SELECT status, entry_id FROM error_reports WHERE report_id = $1', [report.report_id]);
    expect(rows[0]).toEqual({ status: 'open', entry_id: null });
    const entries = await db.query('SELECT count(*)::int AS n FROM tm_entries WHERE bank_id = $1', [mainBank.bank_id]);
    expect(entries.rows[0]).toEqual({ n: 0 });
    // A report of the main site is not the manager's (44061), whatever the memory.
    const foreign = await createErrorReport(db, reportOf(await createUser(2, mainSite)));
    expect(await codeOf(addReportToMemory(db, manager, { reportId: foreign.report_id, bankId: mainBank.bank_id }))).toBe(44061);
  });

  it('takes the reverse pair into a two-way memory', async () => {
    const admin = await createUser(0, mainSite, true);
    const bank = await systemMemory(admin, 'ZH<>EN two-way', 'zh-cn', 'en-us', 1);
    const { report_id } = await createErrorReport(db, reportOf(admin, { source: 'Two way source', proposal: '双向' }));
    const result = await addReportToMemory(db, admin, { reportId: report_id, bankId: bank.bank_id });
    const { rows } = await db.query('SELECT src_lang, tgt_lang FROM tm_entries WHERE entry_id = $1', [result.entry_id]);
    expect(rows[0]).toEqual({ src_lang: 'en-us', tgt_lang: 'zh-cn' });
  });
});

describe('listReportMemories', () => {
  it('lists the system memories of the pair (and two-way reverse ones) the staff member may write', async () => {
    const admin = await createUser(0, mainSite, true);
    const manager = await createUser(1, otherSite);
    const own = await systemMemory(manager, 'Manager KO-RU', 'ko', 'ru');
    const main = await systemMemory(admin, 'Main KO-RU', 'ko', 'ru');
    const reverse = await systemMemory(admin, 'Main RU<>KO', 'ru', 'ko', 1);
    await systemMemory(admin, 'Main RU-KO one-way', 'ru', 'ko');
    const names = async (staff: ReportStaff) =>
      (await listReportMemories(db, staff, { src_lang: 'ko', tgt_lang: 'ru' })).map((b) => b.bank_id).sort((x, y) => x - y);
    expect(await names(admin)).toEqual([own.bank_id, main.bank_id, reverse.bank_id]);
    expect(await names(manager)).toEqual([own.bank_id]);
  });
});
