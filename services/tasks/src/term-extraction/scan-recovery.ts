/**
 * Scans whose job went missing, sent again from their rows by the recovery sweeper (the same
 * rules as documents, recovery/recovery-rules.ts): a job whose publish failed, one the bus lost
 * (an in-process bus that restarted empty: everything working is resumed at start), or one with
 * no result long after it went out while its queue holds nothing. The results are idempotent, so
 * a job that was only late costs a second extraction, never two lists.
 */
import { BUS, type LanguageCode } from '@mtp/proto';
import { republishLostJobs } from '../recovery/lost-jobs';
import type { RecoveryRules } from '../recovery/recovery-rules';
import { publishScan } from './scan-create';
import type { ScanDeps } from './scan-deps';

type WorkingScan = {
  task_id: string;
  file_name: string;
  ext: string;
  source_key: string;
  src_lang: LanguageCode;
};

export function recoverScans(deps: Pick<ScanDeps, 'db' | 'bus' | 'log'>, rules: RecoveryRules): Promise<number> {
  return republishLostJobs<WorkingScan>(deps, rules, {
    table: 'term_extractions',
    columns: 'task_id, file_name, ext, source_key, src_lang',
    queue: BUS.termExtractions,
    publish: (scan) => publishScan(deps, scan, Date.now()),
  });
}
