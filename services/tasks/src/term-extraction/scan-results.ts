/**
 * What the document workers report on `terms.results`: a scan's candidates are in storage
 * (`terms.extracted`), or its file could not be opened (`terms.failed`). The candidates are read,
 * checked and cut to the limits, looked up in the user's termbases and memories in one batch,
 * and inserted with one statement in the same transaction that marks the scan done. A repeated
 * or late report finds the scan no longer working and changes nothing.
 */
import { consumeJobsOf, inTransaction, type JobConsumer } from '@mtp/platform';
import { BUS, CODES, checkBusMessage, ExtractedTerm, TERM_EXTRACTION_LIMITS, type LanguageCode, type TermExtractionDone } from '@mtp/proto';
import { scanTermsKey, type ScanDeps } from './scan-deps';

type Extracted = Extract<TermExtractionDone, { kind: 'terms.extracted' }>;
type Failed = Extract<TermExtractionDone, { kind: 'terms.failed' }>;
type WorkingScan = { user_id: number; src_lang: LanguageCode; tgt_lang: LanguageCode };

const cut = (text: string, max: number) => [...text.trim()].slice(0, max).join('');

/** The worker's list, kept to what the schema and the limits allow; the same term twice keeps its best. */
export function cleanCandidates(raw: unknown): ExtractedTerm[] {
  if (!Array.isArray(raw)) throw new Error('the candidates are not a list');
  const seen = new Set<string>();
  const out: ExtractedTerm[] = [];
  for (const item of raw) {
    if (!checkBusMessage(ExtractedTerm, item)) continue;
    const term = cut(item.term, TERM_EXTRACTION_LIMITS.termChars);
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    out.push({ term, frequency: item.frequency, score: Number.isFinite(item.score) ? item.score : 0, example: cut(item.example, 1000) });
    if (out.length >= TERM_EXTRACTION_LIMITS.maxCandidates) break;
  }
  return out;
}

async function workingScan(deps: ScanDeps, taskId: string): Promise<WorkingScan | null> {
  const { rows } = await deps.db.query<WorkingScan>(
    `SELECT user_id, src_lang, tgt_lang FROM term_extractions WHERE task_id = $1 AND status = 'working'`,
    [taskId],
  );
  return rows[0] ?? null;
}

async function onExtracted(deps: ScanDeps, result: Extracted): Promise<void> {
  const scan = await workingScan(deps, result.task_id);
  if (!scan) return;
  const candidates = cleanCandidates(JSON.parse((await deps.storage.getBuffer(scanTermsKey(result.task_id))).toString('utf8')));
  const known = await deps.terms.lookup(
    scan.user_id,
    scan.src_lang,
    scan.tgt_lang,
    candidates.map((c) => c.term),
  );
  await inTransaction(deps.db, async (client) => {
    // The row lock makes two deliveries of the same report take turns; the second finds it done.
    const { rowCount } = await client.query(
      `UPDATE term_extractions SET status = 'done', finished_at = now() WHERE task_id = $1 AND status = 'working'`,
      [result.task_id],
    );
    if (!rowCount) return;
    await client.query(
      `INSERT INTO term_candidates (task_id, rank, term, translation, frequency, score, in_termbase, example)
       SELECT $1, n, term, translation, frequency, score, in_termbase, example
       FROM unnest($2::text[], $3::text[], $4::int[], $5::float8[], $6::bool[], $7::text[])
         WITH ORDINALITY AS c(term, translation, frequency, score, in_termbase, example, n)
       ON CONFLICT (task_id, rank) DO NOTHING`,
      [
        result.task_id,
        candidates.map((c) => c.term),
        known.map((k) => cut(k.translation, TERM_EXTRACTION_LIMITS.translationChars)),
        candidates.map((c) => c.frequency),
        candidates.map((c) => c.score),
        known.map((k) => k.inTermbase),
        candidates.map((c) => c.example),
      ],
    );
  });
}

/** The worker's code names the spec's error; its detail (English, internals) stays in the row for the log. */
async function onFailed(deps: ScanDeps, result: Failed): Promise<void> {
  deps.log(`document scan ${result.task_id} failed: ${result.detail}`);
  await failScan(deps, result.task_id, CODES[result.code].code, result.detail);
}

/** Ends a working scan as failed (a refused file, or a job that died); false when it had ended already. */
export async function failScan(deps: Pick<ScanDeps, 'db'>, taskId: string, code: number, message: string): Promise<boolean> {
  const { rowCount } = await deps.db.query(
    `UPDATE term_extractions SET status = 'failed', code = $2, message = $3, finished_at = now()
     WHERE task_id::text = $1 AND status = 'working'`,
    [taskId, code, message.slice(0, 2000)],
  );
  return !!rowCount;
}

export async function onScanResult(deps: ScanDeps, result: TermExtractionDone): Promise<void> {
  switch (result.kind) {
    case 'terms.extracted':
      return onExtracted(deps, result);
    case 'terms.failed':
      return onFailed(deps, result);
    default:
      throw new Error(`unknown scan result ${(result as { kind: string }).kind}`);
  }
}

export function consumeScanResults(deps: ScanDeps): Promise<JobConsumer> {
  return consumeJobsOf(deps.bus, BUS.termExtractionResults, (job) => onScanResult(deps, job.payload), { concurrency: 2 });
}
