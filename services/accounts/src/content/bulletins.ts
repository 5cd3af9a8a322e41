/**
 * Bulletins: shown in the main area of one site (or of every site) during their publish window.
 * HTML is cleaned when stored and again when read (sanitize.ts). Every change commits with its
 * system-log line in one transaction.
 */
import { inTransaction, type Db } from '@mtp/platform';
import {
  AppError,
  type AdminBulletin,
  type AdminBulletinsData,
  type AdminBulletinsQuery,
  type CreateBulletinBody,
  type Notice,
  type UiLang,
  type UpdateBulletinBody,
} from '@mtp/proto';
import type pg from 'pg';
import type { AuthContext } from '../deps';
import { recordAction } from '../system-log/record';
import { bulletinScope, type ContentEditor } from './editor';
import { cleanForStorage, sanitizeRichText } from './sanitize';

type BulletinRow = {
  bulletin_id: number;
  site_id: number | null;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  publish_from: Date;
  publish_until: Date | null;
  updated_at: Date;
  updated_by_account: string;
};

const COLUMNS = 'bulletin_id, site_id, title_zh, title_en, body_zh, body_en, publish_from, publish_until, updated_at, updated_by_account';

function toAdmin(r: BulletinRow): AdminBulletin {
  return {
    bulletin_id: r.bulletin_id,
    site_id: r.site_id,
    title: { zh_CN: r.title_zh, en_US: r.title_en },
    body: { zh_CN: sanitizeRichText(r.body_zh), en_US: sanitizeRichText(r.body_en) },
    publish_from: r.publish_from.toISOString(),
    publish_until: r.publish_until?.toISOString() ?? null,
    updated_at: r.updated_at.toISOString(),
    updated_by: r.updated_by_account,
  };
}

/** The bulletins a visitor of `siteId` sees now, newest first, in their language. */
export async function listLiveBulletins(db: Db, siteId: number, lang: UiLang, now = new Date()): Promise<Notice[]> {
  const { rows } = await db.query<BulletinRow>(
    `SELECT ${COLUMNS} FROM bulletins
     WHERE (site_id = $1 OR site_id IS NULL) AND publish_from <= $2 AND (publish_until IS NULL OR publish_until > $2)
     ORDER BY publish_from DESC, bulletin_id DESC LIMIT 50`,
    [siteId, now],
  );
  return rows.map((r) => ({
    bulletin_id: r.bulletin_id,
    title: lang === 'zh_CN' ? r.title_zh : r.title_en,
    body: sanitizeRichText(lang === 'zh_CN' ? r.body_zh : r.body_en),
    publish_from: r.publish_from.toISOString(),
    publish_until: r.publish_until?.toISOString() ?? null,
  }));
}

/** Every bulletin the editor may change (a manager: their site's), newest first, paged. */
export async function listBulletins(db: Db, ctx: AuthContext, query: AdminBulletinsQuery): Promise<AdminBulletinsData> {
  const scope = bulletinScope(ctx);
  const page = query.page ?? 1;
  const size = query.page_size ?? 10;
  const where = scope === null ? 'TRUE' : 'site_id = $1';
  const params = scope === null ? [] : [scope];
  const [list, count] = await Promise.all([
    db.query<BulletinRow>(
      `SELECT ${COLUMNS} FROM bulletins WHERE ${where} ORDER BY publish_from DESC, bulletin_id DESC
       LIMIT ${size} OFFSET ${(page - 1) * size}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bulletins WHERE ${where}`, params),
  ]);
  const total = count.rows[0]!.n;
  return { list: list.rows.map(toAdmin), total, pages: Math.ceil(total / size) };
}

/** The stored site of a new or changed bulletin: a manager's own; an administrator's choice (null: every site). */
async function siteOf(client: pg.PoolClient, scope: number | null, requested: number | null | undefined): Promise<number | null> {
  if (scope !== null) {
    // Another site is, to a manager, a site that does not exist.
    if (requested != null && requested !== scope) throw new AppError('SITE_NOT_FOUND');
    return scope;
  }
  if (requested == null) return null;
  const { rowCount } = await client.query('SELECT 1 FROM sites WHERE site_id = $1', [requested]);
  if (!rowCount) throw new AppError('SITE_NOT_FOUND');
  return requested;
}

function windowOf(body: CreateBulletinBody, now: Date): { from: Date; until: Date | null } {
  const from = body.publish_from ? new Date(body.publish_from) : now;
  const until = body.publish_until ? new Date(body.publish_until) : null;
  if (until && until <= from) throw new AppError('INVALID_PARAMS', 'publish_until');
  return { from, until };
}

function storedFields(body: CreateBulletinBody) {
  return [
    body.title.zh_CN,
    body.title.en_US,
    cleanForStorage(body.body.zh_CN, 'body.zh_CN'),
    cleanForStorage(body.body.en_US, 'body.en_US'),
  ];
}

export async function createBulletin(db: Db, editor: ContentEditor, body: CreateBulletinBody, now = new Date()): Promise<AdminBulletin> {
  const scope = bulletinScope(editor.ctx);
  const { from, until } = windowOf(body, now);
  return inTransaction(db, async (client) => {
    const siteId = await siteOf(client, scope, body.site_id);
    const { rows } = await client.query<BulletinRow>(
      `INSERT INTO bulletins (site_id, title_zh, title_en, body_zh, body_en, publish_from, publish_until, created_by, updated_by, updated_by_account)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) RETURNING ${COLUMNS}`,
      [siteId, ...storedFields(body), from, until, editor.ctx.userId, editor.ctx.account],
    );
    const created = toAdmin(rows[0]!);
    await recordAction(client, editor.actor, {
      action: 'bulletin.create',
      targetType: 'bulletin',
      targetId: created.bulletin_id,
      after: created,
      siteId,
    });
    return created;
  });
}

/** A bulletin in the editor's reach, locked for the change; anything else is 40400. */
async function lockBulletin(client: pg.PoolClient, scope: number | null, id: number): Promise<BulletinRow> {
  const { rows } = await client.query<BulletinRow>(
    `SELECT ${COLUMNS} FROM bulletins WHERE bulletin_id = $1 AND ($2::int IS NULL OR site_id = $2) FOR UPDATE`,
    [id, scope],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0];
}

export async function updateBulletin(db: Db, editor: ContentEditor, body: UpdateBulletinBody, now = new Date()): Promise<AdminBulletin> {
  const scope = bulletinScope(editor.ctx);
  return inTransaction(db, async (client) => {
    const before = toAdmin(await lockBulletin(client, scope, body.bulletin_id));
    const siteId = await siteOf(client, scope, body.site_id === undefined ? before.site_id : body.site_id);
    const { from, until } = windowOf({ ...body, publish_from: body.publish_from ?? before.publish_from }, now);
    const { rows } = await client.query<BulletinRow>(
      `UPDATE bulletins SET site_id = $2, title_zh = $3, title_en = $4, body_zh = $5, body_en = $6, publish_from = $7,
         publish_until = $8, updated_by = $9, updated_by_account = $10, updated_at = now()
       WHERE bulletin_id = $1 RETURNING ${COLUMNS}`,
      [body.bulletin_id, siteId, ...storedFields(body), from, until, editor.ctx.userId, editor.ctx.account],
    );
    const after = toAdmin(rows[0]!);
    await recordAction(client, editor.actor, {
      action: 'bulletin.update',
      targetType: 'bulletin',
      targetId: after.bulletin_id,
      before,
      after,
      siteId,
    });
    return after;
  });
}

/** Deletes all of `ids` or none: one that is missing or out of reach answers 40400. */
export async function deleteBulletins(db: Db, editor: ContentEditor, ids: number[]): Promise<{ deleted: number }> {
  const scope = bulletinScope(editor.ctx);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return inTransaction(db, async (client) => {
    for (const id of unique) {
      const before = toAdmin(await lockBulletin(client, scope, id));
      await client.query('DELETE FROM bulletins WHERE bulletin_id = $1', [id]);
      await recordAction(client, editor.actor, {
        action: 'bulletin.delete',
        targetType: 'bulletin',
        targetId: id,
        before,
        siteId: before.site_id,
      });
    }
    return { deleted: unique.length };
  });
}
