/**
 * Banks: translation memories (flag 0) and termbases (flag 1). A user reads their own
 * individual banks and every system bank; only administrators (any system bank) and managers
 * (their site's) change system banks. Someone else's individual bank answers NOT_FOUND, so its
 * existence does not leak, except to staff moderating it: administrators (any site) and
 * managers (their own site) may read, export and delete other users' banks, never write them.
 */
import { inTransaction, type Db } from '@mtp/platform';
import {
  AppError,
  ROLES,
  type BankItem,
  type BankLimits,
  type BankListQuery,
  type CreateBankBody,
  type PlanCode,
  type RenameBankBody,
} from '@mtp/proto';
import { auditBankChange, bankSummary } from './bank-audit';
import { bankLimit, bankLimitError, checkBankName, planLimits } from './rules';
import type { Actor, BankAudit, BanksDeps, Flag, PlanOf } from './types';

/** A pool or a transaction's client. */
export type Queryable = Db | Parameters<Parameters<typeof inTransaction>[1]>[0];

export type BankRow = {
  bank_id: number;
  flag: number;
  system_or_individual: number;
  user_id: number | null;
  site_id: number | null;
  name: string;
  src_lang: string;
  tgt_lang: string;
  tow_way: number;
  domain: string;
  entry_count: number;
  created_at: Date;
  is_public: boolean;
};

export function toBankItem(row: BankRow): BankItem {
  return {
    bank_id: row.bank_id,
    name: row.name,
    bank_name: row.name,
    flag: row.flag,
    system_or_individual: row.system_or_individual,
    src_lang: row.src_lang,
    tgt_lang: row.tgt_lang,
    tow_way: row.tow_way,
    domain: row.domain,
    entry_count: row.entry_count,
    created_at: row.created_at.toISOString(),
    is_public: row.is_public ? 1 : 0,
  };
}

export const isStaff = (actor: Actor) => actor.role === ROLES.ADMIN || actor.role === ROLES.MANAGER;

/**
 * The plan whose section-6 limits hold the actor's banks, or null where none do: system banks,
 * and staff's own banks (issue 17: administrators and managers run the platform and are not held
 * to a plan's memory and termbase limits). Every limit check and `get_list`'s `limits` ask here,
 * so what the screen shows and what is refused cannot disagree.
 */
export async function limitingPlan(planOf: PlanOf, actor: Actor, individual: boolean): Promise<PlanCode | null> {
  if (!individual || isStaff(actor)) return null;
  return planOf(actor.userId);
}

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * `read`: list and export; `moderate`: delete entries or the bank; `write`: create, edit,
 * import or rename. Staff moderate other users' banks but never write into them.
 */
export type BankAccess = 'read' | 'moderate' | 'write';

/** Whether staff may read and moderate this individual bank: administrators all, managers their site's. */
export function moderates(actor: Actor, bank: Pick<BankRow, 'site_id'>): boolean {
  return actor.role === ROLES.ADMIN || (actor.role === ROLES.MANAGER && bank.site_id === actor.siteId);
}

/**
 * The bank the actor may use, or NOT_FOUND (missing, another kind, someone else's that the
 * actor does not moderate or would write into) and NO_PERMISSION (a system bank the actor may
 * only read). `lock` takes the row for the transaction.
 */
export async function loadBank(
  q: Queryable,
  actor: Actor,
  ref: { bankId: number; flag: number; systemOrIndividual?: number | undefined },
  access: BankAccess,
  lock = false,
): Promise<BankRow> {
  const { rows } = await q.query<BankRow>(`SELECT * FROM tm_banks WHERE bank_id = $1${lock ? ' FOR UPDATE' : ''}`, [ref.bankId]);
  const bank = rows[0];
  const visible =
    bank &&
    bank.flag === ref.flag &&
    (ref.systemOrIndividual === undefined || bank.system_or_individual === ref.systemOrIndividual) &&
    (bank.system_or_individual === 0 || bank.user_id === actor.userId || (access !== 'write' && moderates(actor, bank)));
  if (!bank || !visible) throw new AppError('NOT_FOUND', `bank ${ref.bankId}`);
  if (access !== 'read' && bank.system_or_individual === 0) assertManagesSystem(actor, bank.site_id);
  return bank;
}

/** Administrators manage every system bank, managers those of their own site, others none. */
export function assertManagesSystem(actor: Actor, siteId: number | null): void {
  if (actor.role === ROLES.ADMIN) return;
  if (actor.role === ROLES.MANAGER && siteId === actor.siteId) return;
  throw new AppError('NO_PERMISSION', 'system banks are managed by administrators');
}

/** `GET tm_term_library/get_list/{flag}`: own banks first, then system banks; keyword filters names. */
export async function listBanks(db: Db, actor: Actor, flag: Flag, query: BankListQuery = {}): Promise<BankItem[]> {
  const params: unknown[] = [flag, actor.userId];
  let sql = `SELECT * FROM tm_banks WHERE flag = $1 AND (user_id = $2 OR system_or_individual = 0)`;
  if (query.system_or_individual !== undefined) {
    params.push(query.system_or_individual);
    sql += ` AND system_or_individual = $${params.length}`;
  }
  if (query.is_public !== undefined) {
    params.push(query.is_public === 1);
    sql += ` AND is_public = $${params.length}`;
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    params.push(likePattern(keyword));
    sql += ` AND name ILIKE $${params.length}`;
  }
  sql += ' ORDER BY system_or_individual DESC, bank_id';
  const { rows } = await db.query<BankRow>(sql, params);
  return rows.map(toBankItem);
}

/**
 * `get_list`'s `limits`: what the caller's plan allows their own banks of this kind, so the
 * screen can show what is left before a 42005 refuses (the same plan the refusals read).
 * Staff are held to none: no `limits` (the web app then shows and blocks nothing).
 */
export async function bankLimitsOf(deps: BanksDeps, actor: Actor, flag: Flag): Promise<BankLimits | undefined> {
  const plan = await limitingPlan(deps.planOf, actor, true);
  return plan ? planLimits(plan, flag) : undefined;
}

/**
 * `POST tm_term_library/create`. Individual banks count against the owner's plan (42005).
 * `audit` logs staff's changes to banks not their own (bank-audit.ts): here a new system bank.
 */
export async function createBank(deps: BanksDeps, actor: Actor, body: CreateBankBody, audit?: BankAudit): Promise<BankItem> {
  const name = checkBankName(body.name);
  if (body.src_lang === body.tgt_lang) throw new AppError('SAME_LANGUAGE');
  const flag = body.flag as Flag;
  const system = body.system_or_individual === 0;
  const isPublic = body.is_public === 1;
  if (isPublic && (!system || flag !== 1)) throw new AppError('INVALID_PARAMS', 'only system termbases can be public');
  if (system) assertManagesSystem(actor, actor.siteId);
  const plan = await limitingPlan(deps.planOf, actor, !system);
  return inTransaction(deps.db, async (client) => {
    if (plan) {
      // One creation at a time per owner and kind, so two requests cannot both take the last slot.
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [7_413_100 + flag, actor.userId]);
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM tm_banks WHERE user_id = $1 AND flag = $2 AND system_or_individual = 1',
        [actor.userId, flag],
      );
      if (rows[0]!.n >= bankLimit(plan, flag)) throw bankLimitError(plan, flag);
    }
    const { rows } = await client.query<BankRow>(
      `INSERT INTO tm_banks (flag, system_or_individual, user_id, site_id, name, src_lang, tgt_lang, tow_way, domain, is_public)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        flag,
        system ? 0 : 1,
        system ? null : actor.userId,
        actor.siteId,
        name,
        body.src_lang,
        body.tgt_lang,
        body.tow_way ?? 0,
        body.domain?.trim() || 'general',
        isPublic,
      ],
    );
    const bank = rows[0]!;
    await auditBankChange(client, actor, bank, audit, {
      action: 'bank.create',
      targetType: 'bank',
      targetId: bank.bank_id,
      after: bankSummary(bank),
    });
    return toBankItem(bank);
  });
}

/** `POST tm_term_library/rename`. */
export async function renameBank(db: Db, actor: Actor, body: RenameBankBody, audit?: BankAudit): Promise<BankItem> {
  const name = checkBankName(body.name);
  return inTransaction(db, async (client) => {
    const bank = await loadBank(client, actor, { bankId: body.bank_id, flag: body.flag }, 'write', true);
    const { rows } = await client.query<BankRow>('UPDATE tm_banks SET name = $2 WHERE bank_id = $1 RETURNING *', [body.bank_id, name]);
    await auditBankChange(client, actor, bank, audit, {
      action: 'bank.rename',
      targetType: 'bank',
      targetId: bank.bank_id,
      before: { name: bank.name },
      after: { name },
    });
    return toBankItem(rows[0]!);
  });
}

/** `DELETE tm_term_library/delete/{flag}/{bankId}`: the bank and all its entries (staff may moderate). */
export async function deleteBank(db: Db, actor: Actor, flag: Flag, bankId: number, audit?: BankAudit): Promise<{ bank_id: number }> {
  return inTransaction(db, async (client) => {
    const bank = await loadBank(client, actor, { bankId, flag }, 'moderate', true);
    await client.query('DELETE FROM tm_banks WHERE bank_id = $1', [bankId]);
    await auditBankChange(client, actor, bank, audit, {
      action: 'bank.delete',
      targetType: 'bank',
      targetId: bankId,
      before: bankSummary(bank),
    });
    return { bank_id: bankId };
  });
}
