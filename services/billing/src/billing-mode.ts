/**
 * The deployment's billing mode. `BILLING=off` is a private deployment: nothing is sold and every
 * account may translate without limit. The gateway records the mode at start (`setBillingMode`);
 * every process that reserves characters reads it from the same row, so they cannot disagree.
 */
import type { Db } from '@mtp/platform';
import type { Queryable } from './grants';
import { UNLIMITED_SKU } from './periods';

export async function billingEnabled(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ enabled: boolean }>({ name: 'billing-enabled', text: 'SELECT enabled FROM billing_settings' });
  return rows[0]?.enabled ?? true;
}

/**
 * Records the mode. Turning billing back on ends the unlimited allowances now, so nobody keeps
 * one until the end of the month.
 */
export async function setBillingMode(db: Db, enabled: boolean, now = new Date()): Promise<void> {
  await db.query('UPDATE billing_settings SET enabled = $1', [enabled]);
  if (enabled) {
    await db.query(
      "UPDATE quota_grants SET expires_at = greatest($2::timestamptz, starts_at + interval '1 millisecond') WHERE sku = $1 AND expires_at > $2",
      [UNLIMITED_SKU, now],
    );
  }
}
