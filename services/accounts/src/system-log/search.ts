/**
 * Reading the system log: `admin/system_log` (paged) and `admin/system_log/export` (CSV), one
 * filter for both. Administrators read every line; a manager reads the lines of their own site and
 * its sub-sites only, so another enterprise's lines are simply not there for them.
 */
import { neutralizeFormula, type Db } from '@mtp/platform';
import {
  AppError,
  ROLES,
  type SystemLogData,
  type SystemLogFilter,
  type SystemLogItem,
  type SystemLogQuery,
  type UiLang,
} from '@mtp/proto';
import { stringify } from 'csv-stringify/sync';
import { assertAdmin } from '../admin-service';
import type { AuthContext } from '../deps';

const DEFAULT_PAGE_SIZE = 20;
/** The most lines one export holds; past it, narrow the filter (as the order export does). */
export const SYSTEM_LOG_EXPORT_MAX_ROWS = 100_000;
const DAY_MS = 86_400_000;

type LogRow = Omit<SystemLogItem, 'at' | 'log_id'> & { log_id: string; at: Date };

function dayStart(value: string, name: string): Date {
  const at = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value)
    throw new AppError('INVALID_PARAMS', `${name} must be YYYY-MM-DD`);
  return at;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of the caller's scope and the filter. */
function whereOf(ctx: AuthContext, f: SystemLogFilter): { where: string; params: unknown[] } {
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    conds.push(sql(`$${params.length}`));
  };
  if (ctx.role !== ROLES.ADMIN) {
    add((p) => `l.site_id IN (SELECT site_id FROM sites WHERE site_id = ${p} OR parent_site_id = ${p})`, ctx.siteId);
  }
  const actor = f.actor?.trim();
  if (actor) add((p) => `l.actor_account ILIKE ${p}`, `%${likeEscaped(actor.toLowerCase())}%`);
  const action = f.action?.trim();
  if (action) add((p) => `l.action LIKE ${p}`, `${likeEscaped(action)}%`);
  const target = f.target?.trim();
  if (target) add((p) => `(l.target_id = ${p} OR l.target_type = ${p})`, target);
  if (f.from) add((p) => `l.at >= ${p}`, dayStart(f.from, 'from'));
  // `to` is inclusive: up to the end of that day (UTC).
  if (f.to) add((p) => `l.at < ${p}`, new Date(dayStart(f.to, 'to').getTime() + DAY_MS));
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

const toItem = (r: LogRow): SystemLogItem => ({ ...r, log_id: Number(r.log_id), at: r.at.toISOString() });

const SELECT = `SELECT l.log_id, l.at, l.action, l.actor_id, l.actor_account, l.site_id, l.target_type, l.target_id,
  l.before, l.after, l.ip, l.user_agent FROM system_log l`;

export async function listSystemLog(db: Db, ctx: AuthContext, q: SystemLogQuery): Promise<SystemLogData> {
  assertAdmin(ctx);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const { where, params } = whereOf(ctx, q);
  const n = params.length;
  const [list, count] = await Promise.all([
    db.query<LogRow>(`${SELECT} ${where} ORDER BY l.at DESC, l.log_id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      pageSize,
      (page - 1) * pageSize,
    ]),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM system_log l ${where}`, params),
  ]);
  const total = Number(count.rows[0]!.n);
  return { list: list.rows.map(toItem), total, pages: Math.ceil(total / pageSize), page, page_size: pageSize };
}

const HEADERS: Record<UiLang, string[]> = {
  en_US: ['Time', 'Action', 'Actor', 'Actor ID', 'Site', 'Target type', 'Target', 'Before', 'After', 'IP', 'User agent'],
  zh_CN: ['时间', '操作', '操作人', '操作人 ID', '站点', '对象类型', '对象', '变更前', '变更后', 'IP', '用户代理'],
};

const jsonCell = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The filtered lines as CSV (UTF-8 with a BOM so spreadsheets read Chinese), every cell formula-safe. */
export async function exportSystemLogCsv(db: Db, ctx: AuthContext, f: SystemLogFilter, lang: UiLang): Promise<string> {
  assertAdmin(ctx);
  const { where, params } = whereOf(ctx, f);
  const { rows } = await db.query<LogRow>(
    `${SELECT} ${where} ORDER BY l.at DESC, l.log_id DESC LIMIT ${SYSTEM_LOG_EXPORT_MAX_ROWS}`,
    params,
  );
  const records = rows.map((r) => [
    r.at.toISOString(),
    r.action,
    r.actor_account,
    r.actor_id ?? '',
    r.site_id ?? '',
    r.target_type,
    r.target_id,
    jsonCell(r.before),
    jsonCell(r.after),
    r.ip,
    r.user_agent,
  ]);
  const cells = [HEADERS[lang], ...records].map((row) => row.map((c) => neutralizeFormula(String(c))));
  return `\ufeff${stringify(cells, { quoted: true })}`;
}
