/**
 * Which banks a user may translate with (the public API's `tm_id` / `tb_id`): the same rule as
 * every lookup and `get_list` (banks.ts `listBanks`): their own banks and the system ones, of the
 * asked kind. A bank of someone else, of the other kind, or that does not exist is not usable.
 */
import type { Db } from '@mtp/platform';
import type { Flag } from './types';

export async function usableBankIds(db: Db, query: { userId: number; flag: Flag; bankIds: readonly number[] }): Promise<number[]> {
  // An id no integer column can hold names no bank (and would make the query itself fail).
  const ids = query.bankIds.filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ bank_id: number }>(
    `SELECT bank_id FROM tm_banks WHERE bank_id = ANY($3::int[]) AND flag = $2 AND (user_id = $1 OR system_or_individual = 0)`,
    [query.userId, query.flag, ids],
  );
  return rows.map((r) => r.bank_id);
}
