/**
 * Reading and editing a scan: `term_extraction_query` (one page of candidates, best first, with
 * a keyword and a chosen filter), `term_extraction_latest` (the caller's newest scan: the page's
 * kept state) and `term_extraction_update` (the user's own term, translation, choice).
 * A scan is only ever its owner's: anyone else's, or an expired one, is 44081.
 */
import type { Db } from '@mtp/platform';
import {
  AppError,
  CODES,
  messageOf,
  TERM_EXTRACTION_LIMITS,
  type CodeName,
  type LanguageCode,
  type TermCandidate,
  type TermExtractionQuery,
  type TermExtractionResult,
  type TermExtractionStatus,
  type TermExtractionUpdateBody,
  type UiLang,
} from '@mtp/proto';
import { isUuid } from '../documents/doc-keys';
import type { ScanDeps } from './scan-deps';

export type ScanRow = {
  task_id: string;
  user_id: number;
  file_name: string;
  src_lang: LanguageCode;
  tgt_lang: LanguageCode;
  status: TermExtractionStatus;
  code: number;
  created_at: Date;
};

const CODE_NAMES = new Map(Object.entries(CODES).map(([name, entry]) => [entry.code, name as CodeName]));

/** The caller's scan, or 44081 (someone else's, expired, or never made). */
export async function ownScan(db: Db, userId: number, taskId: string): Promise<ScanRow> {
  if (!isUuid(taskId)) throw new AppError('TERM_TASK_NOT_FOUND');
  const { rows } = await db.query<ScanRow>(
    `SELECT task_id, user_id, file_name, src_lang, tgt_lang, status, code, created_at FROM term_extractions
     WHERE task_id = $1 AND user_id = $2 AND expires_at > now()`,
    [taskId, userId],
  );
  if (!rows[0]) throw new AppError('TERM_TASK_NOT_FOUND');
  return rows[0];
}

/** A finished scan of the caller's, or 44085 while it is still being extracted. */
export async function doneScan(db: Db, userId: number, taskId: string): Promise<ScanRow> {
  const scan = await ownScan(db, userId, taskId);
  if (scan.status !== 'done') throw new AppError('TERM_TASK_NOT_DONE');
  return scan;
}

/** Why it failed, in the caller's language: the code's own message (the worker's detail stays in the row). */
function messageFor(scan: ScanRow, lang: UiLang): string {
  if (scan.status !== 'failed') return '';
  return messageOf(CODE_NAMES.get(scan.code) ?? 'FILE_PARSE_FAILED', lang);
}

type CandidateRow = Omit<TermCandidate, 'term_id'> & { term_id: string };

export async function queryScan(db: Db, userId: number, query: TermExtractionQuery, lang: UiLang): Promise<TermExtractionResult> {
  const scan = await ownScan(db, userId, query.task_id);
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? TERM_EXTRACTION_LIMITS.pageSize;
  const params: unknown[] = [scan.task_id];
  let where = 'task_id = $1';
  const keyword = query.keyword?.trim();
  if (keyword) {
    params.push(`%${keyword.replace(/[\\%_]/g, '\\$&')}%`);
    where += ` AND (term ILIKE $${params.length} OR translation ILIKE $${params.length})`;
  }
  if (query.chosen !== undefined) {
    params.push(query.chosen);
    where += ` AND chosen = $${params.length}`;
  }
  const { rows: counted } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM term_candidates WHERE ${where}`, params);
  const { rows } = await db.query<CandidateRow>(
    `SELECT term_id, term, translation, frequency, score, in_termbase, chosen, example FROM term_candidates WHERE ${where}
     ORDER BY rank LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return {
    task_id: scan.task_id,
    file_name: scan.file_name,
    src_lang: scan.src_lang,
    tgt_lang: scan.tgt_lang,
    status: scan.status,
    message: messageFor(scan, lang),
    list: rows.map((r) => ({ ...r, term_id: Number(r.term_id) })),
    total: counted[0]!.n,
    page,
    page_size: pageSize,
    created_at: scan.created_at.toISOString(),
  };
}

/** The caller's newest scan (first page), or null when they have none. */
export async function latestScan(db: Db, userId: number, lang: UiLang): Promise<TermExtractionResult | null> {
  const { rows } = await db.query<{ task_id: string }>(
    `SELECT task_id FROM term_extractions WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ? queryScan(db, userId, { task_id: rows[0].task_id }, lang) : null;
}

/**
 * `term_extraction_update`: a new term is looked up again (is it in a termbase now?); its
 * translation stays the user's when they sent one, else the termbase's or memory's, if any.
 */
export async function updateCandidate(
  deps: Pick<ScanDeps, 'db' | 'terms'>,
  userId: number,
  body: TermExtractionUpdateBody,
): Promise<TermCandidate> {
  const scan = await doneScan(deps.db, userId, body.task_id);
  const term = body.term?.trim();
  if (body.term !== undefined && !term) throw new AppError('INVALID_PARAMS', 'term');
  let inTermbase: boolean | null = null;
  let found: string | null = null;
  if (term) {
    const [known] = await deps.terms.lookup(userId, scan.src_lang, scan.tgt_lang, [term]);
    inTermbase = known?.inTermbase ?? false;
    found = known?.translation || null;
  }
  const translation = body.translation !== undefined ? body.translation.trim() : found;
  const { rows } = await deps.db.query<CandidateRow>(
    `UPDATE term_candidates SET term = coalesce($3, term), translation = coalesce($4, translation),
       in_termbase = coalesce($5, in_termbase), chosen = coalesce($6, chosen)
     WHERE task_id = $1 AND term_id = $2
     RETURNING term_id, term, translation, frequency, score, in_termbase, chosen, example`,
    [scan.task_id, body.term_id, term ?? null, translation, inTermbase, body.chosen ?? null],
  );
  if (!rows[0]) throw new AppError('TERM_NOT_FOUND');
  return { ...rows[0], term_id: Number(rows[0].term_id) };
}
