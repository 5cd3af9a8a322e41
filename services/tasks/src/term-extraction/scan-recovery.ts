/**
 * Scans whose job went missing, sent again from their rows by the recovery sweeper (the same
 * rules as documents, recovery/recovery-rules.ts): a job whose publish failed, one the bus lost
 * (an in-process bus that restarted empty: everything working is resumed at start), or one with
 * no result long after it went out while its queue holds nothing. The results are idempotent, so
 * a job that was only late costs a second extraction, never two lists.
 */
import { queueOf } from '@mtp/platform';
import { BUS, type LanguageCode } from '@mtp/proto';
import { queueIdleness, type RecoveryRules } from '../recovery/recovery-rules';
import { publishScan } from './scan-create';
import type { ScanDeps } from './scan-deps';

type WorkingScan = {
  task_id: string;
  file_name: string;
  ext: string;
  source_key: string;
  src_lang: LanguageCode;
  unpublished: boolean;
  stalled: boolean;
};

export async function recoverScans(deps: Pick<ScanDeps, 'db' | 'bus' | 'log'>, rules: RecoveryRules): Promise<number> {
  const { rows } = await deps.db.query<WorkingScan>(
    `SELECT task_id, file_name, ext, source_key, src_lang,
            published_at IS NULL AND created_at < now() - make_interval(secs => $2::double precision / 1000) AS unpublished,
            published_at < now() - make_interval(secs => $3::double precision / 1000) AS stalled
     FROM term_extractions
     WHERE status = 'working'
       AND ($1 OR coalesce(published_at, created_at) < now() - make_interval(secs => least($2, $3)::double precision / 1000))
     ORDER BY created_at LIMIT 100`,
    [rules.resumeAll, rules.unpublishedAfterMs, rules.stalledAfterMs],
  );
  const queueIdle = queueIdleness(deps.bus);
  let sent = 0;
  for (const scan of rows) {
    const lost = rules.resumeAll || scan.unpublished || (scan.stalled && (await queueIdle(queueOf(BUS.termExtractions))));
    if (lost && (await publishScan(deps, scan, Date.now()))) sent += 1;
  }
  return sent;
}
