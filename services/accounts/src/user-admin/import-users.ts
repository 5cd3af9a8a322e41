/**
 * Batch import (`admin/users/import`): every good row becomes a pre-activated user, each in its
 * own transaction with its log line, so one bad row never stops the others; every bad row is
 * reported with its row number and the reason in the caller's language (the format rules,
 * a duplicate in the file, an account already registered, the member cap, a role or site the
 * caller may not use). A summary line `user.import` follows.
 */
import { AppError, CODES, detailIn, ROLES, type ImportRowError, type ImportUsersData, type LocalizedText, type UiLang } from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import type { AccountsDeps } from '../deps';
import { hashPassword } from '../password-crypto';
import { recordAction } from '../system-log/record';
import { normalizeAccount } from '../users';
import { checkNewMember, insertMember, placeOf } from './add-member';
import { assertStaff, type StaffCaller } from './scope';
import { readUserFile, type FileRow } from './user-file';

const BAD_ROLE: LocalizedText = { zh_CN: '角色须为 1（企业管理员）或 2（普通用户）', en_US: 'The role must be 1 (manager) or 2 (user)' };
const duplicateOf = (row: number): LocalizedText => ({
  zh_CN: `与第 ${row} 行的账号重复`,
  en_US: `Duplicate of the account in row ${row}`,
});

function reasonOf(err: AppError, lang: UiLang): string {
  const detail = detailIn(err.detail, lang);
  // INVALID_PARAMS carries its own words; the others' table message says it all.
  if (err.codeName === 'INVALID_PARAMS' && detail) return detail;
  return CODES[err.codeName][lang];
}

function roleOf(text: string): number | undefined {
  if (text === '') return undefined;
  const n = Number(text);
  if (n !== ROLES.MANAGER && n !== ROLES.NORMAL) throw new AppError('INVALID_PARAMS', BAD_ROLE);
  return n;
}

/** A site column holds an id or a site code; one that names no site answers 40027. */
async function siteOf(deps: AccountsDeps, text: string, cache: Map<string, number>): Promise<number | undefined> {
  if (text === '') return undefined;
  const known = cache.get(text);
  if (known !== undefined) return known;
  const byId = /^\d{1,9}$/.test(text);
  const { rows } = await deps.db.query<{ site_id: number }>(
    `SELECT site_id FROM sites WHERE ${byId ? 'site_id = $1::int' : 'site_code = $1'}`,
    [text],
  );
  if (!rows[0]) throw new AppError('SITE_NOT_FOUND');
  cache.set(text, rows[0].site_id);
  return rows[0].site_id;
}

async function importRow(deps: AccountsDeps, caller: StaffCaller, r: FileRow, sites: Map<string, number>): Promise<void> {
  const failed = checkNewMember(r);
  if (failed) throw failed;
  const place = placeOf(caller, { role: roleOf(r.role), siteId: await siteOf(deps, r.site, sites) });
  const passwordHash = await hashPassword(r.password);
  await inTransaction(deps.db, (client) => insertMember(client, caller, { ...r, passwordHash, ...place }));
}

export async function importUsers(deps: AccountsDeps, caller: StaffCaller, file: Buffer, lang: UiLang): Promise<ImportUsersData> {
  assertStaff(caller);
  const rows = await readUserFile(file);
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  const sites = new Map<string, number>();
  let imported = 0;
  for (const r of rows) {
    const key = normalizeAccount(r.account);
    const first = seen.get(key);
    if (first !== undefined && key !== '') {
      errors.push({ row: r.row, account: r.account, reason: duplicateOf(first)[lang] });
      continue;
    }
    seen.set(key, r.row);
    try {
      await importRow(deps, caller, r, sites);
      imported++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push({ row: r.row, account: r.account.slice(0, 120), reason: reasonOf(err, lang) });
    }
  }
  await recordAction(deps.db, caller.log, {
    action: 'user.import',
    targetType: 'site',
    targetId: caller.siteId,
    after: { rows: rows.length, imported, failed: errors.length },
  });
  return { imported, rows: rows.length, errors };
}
