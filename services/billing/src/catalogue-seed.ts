/**
 * The catalogue's first rows, as a migration generated from the constants (proto's SKUS and the
 * API packages), so a fresh database and an upgraded one get the same skus. `ON CONFLICT DO
 * NOTHING`: a sku already there keeps the price an administrator gave it.
 */
import type { Migration } from '@mtp/platform';
import { CATALOGUE_SKUS } from './catalogue-skus';

/** A SQL literal of a constant: codes are fixed identifiers, but quote them properly anyway. */
const text = (v: string | null) => (v === null ? 'NULL' : `'${v.replace(/'/g, "''")}'`);

export function catalogueSeedMigration(): Migration {
  const rows = CATALOGUE_SKUS.map(
    (s, i) =>
      `(${text(s.code)}, ${text(s.goodsType)}, ${text(s.plan)}, ${s.level}, ${s.priceCents}, ${s.quotaChars}, ${s.months}, ${s.validDays}, ${i + 1})`,
  );
  return {
    id: 'billing/002_commerce.seed',
    sql: `INSERT INTO goods_skus (code, goods_type, plan, level, price_cents, quota_chars, months, valid_days, sort_order) VALUES
${rows.join(',\n')}
ON CONFLICT (code) DO NOTHING;`,
  };
}
