/**
 * The admin order list (`admin/orders`) and its CSV export (`admin/orders/export`): the same
 * filter (buyer's account or username, payment state, creation dates inclusive), paged or whole.
 */
import { neutralizeFormula, type Db } from '@mtp/platform';
import { AppError, type AdminOrderItem, type AdminOrdersData, type AdminOrdersQuery, type UiLang } from '@mtp/proto';
import { stringify } from 'csv-stringify/sync';
import { orderSelect, pageOf, toOrderItem, type OrderRow } from './order-items';

type AdminRow = OrderRow & { account: string; username: string };

/** The most rows one export holds; past it, narrow the filter. */
export const EXPORT_MAX_ROWS = 100_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(value: string, name: string): Date {
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new AppError('INVALID_PARAMS', `${name} must be YYYY-MM-DD`);
  return new Date(`${value}T00:00:00Z`);
}

/** WHERE clause and its parameters; `$1` is reserved for the time the use status is computed at. */
function filterOf(q: AdminOrdersQuery): { where: string; params: unknown[] } {
  const conds: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    conds.push(sql(`$${params.length + 1}`));
  };
  if (q.keyword && q.keyword.trim() !== '') {
    const like = `%${q.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((p) => `(u.account ILIKE ${p} OR u.username ILIKE ${p})`, like);
  }
  if (q.pay_status !== undefined) add((p) => `o.pay_status = ${p}`, q.pay_status);
  if (q.from) add((p) => `o.created_at >= ${p}`, dayStart(q.from, 'from'));
  // `to` is inclusive: up to the end of that day (UTC).
  if (q.to) add((p) => `o.created_at < ${p}`, new Date(dayStart(q.to, 'to').getTime() + 86_400_000));
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', params };
}

const FROM_USERS = 'JOIN users u ON u.user_id = o.user_id';

function selectAdmin(): string {
  return orderSelect('$1').replace('SELECT ', 'SELECT u.account, u.username, ') + ` ${FROM_USERS}`;
}

const toAdminItem = (r: AdminRow, lang: UiLang): AdminOrderItem => ({
  ...toOrderItem(r, lang),
  user_id: r.user_id,
  account: r.account,
  username: r.username,
  provider: r.provider,
});

export async function listAdminOrders(db: Db, q: AdminOrdersQuery, lang: UiLang, now = new Date()): Promise<AdminOrdersData> {
  const { size, offset } = pageOf(q);
  const { where, params } = filterOf(q);
  const n = params.length + 2;
  const [list, count] = await Promise.all([
    db.query<AdminRow>(`${selectAdmin()} ${where} ORDER BY o.created_at DESC, o.order_id DESC LIMIT $${n} OFFSET $${n + 1}`, [
      now,
      ...params,
      size,
      offset,
    ]),
    db.query<{ n: string }>(
      `SELECT count(*) AS n FROM orders o ${FROM_USERS} ${where.replace(/\$(\d+)/g, (_, d) => `$${Number(d) - 1}`)}`,
      params,
    ),
  ]);
  const total = Number(count.rows[0]!.n);
  return { order_list: list.rows.map((r) => toAdminItem(r, lang)), pages: Math.ceil(total / size), total };
}

const HEADERS: Record<UiLang, string[]> = {
  en_US: ['Order', 'Account', 'Username', 'Goods', 'SKU', 'Price (yuan)', 'Payment', 'Created', 'Paid', 'Start', 'End', 'Provider'],
  zh_CN: ['订单号', '账号', '用户名', '商品', 'SKU', '价格（元）', '支付状态', '创建时间', '支付时间', '开始时间', '结束时间', '支付渠道'],
};
const PAY_NAMES: Record<UiLang, string[]> = {
  en_US: ['unpaid', 'paying', 'paid', 'failed'],
  zh_CN: ['未支付', '支付中', '已支付', '支付失败'],
};

/** The filtered orders as CSV (UTF-8 with a BOM so spreadsheets read Chinese), every cell formula-safe. */
export async function exportAdminOrdersCsv(db: Db, q: AdminOrdersQuery, lang: UiLang, now = new Date()): Promise<string> {
  const { where, params } = filterOf(q);
  const { rows } = await db.query<AdminRow>(
    `${selectAdmin()} ${where} ORDER BY o.created_at DESC, o.order_id DESC LIMIT ${EXPORT_MAX_ROWS}`,
    [now, ...params],
  );
  const records = rows.map((r) => {
    const o = toAdminItem(r, lang);
    return [
      o.tid,
      o.account,
      o.username,
      o.goods_name,
      o.sku_code,
      (o.price / 100).toFixed(2),
      PAY_NAMES[lang][o.pay_status],
      o.created_at,
      o.paid_at ?? '',
      o.start_time ?? '',
      o.end_time ?? '',
      o.provider,
    ];
  });
  const cells = [HEADERS[lang], ...records].map((row) => row.map((c) => neutralizeFormula(String(c))));
  return `\ufeff${stringify(cells, { quoted: true })}`;
}
