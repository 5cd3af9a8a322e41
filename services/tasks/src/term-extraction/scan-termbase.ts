/**
 * `term_extraction_to_termbase`: the chosen candidates (or the named ones) that have a
 * translation go into one termbase through the gateway's writer (@mtp/language's entry rules,
 * plan limits and system-log audit). Candidates without a translation, and terms the bank has
 * already, are skipped; both kinds are counted in `skipped`. Added and existing terms are then
 * marked `in_termbase`. When the plan's entry limit cannot take them all, none are added (42005):
 * the user chooses fewer, rather than finding a part of the choice written.
 */
import { AppError, type TermExtractionAdded, type TermExtractionToTermbaseBody } from '@mtp/proto';
import type { ScanDeps, TermbaseWriter } from './scan-deps';
import { doneScan } from './scan-queries';

type Picked = { term_id: string; term: string; translation: string };

export async function addScanToTermbase(
  deps: Pick<ScanDeps, 'db'>,
  writer: TermbaseWriter,
  userId: number,
  body: TermExtractionToTermbaseBody,
): Promise<TermExtractionAdded> {
  const scan = await doneScan(deps.db, userId, body.task_id);
  const named = body.term_ids ? [...new Set(body.term_ids)] : null;
  const { rows } = await deps.db.query<Picked>(
    `SELECT term_id, term, translation FROM term_candidates
     WHERE task_id = $1 AND (($2::bigint[] IS NULL AND chosen) OR term_id = ANY($2::bigint[])) ORDER BY rank`,
    [scan.task_id, named],
  );
  if (named && rows.length !== named.length) throw new AppError('TERM_NOT_FOUND');
  const ready = rows.filter((r) => r.translation.trim() !== '');
  if (ready.length === 0) return { added: 0, skipped: rows.length };
  const { added, existing } = await writer.addEntries(
    body.bank_id,
    scan.src_lang,
    scan.tgt_lang,
    ready.map((r) => ({ term: r.term, translation: r.translation })),
  );
  const nowIn = new Set([...added, ...existing].map((t) => t.toLowerCase()));
  const marked = ready.filter((r) => nowIn.has(r.term.toLowerCase())).map((r) => r.term_id);
  await deps.db.query('UPDATE term_candidates SET in_termbase = true WHERE task_id = $1 AND term_id = ANY($2::bigint[])', [
    scan.task_id,
    marked,
  ]);
  return { added: added.length, skipped: rows.length - added.length };
}
