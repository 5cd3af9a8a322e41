/**
 * One user's own banks for the administration's `/user-data` page: their translation memories
 * and termbases (individual banks), with languages, entry count and creation time. Who may see
 * the user is decided by the caller (the gateway's user administration scopes it to the
 * administrator's or manager's users); this only reads.
 */
import type { Db } from '@mtp/platform';
import type { BankItem } from '@mtp/proto';
import { toBankItem, type BankRow } from './banks';

/** Plans allow a handful of banks; staff have no limit, so the page shows the newest this many. */
export const USER_BANKS_SHOWN = 100;

/** Memories first, then termbases, newest first within each. */
export async function listUserBanks(db: Db, userId: number): Promise<BankItem[]> {
  const { rows } = await db.query<BankRow>(
    `SELECT * FROM tm_banks WHERE user_id = $1 AND system_or_individual = 1
     ORDER BY flag, created_at DESC, bank_id DESC LIMIT $2`,
    [userId, USER_BANKS_SHOWN],
  );
  return rows.map(toBankItem);
}
