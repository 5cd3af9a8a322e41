/**
 * `admin/stats/export`: the figures of the page as CSV (UTF-8 with a BOM so spreadsheets read
 * Chinese), in four blocks separated by an empty line: the days, the language pairs, the revenue
 * per sku and the top users. Every cell is quoted and passed through `neutralizeFormula`, so an
 * account name such as `=HYPERLINK(...)` arrives as text, never as a formula. Money stays in cents.
 */
import { neutralizeFormula } from '@mtp/platform';
import type { StatsData, UiLang } from '@mtp/proto';

const HEADERS = {
  en_US: {
    days: [
      'Day',
      'Text characters',
      'Document characters',
      'Picture characters',
      'Web characters',
      'API characters',
      'Active users',
      'New users',
      'Tasks done',
      'Tasks failed',
      'Tasks interrupted',
      'Revenue (cents)',
    ],
    pairs: ['Source language', 'Target language', 'Characters'],
    revenue: ['SKU', 'Goods type', 'Plan', 'Orders', 'Amount (cents)'],
    users: ['User ID', 'Account', 'Username', 'Site', 'Characters'],
  },
  zh_CN: {
    days: [
      '日期',
      '文本字符',
      '文档字符',
      '图片字符',
      '网页字符',
      'API字符',
      '活跃用户',
      '新用户',
      '完成任务',
      '失败任务',
      '中断任务',
      '收入（分）',
    ],
    pairs: ['源语言', '目标语言', '字符数'],
    revenue: ['商品编码', '商品类型', '套餐', '订单数', '金额（分）'],
    users: ['用户 ID', '账号', '用户名', '站点', '字符数'],
  },
} as const;

const cell = (v: string | number | null) => `"${neutralizeFormula(String(v ?? '')).replace(/"/g, '""')}"`;
const line = (cells: readonly (string | number | null)[]) => cells.map(cell).join(',');

export function statsCsv(data: StatsData, lang: UiLang): string {
  const h = HEADERS[lang];
  const blocks = [
    [
      h.days,
      ...data.days.map((d) => [
        d.day,
        d.chars.text,
        d.chars.document,
        d.chars.picture,
        d.chars.web,
        d.chars.api,
        d.active_users,
        d.new_users,
        d.tasks.done,
        d.tasks.failed,
        d.tasks.interrupted,
        d.revenue_cents,
      ]),
    ],
    [h.pairs, ...data.pairs.map((p) => [p.src_lang, p.tgt_lang, p.chars])],
    [h.revenue, ...data.revenue.map((r) => [r.sku_code, r.goods_type, r.plan, r.orders, r.amount_cents])],
    [h.users, ...data.top_users.map((u) => [u.user_id, u.account, u.username, u.site_id, u.chars])],
  ];
  return `\ufeff${blocks.map((rows) => rows.map(line).join('\r\n')).join('\r\n\r\n')}\r\n`;
}
