/**
 * The FAQ of /problem: questions (plain text) and answers (rich text, cleaned when stored and
 * again when read) in both interface languages, one list for every site, edited by
 * administrators. Every change commits with its system-log line.
 */
import { inTransaction, type Db } from '@mtp/platform';
import { AppError, type AdminFaq, type CreateFaqBody, type FaqItem, type UiLang, type UpdateFaqBody } from '@mtp/proto';
import type pg from 'pg';
import { recordAction } from '../system-log/record';
import { assertContentAdmin, type ContentEditor } from './editor';
import { cleanForStorage, sanitizeRichText } from './sanitize';

type FaqRow = { faq_id: number; question_zh: string; question_en: string; answer_zh: string; answer_en: string; sort_order: number };

const COLUMNS = 'faq_id, question_zh, question_en, answer_zh, answer_en, sort_order';
const ORDER = 'ORDER BY sort_order, faq_id';

function toAdmin(r: FaqRow): AdminFaq {
  return {
    faq_id: r.faq_id,
    question: { zh_CN: r.question_zh, en_US: r.question_en },
    answer: { zh_CN: sanitizeRichText(r.answer_zh), en_US: sanitizeRichText(r.answer_en) },
    sort_order: r.sort_order,
  };
}

/** The FAQ as /problem shows it, in the reader's language. */
export async function listFaq(db: Db, lang: UiLang): Promise<FaqItem[]> {
  const { rows } = await db.query<FaqRow>(`SELECT ${COLUMNS} FROM faq_entries ${ORDER}`);
  return rows.map((r) => ({
    faq_id: r.faq_id,
    question: lang === 'zh_CN' ? r.question_zh : r.question_en,
    answer: sanitizeRichText(lang === 'zh_CN' ? r.answer_zh : r.answer_en),
  }));
}

export async function listFaqForEditing(db: Db, editor: ContentEditor): Promise<AdminFaq[]> {
  assertContentAdmin(editor.ctx);
  const { rows } = await db.query<FaqRow>(`SELECT ${COLUMNS} FROM faq_entries ${ORDER}`);
  return rows.map(toAdmin);
}

const stored = (body: CreateFaqBody) => [
  body.question.zh_CN,
  body.question.en_US,
  cleanForStorage(body.answer.zh_CN, 'answer.zh_CN'),
  cleanForStorage(body.answer.en_US, 'answer.en_US'),
  body.sort_order ?? 0,
];

export async function createFaq(db: Db, editor: ContentEditor, body: CreateFaqBody): Promise<AdminFaq> {
  assertContentAdmin(editor.ctx);
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<FaqRow>(
      `INSERT INTO faq_entries (question_zh, question_en, answer_zh, answer_en, sort_order, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${COLUMNS}`,
      [...stored(body), editor.ctx.userId],
    );
    const after = toAdmin(rows[0]!);
    await recordAction(client, editor.actor, { action: 'faq.create', targetType: 'faq', targetId: after.faq_id, after });
    return after;
  });
}

async function lockFaq(client: pg.PoolClient, id: number): Promise<AdminFaq> {
  const { rows } = await client.query<FaqRow>(`SELECT ${COLUMNS} FROM faq_entries WHERE faq_id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return toAdmin(rows[0]);
}

export async function updateFaq(db: Db, editor: ContentEditor, body: UpdateFaqBody): Promise<AdminFaq> {
  assertContentAdmin(editor.ctx);
  return inTransaction(db, async (client) => {
    const before = await lockFaq(client, body.faq_id);
    const { rows } = await client.query<FaqRow>(
      `UPDATE faq_entries SET question_zh = $2, question_en = $3, answer_zh = $4, answer_en = $5, sort_order = $6,
         updated_by = $7, updated_at = now()
       WHERE faq_id = $1 RETURNING ${COLUMNS}`,
      [body.faq_id, ...stored({ ...body, sort_order: body.sort_order ?? before.sort_order }), editor.ctx.userId],
    );
    const after = toAdmin(rows[0]!);
    await recordAction(client, editor.actor, { action: 'faq.update', targetType: 'faq', targetId: after.faq_id, before, after });
    return after;
  });
}

/** Deletes all of `ids` or none (a missing one answers 40400). */
export async function deleteFaq(db: Db, editor: ContentEditor, ids: number[]): Promise<{ deleted: number }> {
  assertContentAdmin(editor.ctx);
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return inTransaction(db, async (client) => {
    for (const id of unique) {
      const before = await lockFaq(client, id);
      await client.query('DELETE FROM faq_entries WHERE faq_id = $1', [id]);
      await recordAction(client, editor.actor, { action: 'faq.delete', targetType: 'faq', targetId: id, before });
    }
    return { deleted: unique.length };
  });
}
