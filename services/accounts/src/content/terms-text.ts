/**
 * The user terms text. Each published version keeps its text (migration 007) and the newest
 * one's is served. Administrators either correct the current version's text (`saveTermsText`:
 * nobody is asked again) or publish the text as a new version (`publishTerms`: everyone agrees
 * again at their next login, terms.ts). Both commit with their system-log line.
 */
import { inTransaction, type Db } from '@mtp/platform';
import type { AdminTerms, BilingualHtml, TermsDocument, UiLang } from '@mtp/proto';
import type pg from 'pg';
import { recordAction } from '../system-log/record';
import { publishTermsVersion } from '../terms';
import { assertContentAdmin, type ContentEditor } from './editor';
import { cleanForStorage, sanitizeRichText } from './sanitize';

type TermsRow = { version: number; published_at: Date; body_zh: string; body_en: string };

async function currentRow(q: Db | pg.PoolClient, lock = false): Promise<TermsRow | null> {
  const { rows } = await q.query<TermsRow>(
    `SELECT version, published_at, body_zh, body_en FROM user_terms ORDER BY version DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
  );
  return rows[0] ?? null;
}

const toAdmin = (r: TermsRow): AdminTerms => ({
  version: r.version,
  published_at: r.published_at.toISOString(),
  content: { zh_CN: sanitizeRichText(r.body_zh), en_US: sanitizeRichText(r.body_en) },
});

/** The current terms in the reader's language (the other language's text when this one is empty). */
export async function readTerms(db: Db, lang: UiLang): Promise<TermsDocument> {
  const row = await currentRow(db);
  if (!row) return { version: 1, content: '' };
  const [mine, other] = lang === 'zh_CN' ? [row.body_zh, row.body_en] : [row.body_en, row.body_zh];
  return { version: row.version, content: sanitizeRichText(mine || other) };
}

export async function readTermsForEditing(db: Db, editor: ContentEditor): Promise<AdminTerms> {
  assertContentAdmin(editor.ctx);
  const row = await currentRow(db);
  return row ? toAdmin(row) : { version: 1, published_at: new Date(0).toISOString(), content: { zh_CN: '', en_US: '' } };
}

const cleaned = (content: BilingualHtml) => ({
  zh: cleanForStorage(content.zh_CN, 'content.zh_CN'),
  en: cleanForStorage(content.en_US, 'content.en_US'),
});

/** Corrects the current version's text: users who agreed it are not asked again. */
export async function saveTermsText(db: Db, editor: ContentEditor, content: BilingualHtml): Promise<AdminTerms> {
  assertContentAdmin(editor.ctx);
  const text = cleaned(content);
  return inTransaction(db, async (client) => {
    const before = await currentRow(client, true);
    if (!before) {
      await publishTermsVersion(client, text);
    } else {
      await client.query('UPDATE user_terms SET body_zh = $2, body_en = $3, updated_at = now() WHERE version = $1', [
        before.version,
        text.zh,
        text.en,
      ]);
    }
    const after = toAdmin((await currentRow(client))!);
    await recordAction(client, editor.actor, {
      action: 'terms.update',
      targetType: 'terms',
      targetId: after.version,
      before: before ? toAdmin(before).content : undefined,
      after: after.content,
      siteId: null,
    });
    return after;
  });
}

/** Publishes the text as a new version: everyone agrees again at their next login. */
export async function publishTerms(db: Db, editor: ContentEditor, content: BilingualHtml): Promise<AdminTerms> {
  assertContentAdmin(editor.ctx);
  const text = cleaned(content);
  return inTransaction(db, async (client) => {
    // Two publishes at once would both choose the same next number; the second waits here.
    await client.query('LOCK TABLE user_terms IN SHARE ROW EXCLUSIVE MODE');
    const version = await publishTermsVersion(client, text);
    const after = toAdmin((await currentRow(client))!);
    await recordAction(client, editor.actor, {
      action: 'terms.publish',
      targetType: 'terms',
      targetId: version,
      after: after.content,
      siteId: null,
    });
    return after;
  });
}
