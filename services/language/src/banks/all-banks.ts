/**
 * Lists across owners: every user's individual banks for staff moderation
 * (`tm_term_library/get_all_list/{flag}`) and the public termbases anyone may read
 * (`public_term/get_public_term_list/banks`).
 */
import type { Db } from '@mtp/platform';
import { AppError, ROLES, type AllBankList, type AllBankListQuery, type BankItem } from '@mtp/proto';
import { isStaff, likePattern, toBankItem, type BankRow } from './banks';
import { DEFAULT_PAGE_SIZE } from './entries';
import type { Actor, Flag } from './types';

type OwnedBankRow = BankRow & { account: string; username: string };

/**
 * Staff only (others NO_PERMISSION): administrators see every individual bank, managers those
 * whose `site_id` (the owner's site when the bank was made) is their own. Newest first; `keyword`
 * matches the bank name, the owner's account or username.
 */
export async function listAllBanks(db: Db, actor: Actor, flag: Flag, query: AllBankListQuery = {}): Promise<AllBankList> {
  if (!isStaff(actor)) throw new AppError('NO_PERMISSION', "other users' banks are for administrators");
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const params: unknown[] = [flag];
  let where = 'b.flag = $1 AND b.system_or_individual = 1';
  if (!isAdmin(actor)) {
    params.push(actor.siteId);
    where += ` AND b.site_id = $${params.length}`;
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    params.push(likePattern(keyword));
    const k = `$${params.length}`;
    where += ` AND (b.name ILIKE ${k} OR u.account ILIKE ${k} OR u.username ILIKE ${k})`;
  }
  const from = `FROM tm_banks b JOIN users u ON u.user_id = b.user_id WHERE ${where}`;
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const total = counted.rows[0]!.n;
  const { rows } = await db.query<OwnedBankRow>(
    `SELECT b.*, u.account, u.username ${from} ORDER BY b.bank_id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  const list = rows.map((r) => ({ ...toBankItem(r), user_id: r.user_id!, account: r.account, username: r.username, site_id: r.site_id }));
  return { list, total, pages: Math.ceil(total / pageSize), page, page_size: pageSize };
}

const isAdmin = (actor: Actor) => actor.role === ROLES.ADMIN;

/** The public termbases, oldest first (no login needed). */
export async function listPublicTermBanks(db: Db): Promise<BankItem[]> {
  const { rows } = await db.query<BankRow>('SELECT * FROM tm_banks WHERE is_public ORDER BY bank_id');
  return rows.map(toBankItem);
}
